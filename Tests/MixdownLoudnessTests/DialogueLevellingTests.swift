import Foundation
import MixdownAudioMix
import MixdownExport
import MixdownLoudness
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Dialogue levelling end to end, as a user meets it: two takes recorded 8 dB
/// apart and an interview whose second speaker sits 12 dB under the first, each
/// brought to one speech loudness, measured on the rendered mix by ffmpeg's
/// `ebur128` (the independent meter) over where each speaker speaks; and the
/// leveler's gain read by a lock-in on a quiet 12 kHz pilot tone recorded under
/// every item (a broadband gain moves the pilot as it moves the voice, and the
/// pilot plays in the pauses too, where the gain must hold still).
final class DialogueLevellingTests: XCTestCase {
    static let rate = 48_000.0
    static let pilot = 12_000.0

    /// Speech by espeak-ng at 48 kHz, assembled with pauses, a pink room noise at
    /// about −60 dBFS and the pilot at −50 dBFS under all of it, in a folder of its own.
    final class SpeechMaker {
        let folder: TemporaryFolder
        private var sentence = 0

        init() throws { folder = try TemporaryFolder() }

        /// One sentence said by `voice`, at 48 kHz mono, `gain` dB; its length in seconds.
        func say(_ text: String, voice: String = "en", gain: Double) throws -> (path: String, seconds: Double) {
            sentence += 1
            let raw = folder.file("raw\(sentence).wav")
            let path = folder.file("s\(sentence).wav")
            _ = try Tool.run("espeak-ng", ["-v", voice, "-s", "150", "-w", raw, text])
            _ = try Tool.run("sox", [raw, "-r", "48000", path, "vol", "\(gain)dB"])
            return (path, Double(try Tool.soxDecode(path).count) / rate)
        }

        /// Sentences with `pause` seconds before each (and after the last), the noise
        /// and pilot under them, then `tail` seconds of silence; the sentences' ranges in the file.
        func assemble(_ name: String, _ parts: [(path: String, seconds: Double)], pause: Double = 1.5,
                      tail: Double = 0) throws -> (path: String, ranges: [ClosedRange<Double>]) {
            let silence = folder.file("pause-\(name).wav")
            _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "16", silence, "trim", "0", "\(pause)"])
            var inputs: [String] = []
            var ranges: [ClosedRange<Double>] = []
            var time = 0.0
            for part in parts {
                inputs += [silence, part.path]
                time += pause
                ranges.append(time...(time + part.seconds))
                time += part.seconds
            }
            inputs.append(silence)
            time += pause
            let speech = folder.file("speech-\(name).wav")
            _ = try Tool.run("sox", inputs + ["-b", "16", speech])
            let length = String(format: "%.3f", time)
            let noise = folder.file("noise-\(name).wav"), tone = folder.file("pilot-\(name).wav")
            _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "24", noise, "synth", length, "pinknoise", "vol", "0.002"])
            _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "24", tone, "synth", length, "sine", "\(pilot)", "vol", "0.003"])
            let path = folder.file("\(name).wav")
            // -v 1 each: `sox -m` would otherwise scale every input by 1/3.
            _ = try Tool.run("sox", ["-m", "-v", "1", speech, "-v", "1", noise, "-v", "1", tone, "-b", "24", path,
                                     "pad", "0", String(format: "%.3f", tail)])
            return (path, ranges)
        }
    }

    /// The interview and the two takes.
    struct Media {
        let maker: SpeechMaker
        /// The interview clip (video and AAC), its audio's speakers' sentences in source seconds.
        let interview: String
        let interviewA: [ClosedRange<Double>]
        let interviewB: [ClosedRange<Double>]
        /// Two takes, the second 8 dB quieter; each one speaker.
        let takes: [String]
        let takeSentences: [[ClosedRange<Double>]]
    }

    static func media() throws -> Media {
        let maker = try SpeechMaker()
        let takeOne = try maker.assemble("take1", [
            try maker.say("The quick brown fox jumps over the lazy dog near the bank.", gain: -6),
            try maker.say("Every morning the baker opens his shop before the sun rises.", gain: -6),
        ])
        let takeTwo = try maker.assemble("take2", [
            try maker.say("A gentle breeze moved the curtains in the quiet old house.", gain: -14),
            try maker.say("Nobody expected the little train to arrive so early today.", gain: -14),
        ])
        let guest = "en+f3"
        let interviewParts = [
            try maker.say("Thank you for coming in to talk about the new bridge.", gain: -6),
            try maker.say("It is a pleasure, we have worked on it for three years.", voice: guest, gain: -18),
            try maker.say("What was the hardest part of the whole project?", gain: -6),
            try maker.say("Finding steel that could survive the salty winter air.", voice: guest, gain: -18),
        ]
        // The clip runs on, silent, under the takes that follow the interview.
        let spoken = interviewParts.reduce(0) { $0 + $1.seconds } + 1.5 * Double(interviewParts.count + 1)
        let takesEnd = takesStart(afterInterview: spoken) + (takeOne.ranges.last!.upperBound + 1.5) + 1
            + (takeTwo.ranges.last!.upperBound + 1.5) + 1
        let interviewAudio = try maker.assemble("interview-audio", interviewParts, tail: takesEnd - spoken)
        let interview = maker.folder.file("interview.mp4")
        _ = try Tool.run("ffmpeg", ["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=gray:s=160x120:r=10",
                                    "-i", interviewAudio.path, "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
                                    "-b:a", "256k", interview])
        let ranges = interviewAudio.ranges
        return Media(maker: maker, interview: interview, interviewA: [ranges[0], ranges[2]], interviewB: [ranges[1], ranges[3]],
                     takes: [takeOne.path, takeTwo.path], takeSentences: [takeOne.ranges, takeTwo.ranges])
    }

    /// Where the first take starts on the timeline: 1 s after the interview's `seconds`.
    static func takesStart(afterInterview seconds: Double) -> Double { seconds + 1 }

    /// Where the takes start on the timeline: after the interview, 1 s apart.
    static func takeStarts(_ media: Media) throws -> [Double] {
        let first = takesStart(afterInterview: try XCTUnwrap(media.interviewB.last).upperBound + 1.5)
        let second = first + (try XCTUnwrap(media.takeSentences[0].last).upperBound + 1.5) + 1
        return [first, second]
    }

    /// `seconds` to the millisecond.
    static func time(_ seconds: Double) -> MediaTime {
        // Exact: a millisecond count over a timescale of 1000.
        try! MediaTime(value: Int64((seconds * 1000).rounded()), timescale: 1000)
    }

    /// The interview on the timeline, then the two takes, levelled `level`.
    func project(_ media: Media, level: DialogueSettings.Level) throws -> Project {
        var project = Project()
        project.clips = [Project.Clip(path: media.interview)]
        let starts = try Self.takeStarts(media)
        project.voiceovers = zip(media.takes, starts).map { Project.Voiceover(path: $0, start: Self.time($1)) }
        project.ducking.mode = .off
        project.dialogue.level = level
        return project
    }

    /// The mix of `plan` over the whole timeline, as left and right.
    func render(_ plan: MixPlan, threads: Int = 2, blockSize: Int = 16_384) throws -> (left: [Float], right: [Float]) {
        let renderer = try AudioRenderer(plan: plan, blockSize: blockSize)
        var left: [Float] = [], right: [Float] = []
        _ = try renderer.render(threads: threads) { block in
            left += block.left
            right += block.right
        }
        return (left, right)
    }

    /// ffmpeg's integrated loudness (and loudness range) of the stretches `ranges`
    /// (timeline seconds) of `mix`, played one after another.
    func ffmpegLoudness(_ mix: (left: [Float], right: [Float]), over ranges: [ClosedRange<Double>]) throws -> (integrated: Double, range: Double) {
        var samples: [Float] = []
        for range in ranges {
            let from = Int(range.lowerBound * Self.rate), to = min(mix.left.count, Int(range.upperBound * Self.rate))
            for i in from..<to { samples += [mix.left[i], mix.right[i]] }
        }
        let readings = try ffmpegReadings(samples, rate: 48_000)
        func last(_ key: String) throws -> Double { try XCTUnwrap(readings[key], "ffmpeg printed no \(key)") }
        return (try last("lavfi.r128.I"), try last("lavfi.r128.LRA"))
    }

    /// The pilot's level in dB in 100 ms windows over `range` (timeline seconds) of `mix`'s left channel.
    func pilotLevels(_ mix: (left: [Float], right: [Float]), over range: ClosedRange<Double>) -> [Double] {
        let window = Int(Self.rate / 10)
        var levels: [Double] = []
        var start = Int(range.lowerBound * Self.rate)
        while start + window <= Int(range.upperBound * Self.rate) {
            levels.append(Measure.dB(Measure.tone(mix.left, frequency: Self.pilot, rate: Self.rate, range: start..<start + window).amplitude))
            start += window
        }
        return levels
    }

    /// `ranges` of an item placed at `start` seconds.
    func placed(_ ranges: [ClosedRange<Double>], at start: Double) -> [ClosedRange<Double>] {
        ranges.map { ($0.lowerBound + start)...($0.upperBound + start) }
    }

    func testEverySpeakerComesOutAtTheTargetThePausesHoldStillAndTheLoudestIsLeftAlone() throws {
        let media = try Self.media()
        let starts = try Self.takeStarts(media)
        let plan = try MeasuredPlan(plan: try project(media, level: .adaptive).plan(), threads: 2).plan
        let items = plan.audioTracks.flatMap(\.items)
        let levellings = items.compactMap { $0.dialogue?.levelling }
        XCTAssertEqual(levellings.count, 3, "the interview and both takes are levelled")
        let target = try XCTUnwrap(levellings.first?.target)
        let mix = try render(plan)
        let speakers: [(name: String, ranges: [ClosedRange<Double>])] = [
            ("interviewer", media.interviewA), ("guest, 12 dB quieter", media.interviewB),
            ("take 1", placed(media.takeSentences[0], at: starts[0])), ("take 2, 8 dB quieter", placed(media.takeSentences[1], at: starts[1])),
        ]
        var all: [ClosedRange<Double>] = []
        for speaker in speakers {
            let loudness = try ffmpegLoudness(mix, over: speaker.ranges).integrated
            print(String(format: "%@: %.2f LUFS (target %.2f)", speaker.name, loudness, target))
            XCTAssertEqual(loudness, target, accuracy: 1, "\(speaker.name) within 1 LU of the target")
            all += speaker.ranges
        }
        let range = try ffmpegLoudness(mix, over: all.sorted { $0.lowerBound < $1.lowerBound }).range
        print(String(format: "dialogue loudness range (speech only): %.2f LU", range))
        XCTAssertLessThanOrEqual(range, 4, "the dialogue's loudness range, speech only")

        // Every pause longer than 1 s: the gain holds, then makes at most one move,
        // in the last second before the next sentence; never up and down.
        var gaps: [ClosedRange<Double>] = []
        for list in [(media.interviewA + media.interviewB).sorted { $0.lowerBound < $1.lowerBound },
                     speakers[2].ranges, speakers[3].ranges] {
            for (before, after) in zip(list, list.dropFirst()) where after.lowerBound - before.upperBound > 1 {
                gaps.append((before.upperBound + 0.15)...(after.lowerBound - 0.05))
            }
        }
        XCTAssertGreaterThanOrEqual(gaps.count, 5)
        for gap in gaps {
            let levels = pilotLevels(mix, over: gap)
            let holding = Array(levels.prefix(max(1, levels.count - 10)))
            let spread = (holding.max() ?? 0) - (holding.min() ?? 0)
            XCTAssertLessThanOrEqual(spread, 0.5, String(format: "the gain holds in the pause at %.1f s until its last second", gap.lowerBound))
            let steps = zip(levels, levels.dropFirst()).map { $1 - $0 }
            let rises = steps.filter { $0 > 0.2 }.count, falls = steps.filter { $0 < -0.2 }.count
            XCTAssertTrue(rises == 0 || falls == 0, String(format: "one move, never up and down, in the pause at %.1f s", gap.lowerBound))
        }

        // The loudest speaker (the target) comes out unchanged, read by the pilot against the mix not levelled.
        let plain = try MeasuredPlan(plan: try project(media, level: .off).plan(), threads: 2).plan
        let take = (starts[0] + 0.5)...(starts[0] + 6)
        let change = zip(pilotLevels(mix, over: take), pilotLevels(try render(plain), over: take)).map { $0 - $1 }
        print(String(format: "take 1 (the loudest): gain %.2f to %.2f dB", change.min() ?? 0, change.max() ?? 0))
        XCTAssertLessThanOrEqual(change.map(abs).max() ?? 99, 0.5, "a speaker at the target comes out unchanged")
        // The same bits on one thread with small blocks as on two with the standard ones.
        let one = try render(plan, threads: 1, blockSize: 4_096)
        XCTAssertTrue(one.left == mix.left && one.right == mix.right, "bit-identical on one thread with small blocks and on two")

        // Under music ducking by loudness, the music's depth answers the levelled voice: read by a
        // lock-in on a 14 kHz tone in the bed (above anything the 22 kHz speech holds), it is the
        // same under the quiet take as under the loud one, where as recorded the music would duck
        // 8 dB deeper under the quiet take, burying it.
        let bed = media.maker.folder.file("bed.wav")
        _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "24", bed, "synth", String(format: "%.3f", Double(mix.left.count) / Self.rate),
                                 "sine", "14000", "vol", "0.1"])
        func depths(_ level: DialogueSettings.Level) throws -> [Double] {
            var ducked = try project(media, level: level)
            ducked.music = [Project.Music(path: bed)]
            ducked.ducking.mode = .loudness
            // Short ramps, so that the takes, 1 s apart, duck apart.
            ducked.ducking.settings.fadeDown = .milliseconds(100)
            ducked.ducking.settings.fadeUp = .milliseconds(100)
            ducked.ducking.settings.maxPause = .milliseconds(300)
            let music = try render(try MeasuredPlan(plan: try ducked.plan(), threads: 2).plan.keepingAudio(of: [.music]))
            let open = Measure.dB(Measure.tone(music.left, frequency: 14_000, rate: Self.rate,
                                               range: Int(0.5 * Self.rate)..<Int(1.5 * Self.rate)).amplitude)
            return starts.map { start in
                let inside = Int((start + 3) * Self.rate)..<Int((start + 4) * Self.rate)
                return Measure.dB(Measure.tone(music.left, frequency: 14_000, rate: Self.rate, range: inside).amplitude) - open
            }
        }
        let levelledDepths = try depths(.adaptive), recordedDepths = try depths(.off)
        print(String(format: "music under take 1 / take 2: %.2f / %.2f dB levelled, %.2f / %.2f dB as recorded",
                     levelledDepths[0], levelledDepths[1], recordedDepths[0], recordedDepths[1]))
        XCTAssertEqual(levelledDepths[1], levelledDepths[0], accuracy: 1, "the same duck under the quiet take as under the loud one")
        XCTAssertEqual(recordedDepths[0] - recordedDepths[1], 8, accuracy: 1.5, "as recorded, the music ducks 8 dB deeper under the quiet take")
    }

    func testALevelledTakeStaysLevelAcrossADropAndMovesBeforeIt() throws {
        let maker = try SpeechMaker()
        // A take whose last two sentences are 10 dB under its first two.
        let dropping = try maker.assemble("dropping", [
            try maker.say("We measured the river twice before the storm arrived.", gain: -8),
            try maker.say("The second reading was higher than anyone had feared.", gain: -8),
            try maker.say("Then the engineer leaned back and spoke from further away.", gain: -18),
            try maker.say("His voice was quieter but the numbers still mattered.", gain: -18),
        ])
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: dropping.path, start: .zero)]
        project.dialogue.level = .adaptive
        project.dialogue.target = .loudness(try LoudnessLevel(decibels: -20))
        project.ducking.mode = .off
        let plan = try MeasuredPlan(plan: try project.plan(), threads: 2).plan
        let mix = try render(plan)
        let sentences = dropping.ranges
        let loud = try ffmpegLoudness(mix, over: [sentences[1]]).integrated
        let quiet = try ffmpegLoudness(mix, over: [sentences[2]]).integrated
        print(String(format: "before the drop %.2f LUFS, after %.2f LUFS", loud, quiet))
        XCTAssertEqual(quiet, loud, accuracy: 3, "the speech's loudness across the 10 dB drop")
        // The gain read from the pilot: by the quiet passage's first syllable it has made its move.
        let moved = pilotLevels(mix, over: (sentences[2].lowerBound - 0.1)...(sentences[2].lowerBound))
        let settled = pilotLevels(mix, over: (sentences[2].lowerBound + 0.5)...(sentences[2].lowerBound + 1.5))
        let before = pilotLevels(mix, over: (sentences[1].upperBound + 0.1)...(sentences[1].upperBound + 0.3))
        print(String(format: "pilot: after the loud passage %.2f dB, at the quiet one's start %.2f dB, inside it %.2f dB",
                     before.first ?? 0, moved.first ?? 0, settled.reduce(0, +) / Double(settled.count)))
        XCTAssertGreaterThan((moved.first ?? 0) - (before.first ?? 0), 6, "the gain rose before the quiet passage started")
        XCTAssertEqual(moved.first ?? 0, settled.reduce(0, +) / Double(settled.count), accuracy: 1.5,
                       "and was (nearly) where the quiet passage needs it")
    }

    /// A real recording (lena.m4a, 12 s of speech) as two takes 8 dB apart, each
    /// with 1.5 s of room tone before and after and pink noise 10 dB under its
    /// speech, levelled and cleaned: the takes come out within 1 LU of each other
    /// (ffmpeg's meter), the room tone 10 dB quieter or more.
    func testARealRecordingIsMatchedAndCleaned() throws {
        let maker = try SpeechMaker()
        let folder = maker.folder
        let decoded = folder.file("decoded.wav"), speech = folder.file("lena.wav"), noise = folder.file("noise.wav")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", try Fixture.realMedia("lena.m4a"), "-ac", "1", "-ar", "48000", decoded])
        _ = try Tool.run("sox", [decoded, "-b", "24", speech, "pad", "1.5", "1.5"])
        // Whole milliseconds, so that the second take starts where the first ends.
        let seconds = (Double(try Tool.soxDecode(speech).count) / Self.rate * 1000).rounded(.up) / 1000
        // lena.m4a is −20.7 dBFS RMS (its short pauses included): the noise at −30 dBFS.
        _ = try Tool.run("sox", ["-R", "-n", "-r", "48000", "-c", "1", "-b", "24", noise, "synth", String(format: "%.3f", seconds),
                                 "pinknoise", "vol", "0.14"])
        var takes: [String] = []
        for (name, gain) in [("loud", 1.0), ("quiet", 0.398)] {
            let take = folder.file("\(name).wav")
            _ = try Tool.run("sox", ["-m", "-v", "\(gain)", speech, "-v", "\(gain)", noise, "-b", "24", take])
            takes.append(take)
        }
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: takes[0], start: .zero), Project.Voiceover(path: takes[1], start: Self.time(seconds))]
        project.dialogue.level = .adaptive
        func plan(_ cleanup: DialogueCleanup) throws -> MixPlan {
            project.dialogue.cleanup = cleanup
            return try MeasuredPlan(plan: try project.plan(), threads: 2, scratchFolder: folder.path).plan
        }
        // The chain a user asks for on speech: rumble filter and noise reduction at their defaults
        // (without the high-pass, pink noise's energy under 100 Hz, which afftdn barely touches, leaves
        // the room tone's RMS 8 dB down; its loudness goes down 10.7 LU: docs/audio-mix.md).
        let mix = try render(try plan(DialogueCleanup(highpass: .standard, denoise: .standard)))
        let loud = try ffmpegLoudness(mix, over: [1.5...(seconds - 1.5)]).integrated
        let quiet = try ffmpegLoudness(mix, over: [(seconds + 1.5)...(2 * seconds - 1.5)]).integrated
        print(String(format: "real speech, takes 8 dB apart: %.2f and %.2f LUFS after", loud, quiet))
        XCTAssertEqual(quiet, loud, accuracy: 1, "the two takes of the real recording within 1 LU")
        // The room tone before and after each take, against the same takes levelled but not cleaned.
        let raw = try render(try plan(.none))
        for start in [0.2, seconds - 1.3, seconds + 0.2, 2 * seconds - 1.3] {
            let range = Int(start * Self.rate)..<Int((start + 1) * Self.rate)
            let down = Measure.dB(Measure.rms(mix.left[range]) / Measure.rms(raw.left[range]))
            print(String(format: "room tone at %.2f s: %.1f dB", start, down))
            XCTAssertLessThanOrEqual(down, -10, String(format: "the room tone at %.2f s", start))
        }
    }

    /// Items without speech are left unlevelled, each with the warning that says
    /// why: one digitally silent, one silent for its first 3 s and then humming at
    /// 60 Hz (below the speech band, loud to the meter). The second is metered past
    /// its silent start and is not called silent.
    func testItemsWithoutSpeechAreNamedSilentOnlyWhenTheyAre() throws {
        let folder = try TemporaryFolder()
        let silent = folder.file("silent.wav"), hum = folder.file("hum.wav"), late = folder.file("late-hum.wav")
        _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "24", silent, "trim", "0", "5"])
        _ = try Tool.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "24", hum, "synth", "2", "sine", "60", "vol", "0.1"])
        _ = try Tool.run("sox", [silent, hum, "-b", "24", late, "trim", "2"])
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: silent, start: .zero), Project.Voiceover(path: late, start: Self.time(6))]
        project.ducking.mode = .off
        project.dialogue.level = .adaptive
        let plan = try MeasuredPlan(plan: try project.plan(), threads: 2).plan
        let outcomes = plan.audioTracks.flatMap(\.items).compactMap { $0.dialogue?.levelling }
        XCTAssertEqual(outcomes.map(\.matchingGain), [0, 0], "neither item gets a gain")
        XCTAssertTrue(plan.warnings.contains { $0.hasPrefix("voiceovers[0]") && $0.contains("silent") }, "\(plan.warnings)")
        XCTAssertTrue(plan.warnings.contains { $0.hasPrefix("voiceovers[1]") && $0.contains("no speech detected") }, "\(plan.warnings)")
        XCTAssertFalse(plan.warnings.contains { $0.hasPrefix("voiceovers[1]") && $0.contains("silent") }, "\(plan.warnings)")
    }
}
