import Foundation
import MixdownAudioMix
import MixdownTime
import MixdownUnits
import XCTest

/// The dialogue leveler's gain computer on synthetic items (`DialogueScene`): hop
/// energies computed analytically from phrases at known loudnesses, and the gain it
/// returns applied back to them millisecond by millisecond.
final class DialogueLevelerTests: XCTestCase {
    private let matching = DialogueSettings(level: .match)
    private let adaptive = DialogueSettings(level: .adaptive)

    /// A take: phrases of 3.5 s at `loudness` with pauses of 1.5 s between, `count` of them.
    private func take(at offset: Double, loudness: Double, count: Int = 4) -> DialogueScene {
        let phrases = (0..<count).map { DialogueScene.Phrase(start: 0.5 + 5 * Double($0), end: 4 + 5 * Double($0), loudness: loudness) }
        return DialogueScene(offset: offset, length: 5 * Double(count), phrases: phrases)
    }

    /// An interview: speakers 0 (at `loud`) and 1 (12 dB quieter) answering in turn,
    /// answers of 3 to 6 s separated by pauses of 0.6 to 2 s.
    private func interview(at offset: Double, loud: Double = -20) -> DialogueScene {
        let turns: [(Double, Double, Int)] = [(0.3, 5.3, 0), (6.8, 10.8, 1), (12, 18, 0), (20, 24.5, 1), (25.1, 28, 0),
                                              (29.5, 35, 1), (36.2, 40, 0)]
        return DialogueScene(offset: offset, length: 41, phrases: turns.map {
            DialogueScene.Phrase(start: $0.0, end: $0.1, loudness: $0.2 == 0 ? loud : loud - 12, speaker: $0.2)
        })
    }

    private func level(_ scenes: [DialogueScene], _ settings: DialogueSettings) throws -> [DialogueLevelling] {
        try DialogueLeveler.levellings(of: scenes.map { (try $0.hops(), settings) })
    }

    // MARK: Matching

    func testMatchingBringsEachItemsSpeechToTheLoudest() throws {
        let scenes = [take(at: 0, loudness: -20), take(at: 25, loudness: -28), take(at: 50, loudness: -23.5)]
        let levellings = try level(scenes, matching)
        for (scene, levelling) in zip(scenes, levellings) {
            // The analytic speech loudness: the scene's own gating of its speech hops, the noise in pauses left out.
            let analytic = try XCTUnwrap(scene.loudness())
            XCTAssertEqual(try XCTUnwrap(levelling.speechLoudness), analytic, accuracy: 0.1)
            XCTAssertEqual(levelling.target, levellings[0].speechLoudness)
            XCTAssertEqual(levelling.keyframes.count, 1)
            XCTAssertNil(levelling.warning)
        }
        XCTAssertEqual(levellings.map(\.matchingGain)[0], 0, accuracy: 1e-9)
        XCTAssertEqual(levellings.map(\.matchingGain)[1], 8, accuracy: 0.1)
        XCTAssertEqual(levellings.map(\.matchingGain)[2], 3.5, accuracy: 0.1)
        // After the gain, every item measures at the target, by the scene's own meter.
        let layer = try DialogueLevelling.layer(for: levellings)
        XCTAssertEqual(layer.kind, .dialogue)
        for (scene, levelling) in zip(scenes, levellings) {
            let after = try XCTUnwrap(scene.loudness { layer.decibels(at: $0) })
            XCTAssertEqual(after, try XCTUnwrap(levelling.target), accuracy: 0.1)
            XCTAssertEqual(try XCTUnwrap(levelling.expectedLoudness), after, accuracy: 0.1)
        }
        print("DialogueLeveler: matching gains \(levellings.map(\.matchingGain)) dB, speech loudness "
              + "\(levellings.map { $0.speechLoudness ?? .nan }) LUFS")
    }

    func testAnAbsoluteTargetAndTheBound() throws {
        let scenes = [take(at: 0, loudness: -20), take(at: 25, loudness: -45)]
        let settings = DialogueSettings(level: .match, target: .loudness(-23), maxGain: 12)
        let levellings = try level(scenes, settings)
        XCTAssertEqual(levellings[0].target, -23)
        XCTAssertEqual(levellings[0].matchingGain, -3, accuracy: 0.1)
        XCTAssertEqual(levellings[1].matchingGain, 12, "bounded by maxGain")
    }

    // MARK: The ride

    func testTwoSpeakersTwelveDecibelsApartEachComeOutWithinOneLUOfTheTarget() throws {
        let scene = interview(at: 3)
        let voiceOver = take(at: 50, loudness: -24)
        let levellings = try level([scene, voiceOver], adaptive)
        let interview = levellings[0]
        let target = try XCTUnwrap(interview.target)
        XCTAssertEqual(target, try XCTUnwrap(interview.speechLoudness), "the interview is the loudest item")
        let layer = try DialogueLevelling.layer(for: levellings)
        var report: [String] = []
        for speaker in 0...1 {
            let before = try XCTUnwrap(scene.loudness(speaker: speaker))
            let after = try XCTUnwrap(scene.loudness(speaker: speaker) { layer.decibels(at: $0) })
            XCTAssertEqual(after, target, accuracy: 1, "speaker \(speaker): \(before) LUFS before")
            report.append(String(format: "speaker %d %.2f → %.2f LUFS", speaker, before, after))
        }
        let voiceOverAfter = try XCTUnwrap(voiceOver.loudness { layer.decibels(at: $0) })
        XCTAssertEqual(voiceOverAfter, target, accuracy: 1)
        print("DialogueLeveler: interview, target \(String(format: "%.2f", target)) LUFS: \(report.joined(separator: ", ")); "
              + "voice-over \(String(format: "%.2f", voiceOverAfter)) LUFS; \(interview.keyframes.count) keyframes")
        try assertRideRules(scene, layer, maxGain: 12)
    }

    func testATakeThatDropsTenDecibelsIsLiftedBeforeTheQuietPassageStarts() throws {
        let phrases = [DialogueScene.Phrase(start: 0.4, end: 4, loudness: -20), .init(start: 4.6, end: 9, loudness: -20),
                       .init(start: 9.8, end: 14, loudness: -30), .init(start: 14.7, end: 19.5, loudness: -30)]
        let scene = DialogueScene(offset: 7, length: 20, phrases: phrases)
        let levelling = try XCTUnwrap(level([scene], DialogueSettings(level: .adaptive, target: .loudness(-20))).first)
        let layer = try DialogueLevelling.layer(for: [levelling])
        let quietStart = scene.offset + scene.speechSeconds()[2].0
        let loudEnd = scene.speechSeconds()[1].1
        // Complete at the quiet passage's detected start, untouched over the loud passage.
        let lifted = layer.decibels(at: quietStart)
        XCTAssertEqual(lifted, layer.decibels(at: quietStart + 2), accuracy: 0.5)
        XCTAssertEqual(lifted, 10, accuracy: 1)
        XCTAssertEqual(layer.decibels(at: loudEnd - 0.01), layer.decibels(at: scene.offset + 2), accuracy: 0.01)
        for passage in [0.4..<9.0, 9.8..<19.5] {
            let after = try XCTUnwrap(scene.loudness { passage.contains($0 - scene.offset) ? layer.decibels(at: $0) : -200 })
            XCTAssertEqual(after, -20, accuracy: 1, "passage \(passage)")
        }
        print("DialogueLeveler: 10 dB drop: gain \(String(format: "%.2f", lifted)) dB at the quiet passage's start")
        try assertRideRules(scene, layer, maxGain: 12)
    }

    func testASpeakerWhoLeansAwayIsEvenedOutSlowly() throws {
        // One long phrase: steady at −20, drifting to −29 over 6 s, steady again.
        let phrases = [DialogueScene.Phrase(start: 0.5, end: 6.5, loudness: -20),
                       .init(start: 6.5, end: 12.5, loudness: -20, endLoudness: -29), .init(start: 12.5, end: 19.5, loudness: -29)]
        let scene = DialogueScene(offset: 4, length: 20, phrases: phrases)
        XCTAssertEqual(scene.speechSeconds().count, 1)
        let levelling = try XCTUnwrap(level([scene], DialogueSettings(level: .adaptive, target: .loudness(-20))).first)
        let layer = try DialogueLevelling.layer(for: [levelling])
        let before = scene.shortTerm(in: 0.5...19.5) { _ in 0 }
        let after = scene.shortTerm(in: 0.5...19.5) { layer.decibels(at: $0) }
        XCTAssertEqual(before.max()! - before.min()!, 9, accuracy: 1)
        XCTAssertLessThanOrEqual(after.max()! - after.min()!, 3, "short-term loudness across the drift")
        XCTAssertEqual(layer.decibels(at: 4 + 18), 9, accuracy: 1, "lifted to what the quiet end needs")
        print("DialogueLeveler: leaning away: short-term range \(String(format: "%.2f", before.max()! - before.min()!)) LU before, "
              + "\(String(format: "%.2f", after.max()! - after.min()!)) LU after; \(levelling.keyframes.count) keyframes")
        try assertRideRules(scene, layer, maxGain: 12, ridesInSpeech: true)
    }

    func testASpeakerAtTheTargetIsLeftUnchanged() throws {
        let scene = take(at: 1, loudness: -23, count: 5)
        let target = try XCTUnwrap(scene.loudness())
        let levelling = try XCTUnwrap(level([scene], DialogueSettings(level: .adaptive, target: .loudness(LoudnessLevel(uncheckedDecibels: target)))).first)
        XCTAssertEqual(levelling.keyframes.count, 1, "one constant gain: \(levelling.keyframes)")
        XCTAssertEqual(levelling.keyframes[0].gain, 0, accuracy: 0.5)
        // A steady speaker away from the target gets one constant gain too, the wobble not ridden.
        let quiet = take(at: 1, loudness: -29, count: 5)
        let lifted = try XCTUnwrap(level([quiet], DialogueSettings(level: .adaptive, target: .loudness(-23))).first)
        XCTAssertEqual(lifted.keyframes.count, 1)
        XCTAssertEqual(lifted.keyframes[0].gain, lifted.matchingGain)
        XCTAssertEqual(lifted.matchingGain, 6, accuracy: 0.3)
    }

    func testTheRideStaysWithinMaxGain() throws {
        let phrases = [DialogueScene.Phrase(start: 0.5, end: 5, loudness: -20), .init(start: 6, end: 11, loudness: -50),
                       .init(start: 12.5, end: 17, loudness: -5)]
        let scene = DialogueScene(offset: 0, length: 18, phrases: phrases)
        let levelling = try XCTUnwrap(level([scene], DialogueSettings(level: .adaptive, target: .loudness(-20), maxGain: 9)).first)
        XCTAssertEqual(levelling.keyframes.map(\.gain).max()!, 9, accuracy: 1e-9)
        XCTAssertEqual(levelling.keyframes.map(\.gain).min()!, -9, accuracy: 1e-9)
        try assertRideRules(scene, try DialogueLevelling.layer(for: [levelling]), maxGain: 9)
    }

    // MARK: Items left alone

    func testSilentAndSpeechlessItemsAreLeftAtUnityWithAWarning() throws {
        let loud = take(at: 0, loudness: -20)
        var silent = take(at: 22, loudness: -85)
        silent.noise = -90
        var speechless = take(at: 45, loudness: -40)
        speechless.phrases = []
        speechless.noise = -40
        let levellings = try level([take(at: 70, loudness: -26), silent, speechless, loud], adaptive)
        XCTAssertEqual(levellings.map(\.unlevelled), [nil, .silent, .noSpeech, nil])
        XCTAssertEqual(levellings[1].warning, "dialogue 22s–42s: silent (nothing reaches -70 LUFS), left unlevelled")
        XCTAssertEqual(levellings[2].warning, "dialogue 45s–65s: no speech detected, left unlevelled")
        XCTAssertEqual(levellings[0].matchingGain, 6, accuracy: 0.1)
        // One layer for the track, items in time order: unity over the items left alone and between items.
        let layer = try DialogueLevelling.layer(for: [levellings[3], levellings[1], levellings[2], levellings[0]])
        for seconds in [10.0, 21, 30, 44, 60, 69] {
            XCTAssertEqual(layer.gain(at: seconds), 1, "at \(seconds)s")
        }
        XCTAssertEqual(layer.decibels(at: 80), 6, accuracy: 0.1)
        XCTAssertEqual(layer.gain(at: 95), 1, "after the last item")
        // With no speech anywhere, `loudest` names no target.
        let none = try level([silent, speechless], DialogueSettings(level: .match))
        XCTAssertEqual(none.map(\.unlevelled), [.silent, .noSpeech])
        XCTAssertEqual(try level([take(at: 0, loudness: -30)], DialogueSettings(level: .off, target: .loudness(-20)))[0].keyframes,
                       [DialogueKeyframe(time: .zero, gain: 0)], "off: measured, left alone")
    }

    // MARK: Form

    func testTheCurveIsDecibelRampsOverExactlyTheItemAndDeterministic() throws {
        let scene = interview(at: 2.5)
        let first = try level([scene], adaptive)[0]
        XCTAssertEqual(try level([scene], adaptive)[0], first, "the same items give the same levelling")
        let segments = try first.segments()
        XCTAssertEqual(segments.first?.start, first.timeRange.start)
        XCTAssertEqual(segments.last?.end, first.timeRange.end)
        for (a, b) in zip(segments, segments.dropFirst()) { XCTAssertEqual(a.end, b.start) }
        XCTAssertTrue(segments.allSatisfy { $0.isConstant || $0.curve == .decibel })
        // The segments draw the keyframes' curve (linear in dB between keyframes).
        let layer = try GainLayer(kind: .dialogue, segments: segments)
        for step in 0..<400 {
            let seconds = 2.5 + Double(step) * 0.1
            XCTAssertEqual(layer.decibels(at: seconds), first.gain(at: try time(seconds)), accuracy: 1e-6)
        }
    }

    func testMalformedHopsAreRefused() throws {
        assertThrows(message: "dialogue hops: energy 1 must be a finite number >= 0, got -1.0") {
            _ = try DialogueHops(timeRange: range(0, 1), hopDuration: .milliseconds(100), energies: [0, -1], speech: [])
        }
        assertThrows(message: "dialogue hops: the hop must be longer than 0s, got 0s") {
            _ = try DialogueHops(timeRange: range(0, 1), hopDuration: .zero, energies: [], speech: [])
        }
        XCTAssertThrowsError(try DialogueHops(timeRange: range(0, 9), hopDuration: .milliseconds(100), energies: [],
                                              speech: [range(2, 4), range(3, 5)]))
    }

    // MARK: Rules every ride keeps

    /// Bounds, the slew limit inside speech, and pauses: constant, then one monotonic
    /// move of at most 1 s ending at the next phrase's start.
    private func assertRideRules(_ scene: DialogueScene, _ layer: GainLayer, maxGain: Double, ridesInSpeech: Bool = false,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let speech = scene.speechSeconds()
        let step = 0.01
        var fastest = 0.0
        for (i, (start, end)) in speech.enumerated() {
            // A pause shorter than its move (0.5 to 1 s) lends the rest from the phrase's end (its hangover).
            let next = i + 1 < speech.count ? speech[i + 1].0 : .infinity
            let lent = next - end < 1 ? next - 1 : end
            var t = start
            while t + step <= lent {
                fastest = max(fastest, abs(layer.decibels(at: t + step) - layer.decibels(at: t)) / step)
                t += step
            }
        }
        XCTAssertLessThanOrEqual(fastest, DialogueLeveler.speechSlew + 0.01, "dB/s inside speech", file: file, line: line)
        if ridesInSpeech { XCTAssertGreaterThan(fastest, 1, "the ride moves inside speech", file: file, line: line) }
        for i in 0..<Int(scene.length * 100) {
            XCTAssertLessThanOrEqual(abs(layer.decibels(at: scene.offset + Double(i) / 100)), maxGain + 1e-9, file: file, line: line)
        }
        var longestMove = 0.0
        for (before, after) in zip(speech, speech.dropFirst()) {
            let (pauseStart, pauseEnd) = (before.1, after.0)
            let held = layer.decibels(at: pauseStart)
            let final = layer.decibels(at: pauseEnd)
            var t = pauseStart
            var previous = held
            var moveStart: Double?
            while t < pauseEnd - 1e-9 {
                let gain = layer.decibels(at: t)
                if moveStart == nil, abs(gain - held) > 1e-6 { moveStart = t - step }
                XCTAssertTrue((gain - previous) * (final - held) >= -1e-9, "monotonic in the pause at \(t)s", file: file, line: line)
                if pauseEnd - pauseStart > 1 && t < pauseEnd - 1 {
                    XCTAssertEqual(gain, held, accuracy: 1e-6, "held in the pause at \(t)s", file: file, line: line)
                }
                previous = gain
                t += step
            }
            if let moveStart { longestMove = max(longestMove, pauseEnd - moveStart) }
        }
        XCTAssertLessThanOrEqual(longestMove, 1.0 + step + 1e-9, file: file, line: line)
        print("DialogueLeveler: fastest move in speech \(String(format: "%.2f", fastest)) dB/s; longest pause move \(String(format: "%.2f", longestMove)) s")
    }
}
