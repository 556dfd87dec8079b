import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// `Picture.writePNG(to:)`: decoded by ffmpeg, the PNG holds the BT.709 RGB of the
/// picture; the file appears whole or not at all.
final class PicturePNGTests: XCTestCase {
    /// The PNG at `path` as ffmpeg decodes it: packed RGB24.
    private func decodePNG(_ path: String) throws -> [UInt8] {
        [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// BT.709 video range to full-range RGB, by the matrix, rounded and clipped.
    private func rgb(_ c: YCbCr) -> [Int] {
        let y = 255.0 / 219.0 * (Double(c.y) - 16), cb = 255.0 / 224.0 * (Double(c.cb) - 128), cr = 255.0 / 224.0 * (Double(c.cr) - 128)
        let (kr, kb) = (0.2126, 0.0722)
        let r = y + 2 * (1 - kr) * cr
        let b = y + 2 * (1 - kb) * cb
        let g = (y - kr * r - kb * b) / (1 - kr - kb)
        return [r, g, b].map { max(0, min(255, Int(($0).rounded()))) }
    }

    func testAPNGHoldsTheBT709ColoursOfThePicture() throws {
        // Blocks of 16×16 in 24 colours, video range extremes included.
        let colours = [YCbCr.black, YCbCr(y: 235, cb: 128, cr: 128), YCbCr(y: 63, cb: 102, cr: 240), YCbCr(y: 173, cb: 42, cr: 26),
                       YCbCr(y: 32, cb: 240, cr: 118), YCbCr(y: 126, cb: 128, cr: 128), YCbCr(y: 81, cb: 90, cr: 240),
                       YCbCr(y: 145, cb: 54, cr: 34), YCbCr(y: 41, cb: 240, cr: 110), YCbCr(y: 16, cb: 16, cr: 16),
                       YCbCr(y: 235, cb: 240, cr: 240), YCbCr(y: 100, cb: 150, cr: 90)]
        let picture = Picture(width: 96, height: 32)
        for (i, colour) in colours.enumerated() {
            picture.fill(colour, in: PixelRect(x: (i % 6) * 16, y: (i / 6) * 16, width: 16, height: 16))
        }
        let folder = try TemporaryFolder()
        let path = folder.file("blocks.png")
        try picture.writePNG(to: path)
        XCTAssertEqual(try folder.contents(), ["blocks.png"])
        let decoded = try decodePNG(path)
        XCTAssertEqual(decoded.count, 96 * 32 * 3)
        var largest = 0
        // Inside each block, away from where chroma is interpolated across its edges.
        for (i, colour) in colours.enumerated() {
            let expected = rgb(colour)
            for y in (i / 6) * 16 + 3..<(i / 6) * 16 + 13 {
                for x in (i % 6) * 16 + 3..<(i % 6) * 16 + 13 {
                    for c in 0..<3 { largest = max(largest, abs(Int(decoded[(y * 96 + x) * 3 + c]) - expected[c])) }
                }
            }
        }
        XCTAssertLessThanOrEqual(largest, 2, "largest difference per channel")
        print("PicturePNGTests: largest difference from BT.709 RGB inside the blocks: \(largest)")
    }

    func testAFramesPNGIsFFmpegsOwnBT709Conversion() throws {
        let source = Fixture.path("clip-a.mp4")
        let frame = try XCTUnwrap(try VideoFrameReader(path: source).nextFrame())
        let folder = try TemporaryFolder()
        let path = folder.file("frame.png")
        try frame.picture.writePNG(to: path)
        let ours = try decodePNG(path)
        let theirs = [UInt8](try Tool.run("ffmpeg", [
            "-v", "error", "-nostdin", "-i", source, "-frames:v", "1",
            "-vf", "scale=in_color_matrix=bt709:in_range=tv:out_range=pc:flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp",
            "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        XCTAssertEqual(ours.count, 640 * 360 * 3)
        let difference = maximumDifference(ours, theirs)
        XCTAssertLessThanOrEqual(difference, 2)
        print("PicturePNGTests: largest difference from ffmpeg's conversion of the frame: \(difference)")
    }

    func testAFailedWriteLeavesNothingAndAnExistingFileIsReplacedWhole() throws {
        let folder = try TemporaryFolder()
        let picture = Picture(width: 8, height: 8, colour: YCbCr(y: 235, cb: 128, cr: 128))
        XCTAssertThrowsError(try picture.writePNG(to: folder.file("missing/frame.png"))) { error in
            guard case .cannotCreateOutput(let path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, folder.file("missing/frame.png"))
        }
        XCTAssertThrowsError(try picture.writePNG(to: folder.path)) { error in
            guard case .cannotCreateOutput? = error as? MediaIOError else { return XCTFail("\(error)") }
        }
        let path = folder.file("frame.png")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try picture.writePNG(to: path)
        XCTAssertEqual(try folder.contents(), ["frame.png"])
        XCTAssertEqual(try decodePNG(path), [UInt8](repeating: 255, count: 8 * 8 * 3))
    }
}
