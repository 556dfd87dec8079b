import MixdownComposition
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownTestSupport
import XCTest

/// Long timelines and far placements (issue 12, items 14 and 18): a loop is
/// placed in linear time up to a documented number of pieces, and a time too
/// far for the arithmetic names its item.
final class LongTimelineTests: XCTestCase {
    private func loopedBed(until duration: String, outPoint: String? = nil) -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.music[0].outPoint = outPoint.map(t)
        project.output.duration = t(duration)
        return project
    }

    /// 96 hours of a 20 s bed: 17280 pieces end to end (this took 10.8 s to plan,
    /// each placement scanning every piece before it).
    func testABedLoopedForFourDaysTilesTheTimeline() throws {
        let plan = try loopedBed(until: "96:00:00").plan()
        let segments = try XCTUnwrap(plan.audioTracks(of: .music).first).segments
        XCTAssertEqual(segments.count, 96 * 3600 / 20)
        XCTAssertEqual(segments.first?.timelineRange.start, .zero)
        for (a, b) in zip(segments, segments.dropFirst()) where a.timelineRange.end != b.timelineRange.start {
            return XCTFail("a gap or overlap at \(a.timelineRange.end.readable)")
        }
        XCTAssertEqual(segments.last?.timelineRange.end, t("345600"))
        XCTAssertEqual(plan.duration, t("345600"))
    }

    /// A 1 ms loop over 600 s is 600 000 pieces: refused at once, naming the item
    /// and the limit (it hung).
    func testALoopOfMorePiecesThanATrackHoldsIsRefused() throws {
        let error = caught(PlanningError.self, try loopedBed(until: "600", outPoint: "0.001").plan())
        guard case let .invalidValue(field, reason) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(field, "music[0].loop")
        XCTAssertTrue(reason.contains("600000 pieces") && reason.contains("100000"), reason)
        // The limit itself is allowed: 0.01 s over 1000 s.
        let plan = try loopedBed(until: "1000", outPoint: "0.01").plan()
        XCTAssertEqual(plan.audioTracks(of: .music).first?.segments.count, CompositionTrack.maximumSegmentCount)
    }

    /// `--voiceover vo.wav@99999999999:00` overflowed the time arithmetic with a
    /// bare "time arithmetic overflow: 287999999997120000/48000 + …".
    func testATimeTooFarNamesTheItemAndShowsSeconds() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("1")),
                              .init(path: Fixture.path("vo-short.wav"), start: t("99999999999:00"))]
        let error = caught(PlanningError.self, try project.plan())
        guard case let .invalidValue(field, reason) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(field, "voiceovers[1].start")
        XCTAssertTrue(reason.hasPrefix(Fixture.path("vo-short.wav") + " at 5999999999940s is too late on the timeline"), reason)
        XCTAssertFalse(reason.contains("/48000"), "no raw fractions: \(reason)")

        var music = Project()
        music.music = [.init(path: Fixture.path("music.mp3"))]
        music.music[0].start = t("99999999999:00")
        let late = caught(PlanningError.self, try music.plan())
        guard case .invalidValue("music[0].start", _) = late else { return XCTFail("\(String(describing: late))") }
    }
}
