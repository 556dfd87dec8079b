import MixdownComposition
import MixdownTime
import XCTest

/// Tracks of segments: placement rules, refusals, excerpts.
final class CompositionTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    private func asset(_ path: String = "a.wav", length: String = "10") throws -> Asset {
        try Asset(path: path, duration: time(length))
    }

    func testSegmentsKeepTimelineOrderAndMapSourceToTimeline() throws {
        var track = CompositionTrack()
        try track.insert(try range("2", "4"), of: try asset("b.wav"), at: time("5"))
        try track.insert(try range("0", "3"), of: try asset("a.wav"), at: time("0"))
        let segments = track.segments
        XCTAssertEqual(segments.map(\.asset.path), ["a.wav", "b.wav"])
        XCTAssertEqual(segments[1].timelineRange, try range("5", "7"))
        XCTAssertEqual(segments[1].sourceRange, try range("2", "4"))
        XCTAssertEqual(track.end, time("7"))
    }

    func testOverlapsAreRefusedButTouchingIsNot() throws {
        var track = CompositionTrack()
        try track.insert(try range("0", "3"), of: try asset(), at: time("1"))
        XCTAssertThrowsError(try track.insert(try range("0", "1"), of: try asset("b.wav"), at: time("3.5"))) { error in
            XCTAssertEqual(error as? CompositionError, .overlappingSegments(
                existing: "a.wav", existingRange: try! self.range("1", "4"), new: "b.wav", newRange: try! self.range("3.5", "4.5")))
            XCTAssertEqual("\(error)", "b.wav at [3.5s, 4.5s) overlaps a.wav at [1s, 4s) on the same track")
        }
        // Times in messages are seconds rounded to the microsecond, never raw fractions (issue 12, F9).
        let frame = try MediaTime(value: 1001, timescale: 30_000)
        XCTAssertThrowsError(try track.insert(MediaTimeRange(start: .zero, duration: frame), of: try asset("c.wav"), at: time("3.99"))) { error in
            XCTAssertEqual("\(error)", "c.wav at [3.99s, 4.023367s) overlaps a.wav at [1s, 4s) on the same track")
        }
        XCTAssertNoThrow(try track.insert(try range("0", "1"), of: try asset("b.wav"), at: time("4")))
        // Another track is another timeline.
        var other = CompositionTrack()
        XCTAssertNoThrow(try other.insert(try range("0", "3"), of: try asset(), at: time("1")))
    }

    func testRangesOutsideTheAssetAndNegativeTimesAreRefused() throws {
        var track = CompositionTrack()
        XCTAssertThrowsError(try track.insert(try range("8", "11"), of: try asset(length: "10"), at: .zero)) { error in
            XCTAssertEqual(error as? CompositionError, .rangeOutsideAsset(path: "a.wav", range: try! self.range("8", "11"), duration: self.time("10")))
        }
        XCTAssertThrowsError(try track.insert(try range("0", "1"), of: try asset(), at: try MediaTime(value: -1, timescale: 1000))) { error in
            XCTAssertEqual(error as? CompositionError, .negativeTime(try! MediaTime(value: -1, timescale: 1000)))
        }
        XCTAssertThrowsError(try Asset(path: "x.wav", duration: MediaTime(value: -1, timescale: 1))) { error in
            XCTAssertEqual(error as? CompositionError, .negativeTime(try! MediaTime(value: -1, timescale: 1)))
        }
        XCTAssertEqual(track.segments, [])
    }

    /// Insertion finds its place by binary search and checks only the segments
    /// beside it; an empty segment (which overlaps nothing) may sit inside
    /// another and must not hide a clash with it.
    func testOverlapsAreFoundBesideTheInsertionPointPastEmptySegments() throws {
        var track = CompositionTrack()
        for (start, end, at) in [("0", "2", "6"), ("0", "2", "0"), ("0", "2", "3"), ("0", "0", "4"), ("0", "0", "8")] {
            try track.insert(try range(start, end), of: try asset(), at: time(at))
        }
        let starts = track.segments.map(\.timelineRange.start)
        XCTAssertEqual(starts, ["0", "3", "4", "6", "8"].map(time), "timeline order, whatever the insertion order")
        // [4.5, 5.5) follows the empty [4, 4) but clashes with [3, 5) before it; [7.5, 8.5) clashes with [6, 8).
        for at in ["4.5", "7.5", "2.5", "1"] {
            XCTAssertThrowsError(try track.insert(try range("0", "1"), of: try asset("b.wav"), at: time(at)), at)
        }
        XCTAssertNoThrow(try track.insert(try range("0", "1"), of: try asset("b.wav"), at: time("5")))
        XCTAssertNoThrow(try track.insert(try range("0", "1"), of: try asset("b.wav"), at: time("8")))
        XCTAssertEqual(track.end, time("9"))
    }

    /// A track holds at most `maximumSegmentCount` segments; appending them all
    /// is quick (it was quadratic: each insertion scanned every segment).
    func testATrackIsBoundedAndFillsInLinearTime() throws {
        var track = CompositionTrack()
        let piece = try range("0", "0.02")
        let bed = try asset("bed.wav")
        for i in 0..<CompositionTrack.maximumSegmentCount {
            try track.insert(piece, of: bed, at: try MediaTime(value: Int64(i), timescale: 50))
        }
        XCTAssertEqual(track.end, try MediaTime(value: Int64(CompositionTrack.maximumSegmentCount), timescale: 50))
        let past = try MediaTime(value: Int64(CompositionTrack.maximumSegmentCount), timescale: 50)
        XCTAssertThrowsError(try track.insert(piece, of: bed, at: past)) { error in
            XCTAssertEqual(error as? CompositionError, .tooManySegments(path: "bed.wav", limit: 100_000))
            XCTAssertEqual("\(error)", "bed.wav: a track holds at most 100000 segments (pieces of files placed on it)")
        }
    }

    func testExcerptCutsSegmentsAndTrimsTheirSources() throws {
        var video = CompositionTrack(), music = CompositionTrack(), voice = CompositionTrack()
        try video.insert(try range("0", "10"), of: try asset("clip.mp4"), at: .zero)
        try music.insert(try range("1", "9"), of: try asset("bed.mp3"), at: time("2"))
        try voice.insert(try range("0", "1"), of: try asset("vo.wav"), at: time("0.5"))

        let window = try range("3", "6")
        let cutVideo = try video.excerpt(window).segments
        XCTAssertEqual(cutVideo.map(\.sourceRange), [try range("3", "6")])
        XCTAssertEqual(cutVideo.map(\.timelineRange), [try range("0", "3")])
        let cutMusic = try music.excerpt(window).segments
        XCTAssertEqual(cutMusic.map(\.sourceRange), [try range("2", "5")], "the bed at 2 s plays its second 1 at timeline 3")
        XCTAssertEqual(cutMusic.map(\.timelineRange), [try range("0", "3")])
        XCTAssertEqual(try voice.excerpt(window).segments, [], "the take ends before the range")
        XCTAssertEqual(try music.excerpt(window).end, time("3"))
    }
}
