import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Ducking by loudness (`ducking.mode` loudness), a measured pass over the plan:
/// the music's loudness inside each duck sits `below` LU under the voice's,
/// whatever the bed's own level, measured on the rendered stems by ffmpeg's
/// `ebur128` filter (the independent meter).
final class LoudnessDuckingTests: XCTestCase {
    /// vo-pauses.wav (6.9 s, three sentences with a 2.5 s pause) at 5 s over the
    /// 20 s music bed at `bed` dB, ducking by loudness `below` LU.
    func project(bed: Double, below: LoudnessGap = 15) throws -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].volume = try Gain(decibels: bed)
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("5"))]
        project.ducking.mode = .loudness
        project.ducking.below = below
        return project
    }

    /// The plan of `project` with its ducks measured.
    func measured(_ project: Project) throws -> MixPlan {
        try project.plan().measuringLoudnessDucks()
    }

    /// The ducks chosen by loudness on the first track of `part`.
    func ducks(_ plan: MixPlan, _ part: MixPart = .music) throws -> [LoudnessDuck] {
        try XCTUnwrap(plan.audioTracks(of: part).first).loudnessDucks
    }

    /// Integrated loudness (LUFS) by ffmpeg's `ebur128` of the tracks playing `part`
    /// in `plan` (with their envelopes, the duck included), over `range` only.
    func ffmpegLoudness(_ plan: MixPlan, _ part: MixPart, over range: MediaTimeRange) throws -> Double {
        let renderer = try AudioRenderer(plan: plan.keepingAudio(of: [part]))
        var samples: [Float] = []
        _ = try renderer.render(range: try range.sampleRange(sampleRate: plan.sampleRate)) { block in
            for i in 0..<block.count { samples += [block.left[i], block.right[i]] }
        }
        return try XCTUnwrap(try ffmpegReadings(samples, rate: plan.sampleRate)["lavfi.r128.I"], "ffmpeg printed no loudness")
    }

    func testTheMusicSitsTheAskedGapUnderTheVoiceWhateverTheBedsLevel() throws {
        var depths: [Double] = []
        for bed in [0.0, -10.0] {
            let plan = try measured(project(bed: bed))
            let duck = try XCTUnwrap(try ducks(plan).first)
            XCTAssertEqual(try ducks(plan).count, 1, "one take, one duck")
            XCTAssertEqual(duck.range.start, t("5"))
            XCTAssertEqual(duck.range.end.seconds, 5 + 152_511.0 / 22_050, accuracy: 1e-9, "the whole take")
            let voice = try ffmpegLoudness(plan, .voiceovers, over: duck.range)
            let music = try ffmpegLoudness(plan, .music, over: duck.range)
            print(String(format: "bed %+.0f dB: depth %.2f dB, voice %.2f LUFS, ducked music %.2f LUFS, gap %.2f LU",
                         bed, duck.depth.decibels, voice, music, voice - music))
            XCTAssertEqual(voice - music, 15, accuracy: 1, "bed at \(bed) dB: the ducked music sits 15 LU under the voice")
            XCTAssertEqual(try XCTUnwrap(duck.voiceLoudness), voice, accuracy: 0.1, "the planner's reading of the voice agrees with ffmpeg")
            let musicGain = try XCTUnwrap(plan.audioTracks(of: .music).first).envelope
            XCTAssertEqual(20 * log10(musicGain.gain(at: 8)), duck.depth.decibels + bed, accuracy: 1e-9,
                           "the chosen depth is the duck of the envelope")
            depths.append(duck.depth.decibels)
        }
        XCTAssertLessThan(depths[0], -12, "the loud bed ducks deeper than the fixed depth")
        XCTAssertEqual(depths[0] - depths[1], -10, accuracy: 0.5, "a bed 10 dB quieter ducks 10 dB less")
    }

    func testTheDepthNeverLiftsAndASilentBedDoesNotDuck() {
        func depth(_ voice: Double?, _ target: Double?) -> Double {
            LoudnessDuck.depth(voice: voice, target: target, gap: 15, fixed: -12).decibels
        }
        XCTAssertEqual(depth(-20, -15), -20)
        XCTAssertEqual(depth(-20, -40), 0, "a bed already 20 LU under the voice is not lifted")
        XCTAssertEqual(depth(-20, nil), 0, "nothing to duck")
        XCTAssertEqual(depth(nil, -15), -12, "an unmeasurable voice keeps the fixed depth")
        XCTAssertEqual(depth(-60, 60), -120, "never deeper than the deepest duck")
    }

    func testAVoiceTooShortToMeasureKeepsTheFixedDepthAndSaysSo() throws {
        var project = try project(bed: 0)
        project.voiceovers[0].inPoint = t("0.1")
        project.voiceovers[0].outPoint = t("0.4")
        project.ducking.settings.depth = -20
        let plan = try measured(project)
        let duck = try XCTUnwrap(try ducks(plan).first)
        XCTAssertNil(duck.voiceLoudness)
        XCTAssertEqual(duck.depth, -20)
        XCTAssertEqual(plan.warnings, ["ducking by loudness: the voice at 5s–5.3s is too short (under 0.4s) or too quiet (under -70 LUFS) "
                                       + "to measure; music ducks there by the fixed depth -20 dB"])
    }

    /// Planning never renders: it leaves each duck by loudness as a request, which
    /// the renderer refuses until the pass has measured it.
    func testPlanningLeavesTheDuckToTheLoudnessPass() throws {
        let plan = try project(bed: 0).plan()
        XCTAssertTrue(plan.needsMeasuring)
        let music = try XCTUnwrap(plan.audioTracks(of: .music).first)
        let request = try XCTUnwrap(music.pendingDuck)
        XCTAssertEqual(request.sources, [.voiceovers])
        XCTAssertEqual(request.regions.map(\.range.start), [t("5")])
        XCTAssertNil(music.duck)
        XCTAssertTrue(music.loudnessDucks.isEmpty)
        XCTAssertThrowsError(try AudioRenderer(plan: plan))
        let done = try plan.measuringLoudnessDucks()
        XCTAssertFalse(done.needsMeasuring)
        XCTAssertNotNil(try XCTUnwrap(done.audioTracks(of: .music).first).duck)
        XCTAssertNoThrow(try AudioRenderer(plan: done))
    }
}
