import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// The compositor and `ComposedVideoFrames` on 10-bit canvases: every transition
/// is the 8-bit one ×4 (exactly where samples are copied or filled, within 2
/// where they are blended), and a dissolve of 10-bit HLG frames is the rounded
/// blend of the reader's frames (which are ffmpeg's, `TenBitVideoTests`).
final class TenBitCompositionTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    /// The largest |ten − 4 × eight| over every sample, and how many samples differ from ×4 at all.
    private func compare(_ eight: Picture, _ ten: Picture) -> (worst: Int, differing: Int) {
        XCTAssertEqual([eight.width, eight.height, eight.bitDepth, ten.bitDepth], [ten.width, ten.height, 8, 10])
        var worst = 0, differing = 0
        for plane in Picture.Plane.allCases {
            for y in 0..<eight.planeHeight(plane) {
                let a = eight.row(y, of: plane), b = ten.row16(y, of: plane)
                for x in 0..<eight.planeWidth(plane) {
                    let d = abs(Int(b[x]) - 4 * Int(a[x]))
                    worst = max(worst, d)
                    if d != 0 { differing += 1 }
                }
            }
        }
        return (worst, differing)
    }

    func testEveryTransitionAtTenBitsIsTheEightBitOneTimesFour() throws {
        // Pictures with detail: a gradient and blocks, at 8 bits and the same ×4.
        func pictures(depth: Int) -> [Int: Picture] {
            var out: [Int: Picture] = [:]
            for (track, base) in [(1, 30), (2, 150)] {
                let p = Picture(width: 64, height: 32, bitDepth: depth)
                for plane in Picture.Plane.allCases {
                    for y in 0..<p.planeHeight(plane) {
                        for x in 0..<p.planeWidth(plane) {
                            let v = base + (x * 3 + y * 5 + plane.rawValue * 17) % 80
                            if depth == 8 { p.row(y, of: plane)[x] = UInt8(v) } else { p.row16(y, of: plane)[x] = UInt16(4 * v) }
                        }
                    }
                }
                out[track] = p
            }
            return out
        }
        let eightBit = pictures(depth: 8), tenBit = pictures(depth: 10)
        let kinds: [Transition.Kind] = [.dissolve, .wipeLeft, .wipeDown, .pushLeft, .pushUp, .fadeThrough, .diagonalWipe]
        for kind in kinds {
            let clips = [
                VideoTimelineClip(sourceRange: try range("0", "4")),
                VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(kind: kind, duration: time("1"))),
            ]
            let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 64, height: 32),
                                             frameDuration: .milliseconds(40), backgroundColour: try Colour(parsing: "grey"))
            let compositor = VideoCompositor(composition: timeline.videoComposition) { _, _, _ throws(MediaIOError) in
                XCTFail("no layer of a transition resamples")
                return Picture(width: 2, height: 2)
            }
            for seconds in ["2.9", "3.12", "3.48", "3.76", "4.2"] {
                let eight = Picture(width: 64, height: 32), ten = Picture(width: 64, height: 32, bitDepth: 10)
                try compositor.draw(at: time(seconds), pictures: eightBit, into: eight)
                try compositor.draw(at: time(seconds), pictures: tenBit, into: ten)
                let (worst, differing) = compare(eight, ten)
                // Wipes and pushes copy and fill: ×4 exactly. Blends round once at 10 bits.
                let blends = kind == .dissolve || kind == .fadeThrough
                XCTAssertLessThanOrEqual(worst, blends ? 2 : 0, "\(kind) at \(seconds) s")
                if blends && seconds == "3.12" { XCTAssertGreaterThan(differing, 0, "\(kind): 10 bits keep what 8 round away") }
            }
        }
    }

    func testATenBitDissolveIsTheRoundedBlendOfTheTenBitNumbers() throws {
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "4")),
            VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(kind: .dissolve, duration: time("1"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 64, height: 32),
                                         frameDuration: .milliseconds(40))
        let compositor = VideoCompositor(composition: timeline.videoComposition) { _, _, _ throws(MediaIOError) in Picture(width: 2, height: 2) }
        let a = Picture(width: 64, height: 32, bitDepth: 10), b = Picture(width: 64, height: 32, bitDepth: 10)
        a.row16(3, of: .y)[7] = 401
        b.row16(3, of: .y)[7] = 803
        let canvas = Picture(width: 64, height: 32, bitDepth: 10)
        try compositor.draw(at: time("3.5"), pictures: [1: a, 2: b], into: canvas)
        XCTAssertEqual(canvas.sample(.y, x: 7, y: 3), (401 * 128 + 803 * 128 + 128) >> 8)
        XCTAssertEqual(canvas.sample(.y, x: 8, y: 3), 64, "black at 10 bits")
        XCTAssertEqual(canvas.sample(.cb, x: 8, y: 3), 512)
    }

    func testComposedFramesAtTenBitsAreTheEightBitOnesTimesFour() throws {
        let paths = [Fixture.path("clip-a.mp4"), Fixture.path("clip-b.mp4"), Fixture.path("portrait.mp4")]
        var infos: [VideoClipInfo] = []
        for path in paths { infos.append(try VideoClipInfo(path: path)) }
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "2")),
            VideoTimelineClip(sourceRange: try range("0", "2"), transitionIn: try Transition(kind: .dissolve, duration: time("0.5"))),
            VideoTimelineClip(sourceRange: try range("0", "1"), transitionIn: try Transition(kind: .wipeLeft, duration: time("0.5"))),
        ]
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 640, height: 360),
                                         frameDuration: try FrameRate(30).frameDuration)
        let video = ComposedVideo(timeline: timeline, clips: infos, smartRender: nil)
        let eightFrames = ComposedVideoFrames(video: video), tenFrames = ComposedVideoFrames(video: video, bitDepth: 10)
        XCTAssertEqual(tenFrames.bitDepth, 10)
        let eight = Picture(width: 640, height: 360), ten = Picture(width: 640, height: 360, bitDepth: 10)
        // Inside clip a, inside the dissolve, inside the wipe to the portrait clip (fitted: scaled, turned, borders).
        for (seconds, exact) in [("0.5", true), ("1.7", false), ("3.3", false), ("3.8", false)] {
            try eightFrames.draw(at: time(seconds), into: eight)
            try tenFrames.draw(at: time(seconds), into: ten)
            let (worst, _) = compare(eight, ten)
            if exact {
                XCTAssertEqual(worst, 0, "at \(seconds) s a copied 8-bit frame is its samples ×4")
            } else {
                var total = 0
                for y in 0..<360 { for x in 0..<640 { total += abs(ten.sample(.y, x: x, y: y) - 4 * eight.sample(.y, x: x, y: y)) } }
                let mean = Double(total) / Double(640 * 360)
                print("composed at \(seconds) s: mean |10-bit − 4 × 8-bit| luma \(mean), largest \(worst)")
                XCTAssertLessThanOrEqual(mean, 2, "at \(seconds) s")
            }
        }
    }

    func testAnHLGDissolveAtTenBitsBlendsTheDecodedTenBitFrames() throws {
        let path = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let info = try VideoClipInfo(path: path)
        let clips = [
            VideoTimelineClip(sourceRange: try range("0", "0.3")),
            VideoTimelineClip(sourceRange: try range("0", "0.3"), transitionIn: try Transition(kind: .dissolve, duration: time("0.2"))),
        ]
        let frameDuration = try MediaTime(value: 3003, timescale: 90000)
        // Drawn in HLG, the clip's own range: nothing converted.
        let timeline = try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 1920, height: 1080),
                                         frameDuration: frameDuration).drawn(in: .hlg)
        let frames = ComposedVideoFrames(video: ComposedVideo(timeline: timeline, clips: [info, info], smartRender: nil))
        XCTAssertEqual(frames.bitDepth, 10, "an HLG picture's")
        // The reader's frames (ffmpeg's yuv420p10le, sample for sample).
        let reader = try VideoFrameReader(clip: info, bitDepth: 10)
        var decoded: [VideoFrame] = []
        while let frame = try reader.nextFrame() { decoded.append(frame) }
        let at = try MediaTime(value: 3003 * 6, timescale: 90000)
        let canvas = Picture(width: 1920, height: 1080, bitDepth: 10)
        try frames.draw(at: at, into: canvas)
        guard let instruction = timeline.videoComposition.instruction(at: at),
              let outgoing = instruction.layerInstructions.first(where: { $0.trackID == 1 }) else { return XCTFail("no dissolve at \(at)") }
        let weight = 256 - Int((outgoing.opacity(at: at) * 256).rounded())
        XCTAssertTrue((1...255).contains(weight), "inside the dissolve: weight \(weight)")
        // The outgoing clip is at 0.2 s (frame 6), the incoming one at its start (frame 0 … at 0.2 − 0.1 s: frame 3).
        func shown(_ t: MediaTime) -> Picture { decoded.last(where: { $0.time <= t })!.picture }
        let a = shown(at), b = shown(try at - timeline.placements[1].timeRange.start)
        var mismatches = 0, apart = 0
        for plane in Picture.Plane.allCases {
            for y in stride(from: 0, to: a.planeHeight(plane), by: 3) {
                let ra = a.row16(y, of: plane), rb = b.row16(y, of: plane), rc = canvas.row16(y, of: plane)
                for x in 0..<a.planeWidth(plane) {
                    if Int(rc[x]) != (Int(ra[x]) * (256 - weight) + Int(rb[x]) * weight + 128) >> 8 { mismatches += 1 }
                    if abs(Int(ra[x]) - Int(rb[x])) >= 4 { apart += 1 }
                }
            }
        }
        XCTAssertEqual(mismatches, 0)
        XCTAssertGreaterThan(apart, 1000, "the two frames blended differ")
    }
}
