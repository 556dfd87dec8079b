import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownRender
import MixdownTestSupport
import MixdownTime
import XCTest

/// A render reads the conform cache's entries instead of decoding, with the same
/// bits cold, warm and without a cache; a range conforms nothing; a cache that
/// cannot be written is one warning and the same render.
final class ConformPassTests: XCTestCase {
    override func tearDown() { ConformedAudio.forgetAll() }

    private func plan() throws -> MixPlan {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("1.25"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.clipVolume = 0.5
        return try project.plan()
    }

    private func render(_ plan: MixPlan, threads: Int = 1) throws -> [Float] {
        var samples: [Float] = []
        _ = try AudioRenderer(plan: plan).render(threads: threads) { block throws(MediaIOError) in
            samples += block.left
            samples += block.right
        }
        return samples
    }

    func testColdAndWarmRendersEqualTheRenderWithoutACache() throws {
        let folder = try TemporaryFolder()
        let plan = try plan()
        ConformedAudio.forgetAll()
        let decoded = try render(plan)
        let cache = ConformCache(folder: folder.file("cache"))
        let cold = try ConformPass.run(plan: plan, cache: cache, threads: 2, conformingMissing: true)
        XCTAssertEqual(cold, ConformPass.Report(found: 0, stored: 4, warning: nil))
        XCTAssertNotNil(ConformedAudio.entry(for: Fixture.path("music.mp3"), sampleRate: plan.sampleRate))
        XCTAssertEqual(try render(plan), decoded, "cold")
        ConformedAudio.forgetAll()
        let warm = try ConformPass.run(plan: plan, cache: cache, threads: 2, conformingMissing: true)
        XCTAssertEqual(warm, ConformPass.Report(found: 4, stored: 0, warning: nil))
        XCTAssertEqual(try render(plan, threads: 2), decoded, "warm")
        XCTAssertEqual(cache.entries().count, 4)
    }

    func testARangeConformsNothingAndAnUnwritableCacheIsOneWarning() throws {
        let folder = try TemporaryFolder()
        let plan = try plan()
        let range = ConformCache(folder: folder.file("cache"))
        XCTAssertEqual(try ConformPass.run(plan: plan, cache: range, threads: 2, conformingMissing: false), ConformPass.Report())
        XCTAssertTrue(range.entries().isEmpty)
        XCTAssertNil(ConformedAudio.entry(for: Fixture.path("music.mp3"), sampleRate: plan.sampleRate))
        let decoded = try render(plan)
        try Data().write(to: URL(fileURLWithPath: folder.file("file")))
        let unwritable = ConformCache(folder: folder.file("file/cache"))
        let report = try ConformPass.run(plan: plan, cache: unwritable, threads: 2, conformingMissing: true)
        XCTAssertEqual(report.stored, 0)
        let warning = try XCTUnwrap(report.warning)
        XCTAssertEqual(warning, "cache: cannot store the conformed audio of 4 inputs in \(folder.file("file/cache")) (Not a directory); decoding them instead")
        XCTAssertEqual(try render(plan), decoded)
    }

    /// 4 s of the 20 s music bed is less than a quarter of it: it is decoded,
    /// not conformed whole; the takes and clips, read whole, are.
    func testAnInputReadInSmallPartIsNotConformed() throws {
        let folder = try TemporaryFolder()
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("0"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].outPoint = t("4")
        let plan = try project.plan()
        let cache = ConformCache(folder: folder.file("cache"))
        XCTAssertEqual(try ConformPass.run(plan: plan, cache: cache, threads: 1, conformingMissing: true).stored, 1)
        XCTAssertEqual(cache.entries().map(\.sourcePath), [Fixture.path("vo-pauses.wav")])
    }

    /// One long input that seeks exactly (MP3) is conformed in pieces on the
    /// threads, on chunk boundaries; AAC, or an input among others as long, whole.
    func testALongInputIsConformedInPiecesOnTheThreads() throws {
        let folder = try TemporaryFolder()
        let mp3 = folder.file("bed.mp3"), aac = folder.file("bed.m4a")
        for (path, codec) in [(mp3, "libmp3lame"), (aac, "aac")] {
            _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=70",
                                        "-c:a", codec, path])
        }
        let cache = ConformCache(folder: folder.file("cache"))
        let writers = [try ConformEntryWriter(cache: cache, path: mp3, sampleRate: .standard),
                       try ConformEntryWriter(cache: cache, path: aac, sampleRate: .standard)]
        let length: Int64 = 70 * 48_000
        let split = ConformPass.pieces(of: [length], writers: [writers[0]], threads: 2, sampleRate: .standard)
        XCTAssertEqual(split.count, 2)
        let ordered = split.sorted { $0.start < $1.start }
        XCTAssertEqual(ordered.first?.start, 0)
        XCTAssertEqual(ordered.first?.end, ordered.last?.start, "consecutive")
        XCTAssertEqual(ordered.last?.end, .some(nil), "the last piece runs to the input's end")
        XCTAssertTrue(split.compactMap(\.end).allSatisfy { $0 % 16_384 == 0 && abs($0 - length / 2) < 16_384 }, "\(split)")
        XCTAssertEqual(ConformPass.pieces(of: [length], writers: [writers[1]], threads: 2, sampleRate: .standard).count, 1, "AAC whole")
        XCTAssertEqual(ConformPass.pieces(of: [length, length], writers: writers, threads: 2, sampleRate: .standard).count, 2,
                       "two inputs as long: each whole")

        // The pass conforms the MP3 in its pieces: the entry is the decoder's, and so is the render.
        var project = Project()
        project.music = [.init(path: mp3)]
        let plan = try project.plan()
        ConformedAudio.forgetAll()
        let decoded = try render(plan)
        XCTAssertEqual(try ConformPass.run(plan: plan, cache: cache, threads: 2, conformingMissing: true).stored, 1)
        let entry = try XCTUnwrap(ConformedAudio.entry(for: mp3, sampleRate: plan.sampleRate))
        XCTAssertEqual(entry.frameCount * 2, Int64(decoded.count))
        XCTAssertEqual(try render(plan, threads: 2), decoded)
    }
}
