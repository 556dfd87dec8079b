import Foundation
import MixdownAudioMix
import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Dialogue cleanup as a measured pass: a take with hiss and 50 Hz hum cleaned
/// into a temporary file beside the output, which the take's segments read while
/// the plan lives and which is gone with it; the pauses of the mix measured against
/// the take as recorded.
final class DialogueCleanupPassTests: XCTestCase {
    /// vo-pauses.wav (three sentences, 6.9 s) at its own 22.05 kHz, cut to 152 510
    /// samples (331 995.1 frames at the session's 48 kHz: its last frame is a
    /// rounding short), with pink noise and a 50 Hz hum under it; and the level of
    /// that room tone alone, in dBFS.
    func noisyTake(in folder: TemporaryFolder) throws -> (path: String, roomLevel: Double) {
        let speech = folder.file("speech.wav"), noise = folder.file("noise.wav"), hum = folder.file("hum.wav")
        let room = folder.file("room.wav"), take = folder.file("noisy take.wav")
        _ = try Tool.run("sox", [Fixture.path("vo-pauses.wav"), "-c", "1", "-b", "24", speech, "trim", "0", "152510s"])
        _ = try Tool.run("sox", ["-R", "-r", "22050", "-n", "-c", "1", "-b", "24", noise, "synth", "152510s", "pinknoise", "vol", "0.02"])
        _ = try Tool.run("sox", ["-r", "22050", "-n", "-c", "1", "-b", "24", hum, "synth", "152510s", "sine", "50", "vol", "0.01"])
        _ = try Tool.run("sox", ["-m", "-v", "1", noise, "-v", "1", hum, "-b", "24", room])
        _ = try Tool.run("sox", ["-m", "-v", "1", speech, "-v", "1", room, "-b", "24", take])
        return (take, Measure.dB(Measure.rms(try Tool.soxDecode(room))))
    }

    func project(_ take: String, cleanup: DialogueCleanup) -> Project {
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: take, start: t("1"))]
        project.dialogue.cleanup = cleanup
        return project
    }

    /// The left channel of `plan`'s mix.
    func render(_ plan: MixPlan) throws -> [Float] {
        var left: [Float] = []
        _ = try AudioRenderer(plan: plan).render(threads: 2) { left += $0.left }
        return left
    }

    func testTheCleanedTakeIsReadFromATemporaryFileThatGoesWithThePlan() throws {
        let folder = try TemporaryFolder()
        let (take, roomLevel) = try noisyTake(in: folder)
        let cleanup = DialogueCleanup(highpass: .standard, dehum: .auto, denoise: .standard)
        let raw = try render(try MeasuredPlan(plan: try project(take, cleanup: .none).plan(), threads: 2, scratchFolder: folder.path).plan)
        var temporary = ""
        try {
            let plan = try MeasuredPlan(plan: try project(take, cleanup: cleanup).plan(), threads: 2, scratchFolder: folder.path).plan
            let item = try XCTUnwrap(plan.audioTracks(of: .voiceovers).first?.items.first)
            let outcome = try XCTUnwrap(item.dialogue?.cleanup)
            XCTAssertEqual(outcome.humFrequency, 50, "the hum was found in the pauses")
            XCTAssertTrue(outcome.denoised)
            // A mono take plays centred at −3 dB in each channel.
            XCTAssertEqual(try XCTUnwrap(outcome.noiseLevel), roomLevel - 3, accuracy: 3, "the pauses' noise as recorded")
            let segment = try XCTUnwrap(plan.audioTracks(of: .voiceovers).first?.segments.first)
            temporary = segment.asset.path
            XCTAssertTrue(temporary.hasPrefix(folder.path + "/."), "the cleaned take is a hidden file beside the output: \(temporary)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: temporary))
            XCTAssertEqual(plan.original(of: segment).path, take, "reports name the take")
            XCTAssertEqual(plan.original(of: segment).sourceRange, try MediaTimeRange(start: .zero, end: segment.sourceRange.end))

            // Every pause longer than 1 s, inside its edges: the noise and hum down by at least 10 dB.
            let cleaned = try render(plan)
            let phrases = try XCTUnwrap(item.dialogue?.phrases)
            var pauses = 0
            for (before, after) in zip(phrases, phrases.dropFirst()) where (try after.start - before.end).seconds > 1 {
                let range = Int((before.end.seconds + 0.2) * 48_000)..<Int((after.start.seconds - 0.2) * 48_000)
                let down = Measure.dB(Measure.rms(cleaned[range]) / Measure.rms(raw[range]))
                print(String(format: "pause at %.2f s: %.1f dB", before.end.seconds, down))
                XCTAssertLessThanOrEqual(down, -10, "the noise in the pause at \(before.end.readable)")
                pauses += 1
            }
            XCTAssertGreaterThanOrEqual(pauses, 1)
            // The speech keeps its level.
            let speech = Int(2.0 * 48_000)..<Int(4.0 * 48_000)
            XCTAssertEqual(Measure.dB(Measure.rms(cleaned[speech]) / Measure.rms(raw[speech])), 0, accuracy: 1)
        }()
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary), "the temporary file is gone with the plan")
        XCTAssertEqual(try folder.contents().filter { $0.hasPrefix(".") }, [], "nothing left beside the output")
    }

    /// With a conform cache the cleaned take is an entry of it, read by the
    /// take's segments: a second render finds it instead of cleaning again,
    /// other settings make another, and a cache that cannot take it leaves the
    /// take to a temporary file with one warning; the mix is the same bit for bit
    /// whichever way the cleaned audio was kept.
    func testTheCleanedTakeIsKeptInTheConformCacheAndFoundByTheNextRender() throws {
        let folder = try TemporaryFolder()
        let (take, _) = try noisyTake(in: folder)
        let cleanup = DialogueCleanup(highpass: .standard, dehum: .auto, denoise: .standard)
        let cache = ConformCache(folder: folder.file("cache"))
        ConformedAudio.forgetAll()
        defer { ConformedAudio.forgetAll() }
        func measured(_ cleanup: DialogueCleanup, cache: ConformCache?) throws -> MixPlan {
            try MeasuredPlan(plan: try project(take, cleanup: cleanup).plan(), threads: 2, scratchFolder: folder.path, cache: cache).plan
        }
        func cleanedPath(_ plan: MixPlan) throws -> String {
            try XCTUnwrap(plan.audioTracks(of: .voiceovers).first?.segments.first).asset.path
        }
        func inode(_ path: String) throws -> Int {
            try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
        }
        let uncached = try measured(cleanup, cache: nil)
        let expected = try render(uncached)

        let cold = try measured(cleanup, cache: cache)
        let entry = try cleanedPath(cold)
        XCTAssertTrue(entry.hasPrefix(cache.folder + "/") && entry.hasSuffix(".conform"), "the cleaned take is a cache entry: \(entry)")
        // The cleaned audio, and the report as a note beside it.
        let cleanedEntries = { cache.entries().filter { $0.frameCount != nil } }
        XCTAssertEqual(cleanedEntries().map(\.entryPath), [entry])
        XCTAssertEqual(cache.entries().map(\.processing), ["dialogue cleanup", "dialogue cleanup"])
        XCTAssertEqual(cold.warnings, [])
        XCTAssertEqual(cold.original(of: try XCTUnwrap(cold.audioTracks(of: .voiceovers).first?.segments.first)).path, take)
        XCTAssertEqual(try render(cold), expected, "cold from the cache: the mix without it")
        let written = try inode(entry)

        // Another process, as it were: nothing registered, the entry found on disk.
        ConformedAudio.forgetAll()
        let warm = try measured(cleanup, cache: cache)
        XCTAssertEqual(try cleanedPath(warm), entry)
        XCTAssertEqual(try inode(entry), written, "found, not written again")
        XCTAssertEqual(cache.entries().count, 2)
        let item = { (plan: MixPlan) in plan.audioTracks(of: .voiceovers).first?.items.first?.dialogue?.cleanup }
        XCTAssertEqual(item(warm), item(uncached), "the same findings reported")
        XCTAssertEqual(try render(warm), expected, "warm: the mix without the cache")

        // The report's note gone (evicted, say): the findings made again from the pauses, the entry still read.
        for note in cache.entries() where note.frameCount == nil { try FileManager.default.removeItem(atPath: note.entryPath) }
        ConformedAudio.forgetAll()
        let again = try measured(cleanup, cache: cache)
        XCTAssertEqual(item(again), item(uncached))
        XCTAssertEqual(try inode(entry), written)
        XCTAssertEqual(cache.entries().count, 2, "the note made again")

        var gentler = cleanup
        gentler.denoise = NoiseReduction(uncheckedDecibels: 6)
        let other = try measured(gentler, cache: cache)
        XCTAssertNotEqual(try cleanedPath(other), entry, "another amount of noise reduction is another entry")
        XCTAssertEqual(cleanedEntries().count, 2)
        XCTAssertEqual(try render(other), try render(try measured(gentler, cache: nil)))

        try Data().write(to: URL(fileURLWithPath: folder.file("file")))
        let full = try measured(cleanup, cache: ConformCache(folder: folder.file("file/cache")))
        XCTAssertEqual(full.warnings.count, 1)
        XCTAssertTrue(full.warnings.first?.hasPrefix("cache: cannot store the cleaned dialogue of 1 item in ") ?? false, "\(full.warnings)")
        XCTAssertTrue(try cleanedPath(full).hasPrefix(folder.path + "/."), "a temporary file beside the output instead")
        XCTAssertEqual(try render(full), expected)
    }

    /// A take of room tone alone (hiss and hum, no speech): nothing tells the noise
    /// from what the take is, so it is left as recorded, with a warning naming it,
    /// instead of being learned whole as noise and turned down.
    func testATakeWithoutSpeechIsLeftUncleanedWithAWarning() throws {
        let folder = try TemporaryFolder()
        let room = folder.file("room tone.wav")
        _ = try Tool.run("sox", ["-R", "-r", "22050", "-n", "-c", "1", "-b", "24", room, "synth", "4", "pinknoise", "vol", "0.05",
                                 "synth", "4", "sine", "mix", "50", "vol", "0.5"])
        let raw = try MeasuredPlan(plan: try project(room, cleanup: .none).plan(), threads: 2, scratchFolder: folder.path).plan
        let plan = try MeasuredPlan(plan: try project(room, cleanup: DialogueCleanup(highpass: .standard, dehum: .auto, denoise: .standard))
            .plan(), threads: 2, scratchFolder: folder.path).plan
        let item = try XCTUnwrap(plan.audioTracks(of: .voiceovers).first?.items.first)
        XCTAssertEqual(item.dialogue?.phrases, [], "the detector hears no speech in room tone")
        XCTAssertEqual(item.dialogue?.cleanup, DialogueProcessing.CleanupOutcome(cleaned: false, humFrequency: nil, noiseLevel: nil, denoised: false))
        XCTAssertEqual(plan.warnings, ["voiceovers[0]: no speech detected, left uncleaned"])
        XCTAssertEqual(try XCTUnwrap(plan.audioTracks(of: .voiceovers).first?.segments.first).asset.path, room, "the take itself is read")
        // Levelled too: one line says both.
        var levelled = project(room, cleanup: DialogueCleanup(highpass: .standard, dehum: .auto, denoise: .standard))
        levelled.dialogue.level = .adaptive
        let both = try MeasuredPlan(plan: try levelled.plan(), threads: 2, scratchFolder: folder.path).plan.warnings
        XCTAssertEqual(both.count, 1, "\(both)")
        XCTAssertTrue(both.first?.hasSuffix("no speech detected, left unlevelled and uncleaned") ?? false, "\(both)")
        let rendered = try render(plan), expected = try render(raw)
        XCTAssertGreaterThan(Measure.rms(expected), 0.01)
        XCTAssertTrue(rendered == expected, "the mix is the take's as recorded: \(Measure.dB(Measure.rms(rendered) / Measure.rms(expected))) dB")
    }
}
