import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// The conform cache's entries: the decoder's very samples, exact seeks; a
/// changed file, a foreign or cut entry and a writer's leftover are never read;
/// the cap holds; a folder that cannot be written fails the store and leaves nothing.
final class ConformCacheTests: XCTestCase {
    override func tearDown() { ConformedAudio.forgetAll() }

    /// A `seconds` long 44.1 kHz mono WAV of a tone at `frequency` with a little noise, made by ffmpeg.
    private func makeInput(_ path: String, seconds: Double = 1, frequency: Int = 440) throws {
        _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                                    "sine=frequency=\(frequency):sample_rate=44100:duration=\(seconds)",
                                    "-c:a", "pcm_s16le", path])
    }

    /// Everything `source` gives from where it stands, read in blocks of `block` frames.
    private func readAll(_ source: any AudioSampleSource, block: Int = 5000) throws -> [[Float]] {
        var left: [Float] = [], right: [Float] = []
        var buffer = AudioBuffer(capacity: block)
        while case let got = try source.read(into: buffer.mutableSlice(0..<block)), got > 0 {
            left += buffer.slice(0..<got).left
            right += buffer.slice(0..<got).right
        }
        return [left, right]
    }

    func testAnEntryHoldsTheDecodersSamplesAndSeeksExactly() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav")
        // 1.5 s: more than two chunks of 16384 frames at 48 kHz, the last one short.
        try makeInput(input, seconds: 1.5)
        let cache = ConformCache(folder: folder.file("cache"))
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard), "a cold cache")
        let stored = try cache.store(path: input, sampleRate: .standard)
        let decoded = try readAll(AudioDecoder(path: input, sampleRate: .standard))
        XCTAssertEqual(stored.frameCount, Int64(decoded[0].count))
        XCTAssertEqual(decoded[0].count, 72_000, "ffmpeg's length of 1.5 s at 48 kHz")
        let entry = try XCTUnwrap(cache.lookUp(path: input, sampleRate: .standard), "a hit")
        XCTAssertEqual(try readAll(ConformedAudioReader(entry: entry)), decoded)
        // Reads across chunk edges, from seeks anywhere.
        let reader = ConformedAudioReader(entry: entry)
        var buffer = AudioBuffer(capacity: 20_000)
        for start in [16_000, 16_384, 70_000, 3] {
            try reader.seek(toSample: Int64(start))
            let got = try reader.read(into: buffer.mutableSlice(0..<20_000))
            XCTAssertEqual(got, min(20_000, 72_000 - start))
            XCTAssertEqual(Array(buffer.slice(0..<got).right), Array(decoded[1][start..<start + got]))
        }
        XCTAssertNil(cache.lookUp(path: input, sampleRate: try SampleRate(hertz: 44_100)), "another rate is another entry")
        XCTAssertEqual(cache.entries().map(\.sourcePath), [input])
        XCTAssertTrue(try ConformedAudio.source(path: input, sampleRate: .standard) is ConformedAudioReader)
    }

    /// An entry written in pieces, out of order, each decoder seeking to its
    /// own, is byte for byte the entry written in one piece (WAV, MP3); AAC,
    /// whose seeks are not exact, is not to be cut.
    func testAnEntryWrittenInPiecesIsTheEntryWrittenWhole() throws {
        let folder = try TemporaryFolder()
        let wav = folder.file("tone.wav"), mp3 = folder.file("tone.mp3"), aac = folder.file("tone.m4a")
        try makeInput(wav, seconds: 3)
        _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-b:a", "128k", mp3])
        _ = try Tool.run("ffmpeg", ["-nostdin", "-v", "error", "-y", "-i", wav, "-c:a", "aac", aac])
        let chunk: Int64 = 16_384
        for input in [wav, mp3] {
            let whole = try ConformCache(folder: folder.file("whole")).store(path: input, sampleRate: .standard)
            let writer = try ConformEntryWriter(cache: ConformCache(folder: folder.file("pieces")), path: input, sampleRate: .standard)
            XCTAssertTrue(writer.seeksExactly(), input)
            try writer.write(from: 5 * chunk, to: nil)
            try writer.write(from: 2 * chunk, to: 5 * chunk)
            try writer.write(from: 0, to: 2 * chunk)
            let cut = try writer.finish()
            XCTAssertEqual(cut.frameCount, whole.frameCount, input)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cut.entryPath)),
                           try Data(contentsOf: URL(fileURLWithPath: whole.entryPath)), "\(input): the same bytes")
        }
        XCTAssertFalse(try ConformEntryWriter(cache: ConformCache(folder: folder.file("pieces")), path: aac, sampleRate: .standard).seeksExactly())
        // A piece past the input's end is an error, and an unfinished writer leaves nothing.
        let writer = try ConformEntryWriter(cache: ConformCache(folder: folder.file("short")), path: wav, sampleRate: .standard)
        XCTAssertThrowsError(try writer.write(from: 0, to: 20 * chunk))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.file("short")).count, 1, "the writer's file")
        _ = writer
    }

    /// Same size, same inode, the old modification time restored: the content
    /// at its ends differs, so the key does.
    func testAFileRewrittenInPlaceWithItsTimeRestoredIsAMiss() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav"), other = folder.file("other.wav")
        try makeInput(input, frequency: 440)
        try makeInput(other, frequency: 880)
        let cache = ConformCache(folder: folder.file("cache"))
        try cache.store(path: input, sampleRate: .standard)
        let identity = { try String(decoding: Tool.run("stat", ["-c", "%d %i %s %y", input]), as: UTF8.self) }
        let before = try identity()
        // The time to the nanosecond, kept by `cp -p` and put back by `touch -r`.
        _ = try Tool.run("cp", ["-p", input, folder.file("time")])
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: input))
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: other)))
        try handle.close()
        _ = try Tool.run("touch", ["-r", folder.file("time"), input])
        XCTAssertEqual(try identity(), before, "device, inode, size and time as they were")
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard), "new content is a miss")
        let fresh = try cache.store(path: input, sampleRate: .standard)
        XCTAssertEqual(try readAll(ConformedAudioReader(entry: fresh)), try readAll(AudioDecoder(path: other, sampleRate: .standard)))
    }

    /// An entry cut short, and a writer's temporary file, are never read; the
    /// temporary files of dead writers are removed, a running writer's kept.
    func testCutEntriesAndLeftoversAreNeverRead() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav")
        try makeInput(input, seconds: 0.5)
        let cache = ConformCache(folder: folder.file("cache"))
        let entry = try cache.store(path: input, sampleRate: .standard)
        let name = (entry.entryPath as NSString).lastPathComponent
        ConformedAudio.forgetAll()
        // A crashed writer's file holds the whole entry under its temporary name.
        let dead = folder.file("cache/.partial.\(name).999999999.7"), live = folder.file("cache/.partial.\(name).\(getpid()).8")
        try FileManager.default.copyItem(atPath: entry.entryPath, toPath: dead)
        try FileManager.default.copyItem(atPath: entry.entryPath, toPath: live)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: entry.entryPath))
        try handle.truncate(atOffset: UInt64(try handle.seekToEnd()) - 4)
        try handle.close()
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard), "a cut entry is a miss")
        XCTAssertEqual(cache.entries().count, 1, "the temporary files are no entries")
        cache.removeLeftovers()
        XCTAssertEqual(try folder.contents().count, 2)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.file("cache"))),
                       [name, (live as NSString).lastPathComponent])
    }

    func testTheCapEvictsTheLeastRecentlyUsed() throws {
        let folder = try TemporaryFolder()
        let inputs = (0..<3).map { folder.file("tone\($0).wav") }
        // 2 s at 48 kHz stereo float: 768 000 bytes an entry; the cap holds one.
        for input in inputs { try makeInput(input, seconds: 2) }
        let cache = ConformCache(folder: folder.file("cache"), capacity: try CacheSize(parsing: "1M"))
        try cache.store(path: inputs[0], sampleRate: .standard)
        try cache.store(path: inputs[1], sampleRate: .standard)
        XCTAssertEqual(cache.entries().map(\.sourcePath), [inputs[1]])
        XCTAssertLessThanOrEqual(cache.totalSize, cache.capacity.bytes)
        // A hit renews an entry: the older one goes.
        let big = ConformCache(folder: folder.file("cache"), capacity: try CacheSize(parsing: "1.6M"))
        try big.store(path: inputs[0], sampleRate: .standard)
        Thread.sleep(forTimeInterval: 0.01)
        XCTAssertNotNil(big.lookUp(path: inputs[1], sampleRate: .standard))
        try big.store(path: inputs[2], sampleRate: .standard)
        XCTAssertEqual(Set(big.entries().compactMap(\.sourcePath)), [inputs[1], inputs[2]])
        XCTAssertLessThanOrEqual(big.totalSize, big.capacity.bytes)
        XCTAssertEqual(big.clear(), 2)
        XCTAssertEqual(big.totalSize, 0)
    }

    /// Two writers of the same input at once: both entries are whole, one stays.
    func testWritersAtOnceLeaveOneWholeEntry() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav")
        try makeInput(input)
        let cache = ConformCache(folder: folder.file("cache"))
        let failures = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            if (try? cache.store(path: input, sampleRate: .standard)) == nil { failures.add(1) }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.file("cache")).count, 1)
        let entry = try XCTUnwrap(cache.lookUp(path: input, sampleRate: .standard))
        XCTAssertEqual(try readAll(ConformedAudioReader(entry: entry)), try readAll(AudioDecoder(path: input, sampleRate: .standard)))
    }

    func testAFolderThatCannotBeMadeFailsTheStoreAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav")
        try makeInput(input, seconds: 0.2)
        // A regular file where a folder should be: refused even to root.
        let cache = ConformCache(folder: input + "/cache")
        XCTAssertThrowsError(try cache.store(path: input, sampleRate: .standard)) { error in
            guard case let .cannotCreateOutput(path, reason) = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, input + "/cache")
            XCTAssertTrue(reason.contains("Not a directory"), reason)
        }
        XCTAssertEqual(try folder.contents(), ["tone.wav"])
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard))
        XCTAssertTrue(cache.entries().isEmpty)
    }

    func testTheDefaultFolder() {
        XCTAssertEqual(ConformCache.defaultFolder(environment: ["MIXDOWN_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]), "/c")
        XCTAssertEqual(ConformCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]), "/x/mixdown")
        XCTAssertEqual(ConformCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]), "/h/.cache/mixdown")
        XCTAssertNil(ConformCache.defaultFolder(environment: [:]))
    }

    /// Notes (a few bytes found by analysing an input) and processed audio are
    /// keyed by the file and the processing: found again, a miss for another
    /// processing or a changed file, listed with their processing, counted in the cap.
    func testNotesAndProcessedAudioAreKeyedByTheFileAndTheProcessing() throws {
        let folder = try TemporaryFolder()
        let input = folder.file("tone.wav")
        try makeInput(input)
        let cache = ConformCache(folder: folder.file("cache"))
        let bytes: [UInt8] = Array("regions 1..<2".utf8)
        XCTAssertNil(cache.note(path: input, sampleRate: 16_000, processing: "speech analysis\nrules 1"))
        XCTAssertTrue(cache.storeNote(bytes, path: input, sampleRate: 16_000, processing: "speech analysis\nrules 1"))
        XCTAssertEqual(cache.note(path: input, sampleRate: 16_000, processing: "speech analysis\nrules 1"), bytes)
        XCTAssertNil(cache.note(path: input, sampleRate: 16_000, processing: "speech analysis\nrules 2"), "another processing")
        XCTAssertNil(cache.note(path: input, sampleRate: .standard, processing: "speech analysis\nrules 1"), "another rate")
        XCTAssertTrue(cache.storeNote([], path: input, sampleRate: 16_000, processing: "nothing found"))
        XCTAssertEqual(cache.note(path: input, sampleRate: 16_000, processing: "nothing found"), [], "an empty note is a note")

        // Processed audio: an entry of its own, read under its own path, never as the input's audio.
        let stream = try ConformEntryStream(cache: cache, path: input, sampleRate: .standard, processing: "halved\nversion 1")
        // 1.6 MB: more than the smallest cap, in blocks that are not the entry's chunks.
        let frames = 200_000
        var block = AudioBuffer(capacity: frames)
        let ramp = (0..<frames).map { Float($0) / Float(2 * frames) }
        _ = block.mutableSlice(0..<frames).channel(0).update(from: ramp)
        _ = block.mutableSlice(0..<frames).channel(1).update(from: ramp.map { -$0 })
        for start in stride(from: 0, to: frames, by: 70_000) { try stream.write(block.slice(start..<min(start + 70_000, frames))) }
        let entry = try stream.finish()
        XCTAssertEqual(entry.frameCount, Int64(frames))
        XCTAssertTrue(ConformedAudio.isProcessed(entry.entryPath, sampleRate: .standard))
        XCTAssertNil(ConformedAudio.entry(for: input, sampleRate: .standard), "not the input's own audio")
        let read = try readAll(ConformedAudio.source(path: entry.entryPath, sampleRate: .standard))
        XCTAssertEqual(read[0], ramp)
        XCTAssertEqual(read[1], ramp.map { -$0 })
        ConformedAudio.forgetAll()
        XCTAssertEqual(cache.lookUp(path: input, sampleRate: .standard, processing: "halved\nversion 1")?.entryPath, entry.entryPath)
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard, processing: "halved\nversion 2"))
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard), "the input itself is not conformed")

        let listed = cache.entries()
        XCTAssertEqual(listed.count, 3)
        XCTAssertEqual(Set(listed.compactMap(\.processing)), ["speech analysis", "nothing found", "halved"])
        XCTAssertEqual(listed.first { $0.processing == "halved" }?.frameCount, Int64(frames))
        XCTAssertNil(listed.first { $0.processing == "speech analysis" }?.frameCount, "a note holds no frames")

        // A changed file: every note and processed entry of it is a miss.
        try makeInput(input, frequency: 880)
        XCTAssertNil(cache.note(path: input, sampleRate: 16_000, processing: "speech analysis\nrules 1"))
        XCTAssertNil(cache.lookUp(path: input, sampleRate: .standard, processing: "halved\nversion 1"))

        // Notes count in the cap, and go least recently used first.
        let small = ConformCache(folder: cache.folder, capacity: try CacheSize(bytes: 1 << 20))
        XCTAssertTrue(small.storeNote(bytes, path: input, sampleRate: 16_000, processing: "newest"))
        XCTAssertEqual(small.entries().compactMap(\.processing), ["newest"])
        XCTAssertFalse(ConformCache(folder: input + "/cache").storeNote(bytes, path: input, sampleRate: 16_000, processing: "x"),
                       "a folder that cannot be made")
    }
}

/// A counter threads may add to.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int
    init(_ count: Int) { self.count = count }
    func add(_ n: Int) { lock.withLock { count += n } }
    var value: Int { lock.withLock { count } }
}
