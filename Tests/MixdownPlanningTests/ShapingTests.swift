import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownUnits
import MixdownTime
import MixdownTestSupport
import XCTest

/// Fades and ducking, as the plan's envelopes the renderer applies: gains at chosen times for each rule.
final class ShapingTests: XCTestCase {
    let duck = pow(10, -12.0 / 20)   // 0.2512
    let vo = 67_852.0 / 22_050        // vo-short.wav length in seconds

    func musicEnvelope(_ project: Project) throws -> (GainEnvelope, MixPlan) {
        let plan = try project.plan()
        let track = try XCTUnwrap(plan.audioTracks(of: .music).first)
        XCTAssertFalse(track.items.isEmpty)
        return (track.envelope, plan)
    }

    func bed(fadeIn: Double = 0, fadeOut: Double = 0, volume: Double = 1) -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].fade.fadeIn = try! MediaTime(seconds: fadeIn)
        project.music[0].fade.fadeOut = try! MediaTime(seconds: fadeOut)
        project.musicVolume = try! Gain(factor: volume)
        return project
    }

    func testFadeEdges() throws {
        let (envelope, plan) = try musicEnvelope(bed(fadeIn: 2, fadeOut: 3))
        XCTAssertEqual(plan.duration, MediaTime(sampleIndex: 882_000, sampleRate: 44_100))
        XCTAssertEqual(envelope.gain(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 2), 1, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 17), 1, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 18.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 19.999), 0.001 / 3, accuracy: 1e-9)
    }

    func testDuckDepthAndRamps() throws {
        var project = bed()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("12.5"))]
        let (envelope, _) = try musicEnvelope(project)
        XCTAssertEqual(envelope.gain(at: 11.9), 1, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 12.25), (1 + duck) / 2, accuracy: 1e-12)   // half-way down
        XCTAssertEqual(envelope.gain(at: 12.5), duck, accuracy: 1e-12)              // down when the first word starts
        XCTAssertEqual(envelope.gain(at: 12.5 + vo - 0.001), duck, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 12.5 + vo + 0.25), (1 + duck) / 2, accuracy: 1e-9)
        XCTAssertEqual(envelope.gain(at: 12.5 + vo + 0.5), 1, accuracy: 1e-12)
    }

    func testCloseTakesAreBridgedAndDistantOnesAreNot() throws {
        var project = bed()
        // Gap 0.8 s: bridged (max pause 1 s). Gap 1.5 s: the music comes back up between.
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("1")),
                              .init(path: Fixture.path("vo-short.wav"), start: try MediaTime(seconds: 1 + vo + 0.8)),
                              .init(path: Fixture.path("vo-short.wav"), start: try MediaTime(seconds: 1 + 2 * vo + 0.8 + 1.5))]
        let (envelope, _) = try musicEnvelope(project)
        let firstGap = 1 + vo
        XCTAssertEqual(envelope.gain(at: firstGap + 0.4), duck, accuracy: 1e-12)
        let secondGap = 1 + 2 * vo + 0.8
        XCTAssertEqual(envelope.gain(at: secondGap + 0.75), 1, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: secondGap + 0.25), (1 + duck) / 2, accuracy: 1e-5)  // start rounded to 1 µs
    }

    func testRampBeforeZeroIsCutAtZero() throws {
        var project = bed()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("0.2"))]
        let (envelope, plan) = try musicEnvelope(project)
        // The ramp would run from -0.3 s to 0.2 s: at 0 it is 60% of the way down.
        XCTAssertEqual(envelope.gain(at: 0), 1 + (duck - 1) * 0.6, accuracy: 1e-12)
        XCTAssertEqual(plan.sampleRate, 48_000)
        var first: Float = 0
        envelope.fill(&first, firstSample: 0, count: 1, sampleRate: 48_000)
        XCTAssertEqual(Double(first), 1 + (duck - 1) * 0.6, accuracy: 1e-6)
    }

    func testFadeStartsOnTheItemsFirstSampleWhenPlacedBetweenSamples() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("1.0000104"))]   // 48000.4992 samples
        project.voiceovers[0].fade.fadeIn = t("0.5")
        let plan = try project.plan()
        let track = try XCTUnwrap(plan.audioTracks(of: .voiceovers).first)
        XCTAssertFalse(track.items.isEmpty)
        let envelope = track.envelope
        XCTAssertEqual(envelope.gain(atSample: 48_000, sampleRate: 48_000), 0, "the item's first sample is silent")
        XCTAssertEqual(envelope.gain(atSample: 48_000 + 12_000, sampleRate: 48_000), 0.5, accuracy: 1e-12)
        XCTAssertEqual(plan.audioTracks(of: .voiceovers)[0].segments[0].timelineRange.start, t("1"))
    }

    func testCombinedGainIsTheProduct() throws {
        var project = bed(fadeIn: 2, fadeOut: 3, volume: 0.8)
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("16"))]
        let (envelope, _) = try musicEnvelope(project)
        // At 18.5 s: volume 0.8 × fade-out half-way 0.5 × ducked.
        XCTAssertEqual(envelope.gain(at: 18.5), 0.8 * 0.5 * duck, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 1), 0.8 * 0.5, accuracy: 1e-12)
    }

    func testPerTakeOptOutAndDepth() throws {
        var project = bed()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("2")),
                              .init(path: Fixture.path("vo-short.wav"), start: t("10"))]
        project.voiceovers[0].ducks = false
        project.voiceovers[1].duckDepth = -20
        let (envelope, _) = try musicEnvelope(project)
        XCTAssertEqual(envelope.gain(at: 3), 1, accuracy: 1e-12)
        XCTAssertEqual(envelope.gain(at: 11), pow(10, -1), accuracy: 1e-12)
    }

    func testSignalDuckingComesUpInTheLongPauseOnly() throws {
        var project = bed()
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("3"))]
        project.ducking.mode = .signal
        let (envelope, _) = try musicEnvelope(project)
        // Speech: [0, 1.351), [1.751, 2.598), [5.098, 6.917) in the take; placed at 3 s.
        XCTAssertEqual(envelope.gain(at: 3 + 0.5), duck, accuracy: 1e-9)
        XCTAssertEqual(envelope.gain(at: 3 + 1.55), duck, accuracy: 1e-9, "stays down in the 0.4 s pause")
        XCTAssertEqual(envelope.gain(at: 3 + 3.85), 1, accuracy: 1e-9, "comes back up in the 2.5 s pause")
        XCTAssertEqual(envelope.gain(at: 3 + 6.0), duck, accuracy: 1e-9)
        XCTAssertEqual(envelope.gain(at: 2.0), 1, accuracy: 1e-9)
        // Ranges mode, for contrast, keeps it down through the whole take.
        project.ducking.mode = .ranges
        XCTAssertEqual(try musicEnvelope(project).0.gain(at: 3 + 3.85), duck, accuracy: 1e-9)
    }

    func testNoGainJumpsLargerThanTheSteepestRamp() throws {
        var project = bed(fadeIn: 2, fadeOut: 3, volume: 0.8)
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("0.2")),
                              .init(path: Fixture.path("vo-short.wav"), start: t("9"))]
        let (envelope, plan) = try musicEnvelope(project)
        let count = Int(try plan.duration.sampleIndex(sampleRate: 48_000))
        var gains = [Float](repeating: 0, count: count)
        envelope.fill(&gains, firstSample: 0, count: count, sampleRate: 48_000)
        // Steepest: the duck ramps, 0.8 × (1 − 0.2512) over 0.5 s.
        let slope = 0.8 * (1 - duck) / 0.5 / 48_000
        let worst = zip(gains, gains.dropFirst()).map { Double(abs($1 - $0)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, slope * 1.001 + 1e-6)
        XCTAssertGreaterThan(worst, slope * 0.5)
    }
}
