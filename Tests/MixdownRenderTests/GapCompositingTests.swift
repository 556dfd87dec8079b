import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownRender
import MixdownTime
import MixdownUnits
import XCTest

/// A gap in a `VideoTimeline` is a layer of the background colour: every
/// transition between a clip and a gap draws, sample for sample, what the same
/// transition between the clip and a clip of the background colour draws.
final class GapCompositingTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private let size: PixelSize = {
        do { return try PixelSize(width: 64, height: 32) } catch { preconditionFailure("\(error)") }
    }()
    private let background = Colour(red: 0x30, green: 0xA0, blue: 0x50)

    /// A 4 s clip, then a 2 s gap (or, for the reference, a 2 s clip) entered by
    /// a 1 s `kind`; with `gapFirst` the gap comes first and the clip is entered from it.
    private func timeline(_ kind: Transition.Kind, gap: Bool, gapFirst: Bool = false) throws -> VideoTimeline {
        let transition = try Transition(kind: kind, duration: time("1"))
        let second = try MediaTimeRange(start: .zero, duration: time("2"))
        let clip = VideoTimelineClip(sourceRange: try MediaTimeRange(start: .zero, duration: time("4")))
        let other = gap ? try VideoTimelineClip(gapLasting: time("2")) : VideoTimelineClip(sourceRange: second)
        var clips = gapFirst ? [other, clip] : [clip, other]
        clips[1].transitionIn = transition
        return try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: size, frameDuration: .milliseconds(40),
                                 backgroundColour: background)
    }

    private func draw(_ timeline: VideoTimeline, at seconds: String, pictures: [Int: Picture]) throws -> Picture {
        let compositor = VideoCompositor(composition: timeline.videoComposition) { _, _, _ throws(MediaIOError) in
            XCTFail("no layer of a transition resamples")
            return Picture(width: 2, height: 2)
        }
        let canvas = Picture(width: 64, height: 32)
        try compositor.draw(at: time(seconds), pictures: pictures, into: canvas)
        return canvas
    }

    func testAGapIsLaidOutWithoutAPlacementAndDrawsTheBackground() throws {
        let timeline = try VideoTimeline(clips: [try VideoTimelineClip(gapLasting: time("1")),
                                                 VideoTimelineClip(sourceRange: try MediaTimeRange(start: .zero, duration: time("2"))),
                                                 try VideoTimelineClip(gapLasting: time("0.5")),
                                                 VideoTimelineClip(sourceRange: try MediaTimeRange(start: time("1"), duration: time("1")))],
                                         trackIDs: (1, 2), renderSize: size, frameDuration: .milliseconds(40))
        XCTAssertEqual(timeline.duration, time("4.5"))
        XCTAssertEqual(timeline.placements.map(\.index), [0, 1], "the scans' indices")
        XCTAssertEqual(timeline.placements.map(\.entryIndex), [1, 3], "the list's")
        XCTAssertEqual(timeline.placements.map(\.timeRange.start), [time("1"), time("3.5")])
        XCTAssertEqual(timeline.gaps.map(\.index), [0, 2])
        XCTAssertEqual(timeline.gaps.map(\.timeRange), [try MediaTimeRange(start: .zero, end: time("1")),
                                                         try MediaTimeRange(start: time("3"), end: time("3.5"))])
        try timeline.videoComposition.validate(duration: timeline.duration, trackIDs: [1, 2])
        XCTAssertEqual(timeline.videoComposition.instructions.map(\.layerInstructions.count), [0, 1, 0, 1])
        XCTAssertThrowsError(try VideoTimeline(clips: [try VideoTimelineClip(gapLasting: .zero)], trackIDs: (1, 2), renderSize: size,
                                               frameDuration: .milliseconds(40))) {
            XCTAssertTrue("\($0)".contains("clip 0 is a gap of no length"), "\($0)")
        }
    }

    func testEveryTransitionIntoAndOutOfAGapDrawsTheBackgroundAsALayer() throws {
        let clip = Picture(width: 64, height: 32, colour: YCbCr(y: 200, cb: 90, cr: 170))
        let fill = Picture(width: 64, height: 32, colour: YCbCr(y: 0, cb: 0, cr: 0))
        let compositor = VideoCompositor(composition: try timeline(.dissolve, gap: true).videoComposition) { _, _, _ throws(MediaIOError) in fill }
        fill.fill(try compositor.background(background, bitDepth: 8))
        for kind in Transition.Kind.allCases {
            for gapFirst in [false, true] {
                let withGap = try timeline(kind, gap: true, gapFirst: gapFirst)
                let reference = try timeline(kind, gap: false, gapFirst: gapFirst)
                XCTAssertEqual(withGap.duration, reference.duration)
                // The clip is on track 1 when first, 2 when second; the background clip on the other.
                let clipTrack = gapFirst ? 2 : 1, fillTrack = gapFirst ? 1 : 2
                let start = gapFirst ? 1.0 : 3.0
                for step in 0...5 {
                    let seconds = String(start + 0.2 * Double(step))
                    let drawn = try draw(withGap, at: seconds, pictures: [clipTrack: clip])
                    let expected = try draw(reference, at: seconds, pictures: [clipTrack: clip, fillTrack: fill])
                    var worst = 0
                    for plane in Picture.Plane.allCases {
                        for y in 0..<drawn.planeHeight(plane) {
                            for x in 0..<drawn.planeWidth(plane) {
                                worst = max(worst, abs(Int(drawn.row(y, of: plane)[x]) - Int(expected.row(y, of: plane)[x])))
                            }
                        }
                    }
                    // A blend's weight is rounded to 256ths from either side: at most 1 apart.
                    XCTAssertLessThanOrEqual(worst, 1, "\(kind.rawValue) \(gapFirst ? "out of" : "into") a gap at \(seconds) s")
                }
            }
        }
    }
}
