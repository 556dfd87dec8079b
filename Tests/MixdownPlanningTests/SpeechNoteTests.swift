import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// What the speech detector finds is kept in the conform cache as a note: the
/// plan is the one planned without a cache, and the next plan reads the note
/// instead of listening again.
final class SpeechNoteTests: XCTestCase {
    /// The interview clip (the duck's speech) and a take (its phrases), levelled.
    func project() -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("interview.mp4"))]
        var second = Project.Voiceover(path: Fixture.path("vo-pauses.wav"), start: t("12"))
        second.item.inPoint = t("1")
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("2")), second]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.dialogue.level = .adaptive
        return project
    }

    /// Each item's phrases, as planned.
    func heard(_ plan: MixPlan) -> [[MediaTimeRange]] {
        plan.audioTracks.flatMap { track in track.items.map { $0.dialogue?.phrases ?? [] } }
    }

    func testTheDetectorsFindingsAreReadFromTheCacheByTheNextPlan() throws {
        let folder = try TemporaryFolder()
        let cache = ConformCache(folder: folder.file("cache"))
        let uncached = try project().plan()
        XCTAssertEqual(try project().plan(threads: 2).audioTracks, uncached.audioTracks, "the takes heard side by side")
        let cold = try project().plan(cache: cache, threads: 2)
        XCTAssertEqual(cold.audioTracks, uncached.audioTracks, "the findings are the detector's: the duck's speech, the phrases")
        XCTAssertFalse(heard(cold).joined().isEmpty)
        // The clip, at the session rate and heard to its end, was decoded once: its entry
        // stored on the way, for the conform pass to find; the 22.05 kHz takes were heard at 16 kHz.
        XCTAssertNotNil(cache.lookUp(path: Fixture.path("interview.mp4"), sampleRate: .standard))
        XCTAssertNil(cache.lookUp(path: Fixture.path("vo-pauses.wav"), sampleRate: .standard))
        let notes = cache.entries().filter { $0.processing == "speech analysis" }
        XCTAssertEqual(Set(notes.compactMap(\.sourcePath)), [Fixture.path("interview.mp4"), Fixture.path("vo-pauses.wav")])
        XCTAssertEqual(try project().plan(cache: cache).audioTracks, cold.audioTracks, "warm: the same plan")

        // The takes' notes rewritten to say each speaks from 0.5 s to 1 s into what plays: the next plan says so too.
        let takes = notes.filter { $0.sourcePath == Fixture.path("vo-pauses.wav") }
        XCTAssertEqual(takes.count, 2, "one note for each stretch listened to")
        for take in takes { try rewrite(take.entryPath, speech: [8_000..<16_000]) }
        let told = try project().plan(cache: cache)
        let phrases = try XCTUnwrap(told.audioTracks(of: .voiceovers).first?.items.map { $0.dialogue?.phrases })
        XCTAssertEqual(phrases, [[try MediaTimeRange(start: t("2.5"), end: t("3"))], [try MediaTimeRange(start: t("12.5"), end: t("13"))]])

        // A note that is not one (cut short) is ignored: the detector listens again.
        for take in takes {
            let data = try Data(contentsOf: URL(fileURLWithPath: take.entryPath))
            try data.dropLast(3).write(to: URL(fileURLWithPath: take.entryPath))
        }
        XCTAssertEqual(try project().plan(cache: cache).audioTracks, uncached.audioTracks)
    }

    /// Replaces the bytes of the note at `path` with regions and phrases `speech`
    /// (sample ranges at the analysis rate, 16 kHz), keeping its header's key.
    func rewrite(_ path: String, speech: [Range<Int64>]) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let integer = { (offset: Int) in (0..<4).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) } }
        let headerSize = (40 + integer(32) + integer(36) + 63) / 64 * 64
        var payload = Data()
        func append(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { payload.append(contentsOf: $0) } }
        for part in [speech, speech] {
            append(Int64(part.count))
            for range in part { append(range.lowerBound); append(range.upperBound) }
            if payload.count == 8 + 16 * speech.count { append(1) }
        }
        data = data.prefix(headerSize) + payload
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { data.replaceSubrange(24..<28, with: $0) }
        withUnsafeBytes(of: UInt32(0).littleEndian) { data.replaceSubrange(28..<32, with: $0) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
