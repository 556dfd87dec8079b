import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// An image decoded by `OverlayImageSource`, converted by `OverlayConverter` and
/// drawn by `Picture.draw(_:at:opacity:)`, against ffmpeg's `overlay` filter of
/// the same PNG over the same frame: PSNR over the overlay's area, and every
/// sample outside it untouched.
final class OverlayCompositingTests: XCTestCase {
    private static let width = 160, height = 120

    private struct Scene {
        let folder: TemporaryFolder
        let background: String
        let image: String
        let frame: [UInt8]
        let source: OverlayImageSource
    }

    /// A frame of ffmpeg's `testsrc2` and a 37×23 PNG whose alpha rises from 0 at
    /// its border to opaque over 6 pixels, in colours that change across it.
    private func scene() throws -> Scene {
        let folder = try TemporaryFolder()
        let background = folder.file("frame.yuv"), image = folder.file("badge.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=s=\(Self.width)x\(Self.height)",
                                    "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", background])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                                    "color=s=37x23,format=rgba,geq=r='255-X*7':g='Y*11':b='X*7'"
                                        + ":a='255*min(1,min(min(X,Y),min(W-1-X,H-1-Y))/6)'",
                                    "-frames:v", "1", image])
        let frame = [UInt8](try Data(contentsOf: URL(fileURLWithPath: background)))
        XCTAssertEqual(frame.count, Self.width * Self.height * 3 / 2)
        return Scene(folder: folder, background: background, image: image, frame: frame, source: try OverlayImageSource(path: image))
    }

    /// ffmpeg's composite: the PNG (at half alpha when asked, in `matrix`) over
    /// the frame. The overlay filter puts images only at even positions in
    /// 4:2:0, so an odd position is an even one with a transparent column or
    /// row added before the image: the same picture at the same place.
    private func reference(_ scene: Scene, x: Int, y: Int, halfOpacity: Bool, matrix: YCbCrMatrix) throws -> [UInt8] {
        let padX = x & 1, padY = y & 1
        var chain = "[1:v]format=rgba"
        if halfOpacity { chain += ",colorchannelmixer=aa=0.5" }
        chain += ",pad=w=iw+\(padX):h=ih+\(padY):x=\(padX):y=\(padY):color=black@0"
        chain += ",scale=out_color_matrix=\(matrix == .bt709 ? "bt709" : "bt601"):out_range=tv,format=yuva420p[o]"
        chain += ";[0:v][o]overlay=x=\(x - padX):y=\(y - padY):format=yuv420"
        return [UInt8](try Tool.run("ffmpeg", [
            "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(Self.width)x\(Self.height)",
            "-i", scene.background, "-i", scene.image, "-filter_complex", chain, "-frames:v", "1",
            "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
        ]))
    }

    /// PSNR over the samples (all three planes) an image of `w × h` at (`x`, `y`)
    /// touches, and the largest difference anywhere else.
    private func compare(_ ours: [UInt8], _ theirs: [UInt8], x: Int, y: Int, w: Int, h: Int) -> (psnr: Double, outside: Int, inside: Int) {
        var squares = 0.0, count = 0, outside = 0
        var offset = 0
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let pw = Self.width >> shift, ph = Self.height >> shift
            // The overlay's samples in this plane: whole chroma samples it touches.
            let left = x >> shift, top = y >> shift
            let right = (x + w + shift) >> shift, bottom = (y + h + shift) >> shift
            for r in 0..<ph {
                for c in 0..<pw {
                    let d = Int(ours[offset + r * pw + c]) - Int(theirs[offset + r * pw + c])
                    if (left..<right).contains(c) && (top..<bottom).contains(r) {
                        squares += Double(d * d)
                        count += 1
                    } else {
                        outside = max(outside, abs(d))
                    }
                }
            }
            offset += pw * ph
        }
        let mse = squares / Double(max(1, count))
        return (mse == 0 ? 99 : 10 * log10(255 * 255 / mse), outside, count)
    }

    private func check(x: Int, y: Int, halfOpacity: Bool = false, matrix: YCbCrMatrix = .bt601,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try scene()
        let image = try scene.source.image(at: .zero, width: scene.source.width, height: scene.source.height)
        let overlay = try OverlayConverter().convert(image, phase: (x & 1, y & 1), matrix: matrix)
        let picture = Picture(width: Self.width, height: Self.height, packed: scene.frame[...])
        picture.draw(overlay, at: (x, y), opacity: halfOpacity ? 128 : 256)
        let theirs = try reference(scene, x: x, y: y, halfOpacity: halfOpacity, matrix: matrix)
        let result = compare(picture.packedBytes, theirs, x: x, y: y, w: image.width, h: image.height)
        let label = "at (\(x), \(y)), \(halfOpacity ? "half" : "full") opacity, \(matrix)"
                XCTAssertGreaterThanOrEqual(result.psnr, 35, label, file: file, line: line)
        XCTAssertEqual(result.outside, 0, "outside the overlay, \(label)", file: file, line: line)
        // The comparison tells the matrices apart: the other one is clearly further from ffmpeg's.
        let other: YCbCrMatrix = matrix == .bt709 ? .bt601 : .bt709
        let wrong = Picture(width: Self.width, height: Self.height, packed: scene.frame[...])
        wrong.draw(try OverlayConverter().convert(image, phase: (x & 1, y & 1), matrix: other), at: (x, y), opacity: halfOpacity ? 128 : 256)
        let wrongPSNR = compare(wrong.packedBytes, theirs, x: x, y: y, w: image.width, h: image.height).psnr
        XCTAssertGreaterThan(result.psnr - wrongPSNR, halfOpacity ? 3 : 6, "\(label): \(other) gives \(wrongPSNR) dB", file: file, line: line)
        print("overlay \(label): PSNR \(String(format: "%.2f", result.psnr)) dB over \(result.inside) samples, \(other) \(String(format: "%.2f", wrongPSNR)) dB")
        // The overlay did something: the area differs from the frame it was drawn on.
        XCTAssertLessThan(compare(picture.packedBytes, scene.frame, x: x, y: y, w: image.width, h: image.height).psnr, 30,
                          "the overlay changed its area, \(label)", file: file, line: line)
    }

    func testAnImageAtOddCoordinatesMatchesFFmpegsOverlayFilter() throws {
        try check(x: 13, y: 7)
        try check(x: 12, y: 8)
        try check(x: 13, y: 8, matrix: .bt709)
    }

    func testHalfOpacityMatchesFFmpegsOverlayOfTheImageAtHalfAlpha() throws {
        try check(x: 13, y: 7, halfOpacity: true)
        try check(x: 50, y: 41, halfOpacity: true, matrix: .bt709)
    }

    func testAConverterConvertsAStillImageOncePerParityAndMatrix() throws {
        let scene = try scene()
        let image = try scene.source.image(at: .zero, width: scene.source.width, height: scene.source.height)
        let converter = OverlayConverter()
        let first = try converter.overlay(for: image, at: (13, 7), matrix: .bt709)
        XCTAssertEqual([first.phase.x, first.phase.y], [1, 1])
        XCTAssertTrue(try converter.overlay(for: image, at: (-5, 101), matrix: .bt709) === first)
        let even = try converter.overlay(for: image, at: (14, 7), matrix: .bt709)
        XCTAssertFalse(even === first)
        XCTAssertEqual([even.phase.x, even.phase.y], [0, 1])
        XCTAssertFalse(try converter.overlay(for: image, at: (14, 7), matrix: .bt601) === even)
        // The same image a loop later (a still) is the same object, so nothing is converted again.
        let later = try scene.source.image(at: .milliseconds(90_000), width: image.width, height: image.height)
        XCTAssertTrue(try converter.overlay(for: later, at: (14, 7), matrix: .bt601) === converter.overlay(for: image, at: (14, 7), matrix: .bt601))
    }

    func testAnImageHangingOffEveryEdgeIsClippedToThePicture() throws {
        try check(x: -11, y: -5)
        try check(x: 140, y: 109)
        try check(x: -20, y: 100, matrix: .bt709)
    }
}
