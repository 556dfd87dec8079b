import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownRender
import MixdownTime
import MixdownUnits
import XCTest

/// The compositor on synthetic pictures: every transition's frame against the
/// value each sample must have.
final class VideoCompositorTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    /// Two 4-second clips at 64×32 with a 1 s `kind` transition (on 40 ms frames).
    private func compositor(_ kind: Transition.Kind, background: Colour = .black) throws -> VideoCompositor {
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "4")),
            VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(kind: kind, duration: time("1"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 64, height: 32),
                                         frameDuration: .milliseconds(40), backgroundColour: background)
        return VideoCompositor(composition: timeline.videoComposition) { _, _, _ throws(MediaIOError) in
            XCTFail("no layer of a transition resamples")
            return Picture(width: 2, height: 2)
        }
    }

    private func picture(luma: UInt8, cb: UInt8 = 128) -> Picture {
        Picture(width: 64, height: 32, colour: YCbCr(y: luma, cb: cb, cr: 128))
    }

    private func draw(_ compositor: VideoCompositor, at seconds: String) throws -> Picture {
        let canvas = Picture(width: 64, height: 32)
        try compositor.draw(at: time(seconds), pictures: [1: picture(luma: 40, cb: 100), 2: picture(luma: 200, cb: 160)], into: canvas)
        return canvas
    }

    func testDissolveBlendsByTheRampAtEachFrame() throws {
        let compositor = try compositor(.dissolve)
        XCTAssertEqual(try draw(compositor, at: "2.9")[.y, 10, 10], 40, "before the transition: the outgoing clip")
        // At 3.5 s the outgoing opacity is 0.5: (40·128 + 200·128 + 128) >> 8 = 120.
        let middle = try draw(compositor, at: "3.5")
        XCTAssertEqual(middle[.y, 0, 0], 120)
        XCTAssertEqual(middle[.cb, 63, 31], 130)
        // At 3.25 s, 0.75 of the outgoing: weight 64 of the incoming.
        let expected: Int = (200 * 64 + 40 * 192 + 128) >> 8
        XCTAssertEqual(Int(try draw(compositor, at: "3.25")[.y, 5, 5]), expected)
        XCTAssertEqual(try draw(compositor, at: "4")[.y, 10, 10], 200, "after: the incoming clip")
    }

    func testWipesAndPushesMoveTheEdgeBySpans() throws {
        let wipe = try draw(try compositor(.wipeLeft), at: "3.5")
        XCTAssertEqual((0..<64).map { wipe[.y, $0, 7] }, Array(repeating: 40, count: 32) + Array(repeating: 200, count: 32))
        let down = try draw(try compositor(.wipeDown), at: "3.25")
        XCTAssertEqual((0..<32).map { down[.y, 3, $0] }, Array(repeating: 200, count: 8) + Array(repeating: 40, count: 24))
        // Push left a quarter of the way: the outgoing clip moved 16 px left, the incoming one enters on the right.
        let push = try draw(try compositor(.pushLeft), at: "3.25")
        XCTAssertEqual((0..<64).map { push[.y, $0, 0] }, Array(repeating: 40, count: 48) + Array(repeating: 200, count: 16))
        let up = try draw(try compositor(.pushUp), at: "3.5")
        XCTAssertEqual((0..<32).map { up[.y, 0, $0] }, Array(repeating: 40, count: 16) + Array(repeating: 200, count: 16))
    }

    func testFadeThroughReachesTheBackgroundAndDiagonalWipeSweeps() throws {
        let grey = try Colour(parsing: "grey")
        let fade = try draw(try compositor(.fadeThrough, background: grey), at: "3.48")
        XCTAssertEqual(fade[.y, 20, 20], grey.videoRangeYCbCr(.bt601).y, "the middle frame (12 of 25) is the background")
        let diagonal = try draw(try compositor(.diagonalWipe), at: "3.5")
        XCTAssertEqual(diagonal[.y, 0, 0], 200, "the incoming clip shows from the top-left")
        XCTAssertEqual(diagonal[.y, 62, 30], 40, "the outgoing clip still at the bottom-right")
        XCTAssertEqual(diagonal[.y, 30, 0], 200)
        XCTAssertEqual(diagonal[.y, 34, 30], 40)
    }

    func testOpacityRampOverTheBackgroundFadesFromBlack() throws {
        var clip = VideoTimelineClip(sourceRange: try range("0", "4"))
        clip.opacityRamps = [LayerRamp(from: 0, to: 1, timeRange: try range("0", "1"))]
        let timeline = try VideoTimeline(clips: [clip], trackIDs: (1, 2), renderSize: try PixelSize(width: 64, height: 32),
                                         frameDuration: .milliseconds(40))
        let compositor = VideoCompositor(composition: timeline.videoComposition) { _, _, _ throws(MediaIOError) in Picture(width: 2, height: 2) }
        let canvas = Picture(width: 64, height: 32)
        try compositor.draw(at: .zero, pictures: [1: picture(luma: 200)], into: canvas)
        XCTAssertEqual(canvas[.y, 1, 1], 16)
        try compositor.draw(at: time("0.5"), pictures: [1: picture(luma: 200)], into: canvas)
        XCTAssertEqual(canvas[.y, 1, 1], 108, "(16·128 + 200·128 + 128) >> 8")
    }

    /// A layer turned and scaled: the cropped part is turned, resampled to the
    /// scaled size (here by a nearest-sample scaler) and placed at the move.
    func testATurnedScaledLayerLandsWhereItsTransformPutsIt() throws {
        var layer = VideoCompositionLayerInstruction(trackID: 1)
        layer.setTransform(LayerTransform(quarterTurns: 1, scaleX: 0.5, scaleY: 0.5, translateX: 20, translateY: 4), at: .zero)
        let composition = VideoComposition(renderSize: try PixelSize(width: 64, height: 32), frameDuration: .milliseconds(40), instructions: [
            VideoCompositionInstruction(timeRange: try range("0", "1"), layerInstructions: [layer]),
        ])
        var sizes: [String] = []
        let compositor = VideoCompositor(composition: composition) { picture, width, height throws(MediaIOError) in
            sizes.append("\(picture.width)x\(picture.height)→\(width)x\(height)")
            let out = Picture(width: width, height: height)
            for plane in Picture.Plane.allCases {
                for y in 0..<out.planeHeight(plane) {
                    for x in 0..<out.planeWidth(plane) {
                        out.row(y, of: plane)[x] = picture.row(y * picture.planeHeight(plane) / out.planeHeight(plane), of: plane)[x * picture.planeWidth(plane) / out.planeWidth(plane)]
                    }
                }
            }
            return out
        }
        // Left half dark, right half bright: turned clockwise, the dark half is on top.
        let source = Picture(width: 64, height: 32, colour: YCbCr(y: 50, cb: 128, cr: 128))
        source.fill(YCbCr(y: 200, cb: 128, cr: 128), in: PixelRect(x: 32, y: 0, width: 32, height: 32))
        let canvas = Picture(width: 64, height: 32)
        try compositor.draw(at: .zero, pictures: [1: source], into: canvas)
        XCTAssertEqual(sizes, ["32x64→16x32"])
        // 16×32 at (20, 4), cut at the bottom edge: rows 4–19 dark, 20–31 bright, black around.
        XCTAssertEqual(canvas[.y, 19, 10], 16)
        XCTAssertEqual(canvas[.y, 20, 3], 16)
        XCTAssertEqual(canvas[.y, 20, 4], 50)
        XCTAssertEqual(canvas[.y, 35, 19], 50)
        XCTAssertEqual(canvas[.y, 35, 20], 200)
        XCTAssertEqual(canvas[.y, 36, 31], 16)
    }

    /// In an HLG or PQ composition the background colour is placed as an SDR
    /// clip's pixel of that colour is (PictureColourConverter on a flat BT.709
    /// picture): white at BT.2408's reference white (HLG 721, PQ 573), black
    /// 64/512/512 exactly. SDR keeps its codes (×4 on a 10-bit canvas).
    func testAnHDRBackgroundIsPlacedAsAnSDRClipsPixelOfItsColour() throws {
        let size = try PixelSize(width: 64, height: 32)
        let white = Colour(red: 255, green: 255, blue: 255), red = Colour(red: 255, green: 0, blue: 0)
        func filled(_ colour: Colour, _ range: DynamicRange, bitDepth: Int) throws -> [Int] {
            var composition = VideoComposition(renderSize: size, frameDuration: .milliseconds(40), backgroundColour: colour)
            composition.dynamicRange = range
            let compositor = VideoCompositor(composition: composition) { _, _, _ throws(MediaIOError) in Picture(width: 2, height: 2) }
            let canvas = Picture(width: 64, height: 32, bitDepth: bitDepth)
            try compositor.draw(at: time("0.5"), pictures: [:], into: canvas)
            return [canvas.sample(.y, x: 9, y: 9), canvas.sample(.cb, x: 9, y: 9), canvas.sample(.cr, x: 9, y: 9)]
        }
        for (range, reference) in [(DynamicRange.hlg, 721), (.pq, 573)] {
            let placed = try filled(white, range, bitDepth: 10)
            XCTAssertEqual(Double(placed[0]), Double(reference), accuracy: 1, "\(range) white")
            XCTAssertEqual(Double(placed[1]), 512, accuracy: 1)
            XCTAssertEqual(Double(placed[2]), 512, accuracy: 1)
            XCTAssertEqual(try filled(.black, range, bitDepth: 10), [64, 512, 512])
            var composition = VideoComposition(renderSize: size, frameDuration: .milliseconds(40))
            composition.dynamicRange = range
            let sdr = red.videoRangeYCbCr(.bt709)
            let converter = try PictureColourConverter(from: VideoColourDescription(bitDepth: 8, range: "tv", primaries: "bt709", transfer: "bt709",
                                                                                    matrix: "bt709"),
                                                       to: composition.outputColour, width: 8, height: 8, path: "red")
            let clip = try converter.convert(Picture(width: 8, height: 8, colour: YCbCr(y: sdr.y, cb: sdr.cb, cr: sdr.cr)))
            let expected = [clip.sample(.y, x: 3, y: 3), clip.sample(.cb, x: 3, y: 3), clip.sample(.cr, x: 3, y: 3)]
            let got = try filled(red, range, bitDepth: 10)
            for plane in 0..<3 { XCTAssertEqual(Double(got[plane]), Double(expected[plane]), accuracy: 2, "\(range) red, plane \(plane)") }
        }
        XCTAssertEqual(try filled(white, .sdr, bitDepth: 8), [235, 128, 128])
        XCTAssertEqual(try filled(white, .sdr, bitDepth: 10), [940, 512, 512], "an SDR composition at 10 bits: its codes ×4")
    }
}
