import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownUnits
import MixdownTime
import MixdownTestSupport
import XCTest

/// What ducks under what (`ducking.sources`, `ducking.targets`), voice-over trims,
/// and where planning refuses an item's automation.
final class DuckSourcesTests: XCTestCase {
    let duck = pow(10, -12.0 / 20)

    /// The interview clip under the music bed.
    func interview() -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("interview.mp4"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        return project
    }

    func envelope(_ plan: MixPlan, _ part: MixPart, _ index: Int = 0) throws -> GainEnvelope {
        let tracks = plan.audioTracks(of: part)
        let track = try XCTUnwrap(tracks.indices.contains(index) ? tracks[index] : nil, "\(part) track \(index)")
        XCTAssertFalse(track.items.isEmpty, "a track without items plays at unity")
        return track.envelope
    }

    /// The items listened to for speech, with what was found.
    func speech(_ plan: MixPlan) -> [(item: String, regions: [MediaTimeRange])] {
        plan.audioTracks.flatMap(\.items).compactMap { item in item.speech.map { (item.name, $0) } }
    }

    func testClipsDuckTheMusicOnlyWhenTheyAreASource() throws {
        var project = interview()
        XCTAssertEqual(try envelope(project.plan(), .music).gain(at: 3), 1, "by default only voice-over triggers the duck")
        project.ducking.sources = [.clips]
        let plan = try project.plan()
        XCTAssertEqual(speech(plan).map(\.item), ["clips[0]"])
        XCTAssertEqual(speech(plan)[0].regions.count, 3)
        let music = try envelope(plan, .music)
        XCTAssertEqual(music.gain(at: 3), duck, accuracy: 1e-12, "inside the first answer")
        XCTAssertEqual(music.gain(at: 7.2), 1, accuracy: 1e-12, "in the 3 s pause")
        XCTAssertEqual(music.gain(at: 16), duck, accuracy: 1e-12, "inside the last answer")
        project.ducking.mode = .off
        XCTAssertEqual(try envelope(project.plan(), .music).gain(at: 3), 1, "off turns every source off")
    }

    func testAPartNeverDucksUnderItself() throws {
        var project = interview()
        // A take in the 4 s pause between the third and the fourth answer.
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("11"))]
        project.ducking.sources = [.voiceovers, .clips]
        project.ducking.targets = [.music, .clips, .voiceovers]
        let plan = try project.plan()
        let clips = try envelope(plan, .clips)
        XCTAssertEqual(clips.gain(at: 3), 1, accuracy: 1e-12, "the clip does not duck under its own speech")
        XCTAssertEqual(clips.gain(at: 12), duck, accuracy: 1e-12, "it ducks under the take")
        let take = try envelope(plan, .voiceovers)
        XCTAssertEqual(take.gain(at: 12), 1, accuracy: 1e-12, "the take does not duck under itself…")
        XCTAssertEqual(take.gain(at: 16), duck, accuracy: 1e-12, "…but under the speech in the clip")
        let music = try envelope(plan, .music)
        XCTAssertEqual(music.gain(at: 3), duck, accuracy: 1e-12)
        XCTAssertEqual(music.gain(at: 12), duck, accuracy: 1e-12)
    }

    func testATargetWithNoOtherSourceIsNotDuckedAndSaysWhy() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("1"))]
        project.ducking.targets = [.voiceovers]
        let plan = try project.plan()
        XCTAssertEqual(try envelope(plan, .voiceovers).layers.map(\.kind), [.volume, .fade])
        XCTAssertEqual(plan.warnings, ["ducking: voiceovers is a target and the only source; a part never ducks under itself, so it does not duck"])
    }

    func testATrimmedTakePlaysItsPartAndTheDuckFollowsIt() throws {
        // vo-pauses.wav: speech [0, 1.351), [1.751, 2.598), [5.098, 6.917) s. Play the second sentence at 10 s.
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("10"))]
        project.voiceovers[0].inPoint = t("1.7")
        project.voiceovers[0].outPoint = t("2.7")
        for mode in [Project.Ducking.Mode.ranges, .signal] {
            project.ducking.mode = mode
            let plan = try project.plan()
            let segment = plan.audioTracks(of: .voiceovers)[0].segments[0]
            XCTAssertEqual(segment.sourceRange, try MediaTimeRange(start: t("1.7"), end: t("2.7")))
            XCTAssertEqual(segment.timelineRange, try MediaTimeRange(start: t("10"), end: t("11")))
            let music = try envelope(plan, .music)
            XCTAssertEqual(music.gain(at: 10.5), duck, accuracy: 1e-12, "\(mode)")
            XCTAssertEqual(music.gain(at: 11.6), 1, accuracy: 1e-12, "\(mode): back up after the trimmed part")
            XCTAssertEqual(music.gain(at: 9.4), 1, accuracy: 1e-12, "\(mode): the first sentence is trimmed away")
        }
        let speech = try XCTUnwrap(self.speech(project.plan()).first)
        XCTAssertEqual(speech.item, "voiceovers[0]")
        XCTAssertEqual(speech.regions.count, 1)
        // The pre-roll and hangover are 30 ms; a 10 ms frame's 40 ms window sees an onset up to 20 ms early.
        XCTAssertEqual(speech.regions[0].start.seconds, 10 + 1.751 - 1.7 - 0.03, accuracy: 0.03, "the sentence, less the pre-roll")
        XCTAssertEqual(speech.regions[0].end.seconds, 10 + 2.598 - 1.7 + 0.03, accuracy: 0.03)
    }

    func testARampBeforeItsItemIsRefusedWithItsPath() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("5"))]
        project.voiceovers[0].automation = [
            VolumeRamp(startVolume: 1, endVolume: 0.5, timeRange: try MediaTimeRange(start: t("1"), end: t("2"))),
        ]
        XCTAssertEqual(caught(PlanningError.self, try project.plan())?.description,
                       "voiceovers[0].automation[0]: the ramp 1s–2s starts before its item, which plays 5s–8.077188s on the timeline (automation is in timeline time)")
    }

    func testARampIntoTheNextItemIsRefusedAndOneAfterItsItemIsNeverHeard() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("1")),
                              .init(path: Fixture.path("vo-short.wav"), start: t("6"))]
        project.voiceovers[0].automation = [
            VolumeRamp(startVolume: 1, endVolume: 0.5, timeRange: try MediaTimeRange(start: t("3"), end: t("6.5"))),
        ]
        XCTAssertEqual(caught(PlanningError.self, try project.plan())?.description,
                       "voiceovers[0].automation[0]: the ramp 3s–6.5s runs into voiceovers[1], which starts at 6s on the same track")
        project.voiceovers[0].automation[0].timeRange = try MediaTimeRange(start: t("5"), end: t("5.5"))
        let plan = try project.plan()
        XCTAssertEqual(plan.warnings, ["voiceovers[0].automation[0]: the ramp starts at 5s, after its item ends at 4.077188s; it is never heard"])
    }
}
