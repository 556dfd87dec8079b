import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// `VideoTimeline.excerpt(_:)`: a range of a composed timeline as a timeline of
/// its own, which draws every frame as the full one draws it that much later.
final class VideoTimelineExcerptTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    /// Three clips: a faded in over its first 2 s, a dissolve into b, a diagonal wipe into c.
    private func timeline() throws -> VideoTimeline {
        var first = VideoTimelineClip(sourceRange: try range("0", "10"))
        first.opacityRamps = [LayerRamp(from: 0, to: 1, timeRange: try range("0", "2"))]
        let clips = [
            first,
            VideoTimelineClip(sourceRange: try range("2", "8"), transitionIn: try Transition(parsing: "dissolve:1")),
            VideoTimelineClip(sourceRange: try range("0", "4"), transitionIn: try Transition(parsing: "diagonal-wipe:1")),
        ]
        return try VideoTimeline(clips: clips, trackIDs: (1, 2), renderSize: try PixelSize(width: 1280, height: 720),
                                 frameDuration: .milliseconds(40))
    }

    func testClipsAreCutAndMovedWithTheirSources() throws {
        let full = try timeline()
        let excerpt = try full.excerpt(try range("1", "14.5"))
        XCTAssertEqual(excerpt.duration, time("13.5"))
        XCTAssertEqual(excerpt.placements.map(\.index), [0, 1, 2])
        XCTAssertEqual(excerpt.placements.map(\.trackID), [1, 2, 1])
        XCTAssertEqual(excerpt.placements.map(\.timeRange), [try range("0", "9"), try range("8", "13.5"), try range("13", "13.5")])
        XCTAssertEqual(excerpt.placements.map(\.sourceRange), [try range("1", "10"), try range("2", "7.5"), try range("0", "0.5")])
        // Transitions keep their whole length (and so their clamps), moved.
        XCTAssertEqual(excerpt.transitions.map(\.timeRange), [try range("8", "9"), try range("13", "14")])
        XCTAssertTrue(excerpt.clamps.isEmpty)
        XCTAssertNoThrow(try excerpt.videoComposition.validate(duration: excerpt.duration, trackIDs: [1, 2]))
        // A range that ends before a clip starts leaves it out.
        XCTAssertEqual(try full.excerpt(try range("0", "5")).placements.map(\.index), [0])
    }

    func testEveryFrameIsDrawnAsTheFullTimelineDrawsItLater() throws {
        let full = try timeline()
        let start = time("1")
        let excerpt = try full.excerpt(try range("1", "14.5"))
        for tenths in 0..<135 {
            let at = try MediaTime(value: Int64(tenths), timescale: 10)
            let there = try at + start
            let cut = try XCTUnwrap(excerpt.videoComposition.instruction(at: at)), whole = try XCTUnwrap(full.videoComposition.instruction(at: there))
            XCTAssertEqual(cut.layerInstructions.map(\.trackID), whole.layerInstructions.map(\.trackID), "\(at.readable)")
            for (a, b) in zip(cut.layerInstructions, whole.layerInstructions) {
                XCTAssertEqual(a.opacity(at: at), b.opacity(at: there), accuracy: 1e-12, "opacity at \(at.readable)")
                XCTAssertEqual(a.transform(at: at), b.transform(at: there))
                XCTAssertEqual(a.cropRectangle(at: at), b.cropRectangle(at: there))
            }
            // The diagonal wipe's progress runs over its whole transition, wherever the cut falls.
            XCTAssertEqual(cut.customTransition?.timeRange, try whole.customTransition?.timeRange.shifted(by: try .zero - start))
        }
        // Half way into the fade-in: the ramp began before the range, and goes on.
        XCTAssertEqual(try XCTUnwrap(excerpt.videoComposition.instruction(at: .zero)).layerInstructions[0].opacity(at: .zero), 0.5, accuracy: 1e-12)
    }

    func testAWipeCutInHalfKeepsItsProgress() throws {
        let full = try timeline()
        // The wipe runs 14-15 s: an excerpt from 14.5 s starts half way through it.
        let excerpt = try full.excerpt(try range("14.5", "18"))
        let wipe = try XCTUnwrap(excerpt.videoComposition.instructions.first)
        XCTAssertEqual(wipe.timeRange, try range("0", "0.5"))
        XCTAssertEqual(wipe.customTransition?.timeRange, try MediaTimeRange(start: try MediaTime(value: -1, timescale: 2), duration: time("1")))
    }

    func testARangeOffTheTimelineIsRefused() throws {
        XCTAssertThrowsError(try timeline().excerpt(try range("20", "21"))) { error in
            XCTAssertTrue("\(error)".contains("outside the timeline"), "\(error)")
        }
    }
}
