import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownUnits
import MixdownTestSupport
import XCTest

/// WAV output through libsndfile, read back with the ffmpeg CLI.
final class WAVWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mixdown-io-wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func output(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A test signal: a few tones, quiet values, and full-scale-ish values.
    private func signal(count: Int, seed: Double) -> (left: [Float], right: [Float]) {
        var left = [Float](repeating: 0, count: count), right = left
        for i in 0..<count {
            let t = Double(i) / 48_000
            left[i] = Float(0.6 * sin(2 * .pi * 440 * t + seed) + 0.3 * sin(2 * .pi * 3_001 * t))
            right[i] = Float(0.9 * sin(2 * .pi * 97 * t) * cos(2 * .pi * 5 * t))
        }
        left[10] = 1e-6; right[11] = -3e-7; left[12] = 0.999; right[13] = -0.999
        return (left, right)
    }

    private func write(_ path: String, format: WAVSampleFormat, left: [Float], right: [Float], chunk: Int = 1_000,
                       finish: Bool = true, knownLength: Bool = true) throws -> WAVWriter {
        let writer = try WAVWriter(path: path, sampleRate: 48_000, format: format,
                                   frameCount: knownLength ? Int64(left.count) : nil)
        let audio = AudioBuffer(copying: [left, right])
        var start = 0
        while start < left.count {
            let n = min(chunk, left.count - start)
            try writer.write(audio.slice(start..<start + n))
            start += n
        }
        if finish { try writer.finish() }
        return writer
    }

    /// The file decoded by ffmpeg as float, split into channels.
    private func readBack(_ path: String) throws -> [[Float]] {
        deinterleave(try Tool.ffmpegDecode(path), channels: 2)
    }

    private func streamFacts(_ path: String) throws -> [String: Any] {
        let json = try Tool.ffprobeJSON(path)
        return try XCTUnwrap((json["streams"] as? [[String: Any]])?.first)
    }

    func testFloatRoundTripIsExactAndKeepsOvers() throws {
        var (left, right) = signal(count: 30_000, seed: 0.3)
        left[100] = 1.5; right[200] = -2.25
        let path = output("f32.wav")
        let writer = try write(path, format: .f32, left: left, right: right, chunk: 7_777)
        XCTAssertEqual(writer.clippedSamples, 0)
        XCTAssertEqual(writer.peak, 2.25)
        XCTAssertEqual(writer.framesWritten, 30_000)
        let stream = try streamFacts(path)
        XCTAssertEqual(stream["codec_name"] as? String, "pcm_f32le")
        XCTAssertEqual(stream["sample_rate"] as? String, "48000")
        XCTAssertEqual(stream["channels"] as? Int, 2)
        let back = try readBack(path)
        XCTAssertEqual(back[0], left)
        XCTAssertEqual(back[1], right)
        XCTAssertEqual(try folderContents(), ["f32.wav"], "no temporary file left")
    }

    func testTwentyFourBitRoundTrip() throws {
        let (left, right) = signal(count: 20_000, seed: 1.1)
        let path = output("s24.wav")
        let writer = try write(path, format: .s24, left: left, right: right)
        XCTAssertEqual(writer.clippedSamples, 0)
        XCTAssertEqual(try streamFacts(path)["codec_name"] as? String, "pcm_s24le")
        let back = try readBack(path)
        XCTAssertEqual(back[0].count, left.count)
        let worst = max(Measure.maxDifference(back[0][...], left[...]), Measure.maxDifference(back[1][...], right[...]))
        print("s24 round trip: max |difference| \(worst)")
        XCTAssertLessThanOrEqual(worst, 1.2e-7)
        XCTAssertLessThanOrEqual(worst, 0.5 / 8_388_608, "rounded to the nearest 24-bit step")
    }

    func testIntegerFormatsClipInsteadOfWrapping() throws {
        for format in [WAVSampleFormat.s24, .s16] {
            var left = [Float](repeating: 0.25, count: 1_000), right = left
            for i in stride(from: 0, to: 1_000, by: 10) { left[i] = 1.5; right[i] = -1.5 }
            right[5] = 3
            let path = output("clip-\(format.rawValue).wav")
            let writer = try write(path, format: format, left: left, right: right)
            XCTAssertEqual(writer.clippedSamples, 201, "\(format): 100 + 100 + 1 overs")
            XCTAssertEqual(writer.peak, 3)
            let back = try readBack(path)
            let lsb: Float = format == .s16 ? 1 / 32_768 : 1 / 8_388_608
            for i in stride(from: 0, to: 1_000, by: 10) {
                XCTAssertGreaterThanOrEqual(back[0][i], 1 - 2 * lsb, "\(format) +1.5 at \(i) reads \(back[0][i])")
                XCTAssertLessThanOrEqual(back[1][i], -1 + 2 * lsb, "\(format) -1.5 at \(i) reads \(back[1][i])")
            }
            XCTAssertGreaterThanOrEqual(back[1][5], 1 - 2 * lsb, "\(format) +3")
            XCTAssertEqual(back[0][1], 0.25, accuracy: 2 * lsb)
        }
    }

    func testSixteenBitDitherOnSilence() throws {
        let count = 48_000
        let zeros = [Float](repeating: 0, count: count)
        let path = output("s16.wav")
        let writer = try write(path, format: .s16, left: zeros, right: zeros, chunk: 4_096)
        XCTAssertEqual(writer.clippedSamples, 0)
        XCTAssertEqual(writer.peak, 0)
        XCTAssertEqual(try streamFacts(path)["codec_name"] as? String, "pcm_s16le")
        let back = try readBack(path)
        for (side, channel) in zip(["L", "R"], back) {
            let lsbs = channel.map { Double($0) * 32_768 }
            let nonzero = lsbs.filter { $0 != 0 }.count
            let mean = lsbs.reduce(0, +) / Double(count)
            let largest = lsbs.map(abs).max() ?? 0
            print("s16 dither \(side): \(nonzero) of \(count) nonzero, mean \(mean) LSB, largest \(largest) LSB")
            XCTAssertEqual(lsbs.filter { $0 != $0.rounded() }.count, 0, "whole LSBs")
            XCTAssertLessThanOrEqual(largest, 2, side)
            XCTAssertGreaterThan(nonzero, count / 10, "\(side): dither is audible as noise, not digital silence")
            XCTAssertLessThan(nonzero, count * 9 / 10, side)
            XCTAssertEqual(mean, 0, accuracy: 0.02, side)
        }
        XCTAssertNotEqual(back[0], back[1], "independent dither per channel")

        // Fixed seed: the same input gives the same file.
        let again = output("s16-again.wav")
        _ = try write(again, format: .s16, left: zeros, right: zeros, chunk: 1_000)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: again)))
    }

    func testSixteenBitSignalIsWithinDither() throws {
        let (left, right) = signal(count: 10_000, seed: 0)
        let path = output("s16-signal.wav")
        _ = try write(path, format: .s16, left: left, right: right)
        let back = try readBack(path)
        let worst = max(Measure.maxDifference(back[0][...], left[...]), Measure.maxDifference(back[1][...], right[...]))
        XCTAssertLessThanOrEqual(worst * 32_768, 1.5, "dither ±1 LSB plus rounding ±0.5 LSB")
    }

    func testFileAppearsOnlyOnFinish() throws {
        let (left, right) = signal(count: 4_800, seed: 0)
        let path = output("later.wav")
        let writer = try write(path, format: .s24, left: left, right: right, finish: false)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        let temporary = try folderContents()
        XCTAssertEqual(temporary.count, 1)
        XCTAssertTrue(temporary.first?.hasPrefix(".later.wav") ?? false, "hidden temporary beside the target: \(temporary)")
        try writer.finish()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try folderContents(), ["later.wav"])
        // A second finish does nothing; writing after it fails.
        try writer.finish()
        do {
            let audio = AudioBuffer(copying: [left, right])
            try writer.write(audio.slice(0..<1))
            XCTFail("write after finish succeeded")
        } catch {
            guard case .writeFailed = error else { return XCTFail("expected .writeFailed, got \(error)") }
        }
    }

    /// Frames 0..<30000 through `write`, the rest in two parts written at the same
    /// time on other threads: the file is the one a single writer makes, byte for
    /// byte (the 16-bit dither depends only on each sample's position).
    func testPartsWrittenOnThreadsMakeTheSameFileAsOneWriter() throws {
        var (left, right) = signal(count: 100_000, seed: 0.3)
        // The peaks are in the parts: a float RF64 file's PEAK chunk must say so.
        left[80_000] = 1.5
        right[50_000] = -1.25
        let starts = [0, 30_000, 70_000, 100_000]
        // A known length that fits gives RIFF; an unknown one RF64, whose longer
        // header moves where the parts' frames go.
        for format in WAVSampleFormat.allCases {
          for knownLength in [true, false] {
            let whole = output("whole-\(format)-\(knownLength).wav")
            _ = try write(whole, format: format, left: left, right: right, chunk: 4_096, knownLength: knownLength)
            let path = output("parts-\(format)-\(knownLength).wav")
            let writer = try WAVWriter(path: path, sampleRate: 48_000, format: format, frameCount: knownLength ? 100_000 : nil)
            let parts = try [writer.part(startingAt: 70_000), writer.part(startingAt: 30_000)]
            let buffer = AudioBuffer(copying: [left, right])
            try writer.write(buffer.slice(0..<starts[1]))
            nonisolated(unsafe) let audio = buffer.slice(0..<buffer.capacity)
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let part = parts[1 - k], range = starts[k + 1]..<starts[k + 2]
                do {
                    for first in stride(from: range.lowerBound, to: range.upperBound, by: 3_000) {
                        try part.write(audio.slice(first..<min(first + 3_000, range.upperBound)))
                    }
                    try part.close()
                } catch {
                    failures.add("\(error)")
                }
            }
            XCTAssertEqual(failures.all, [])
            try writer.finish()
            XCTAssertEqual(writer.framesWritten, 100_000)
            XCTAssertTrue(try comparableBytes(whole) == comparableBytes(path), "\(format) \(knownLength)")
            XCTAssertEqual(try streamFacts(path)["duration_ts"] as? Int, 100_000)
            XCTAssertEqual(try header(path), knownLength ? "RIFF" : "RF64")
            // sox reads both, to the same samples (through its 32-bit integers, so
            // floats within 1e-7; the overs of the float file clip there).
            let sox = deinterleave(try Tool.soxDecode(path), channels: 2)
            let ffmpeg = try readBack(path)
            XCTAssertEqual(sox[0].count, 100_000)
            let inRange = (0..<100_000).filter { abs(left[$0]) < 1 }
            XCTAssertLessThanOrEqual(inRange.map { abs(sox[0][$0] - ffmpeg[0][$0]) }.max() ?? 1, 1e-7, "\(format) \(knownLength)")
          }
        }
    }

    /// The file's bytes, with the time a PEAK chunk records (libsndfile keeps one
    /// in float RF64) zeroed; the peaks and their frames stay.
    private func comparableBytes(_ path: String) throws -> Data {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if let peak = bytes.prefix(512).range(of: Data("PEAK".utf8)) {
            bytes.replaceSubrange((peak.lowerBound + 12)..<(peak.lowerBound + 16), with: Data(count: 4))
        }
        return bytes
    }

    /// The first four bytes: `RIFF` or `RF64`.
    private func header(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return String(decoding: try handle.read(upToCount: 4) ?? Data(), as: UTF8.self)
    }

    /// A preview past 4 GiB (3 h 15 min of float: the RIFF header said 197 MB of a
    /// 4.5 GB file) is RF64, with its 64-bit sizes right, as ffprobe and ffmpeg
    /// read them. The file is sparse: 4.3 GB long, a few kilobytes on disk.
    /// (sox reads RF64 too, see the parts test, but scans all 4.3 GB to do so.)
    func testAFilePast4GiBIsRF64WithItsSizesRight() throws {
        let frames: Int64 = 540_000_000   // 4 320 000 000 bytes of float samples
        let path = output("long.wav")
        let (left, right) = signal(count: 1_000, seed: 0.7)
        let writer = try WAVWriter(path: path, sampleRate: 48_000, format: .f32, frameCount: frames)
        let audio = AudioBuffer(copying: [left, right]), swapped = AudioBuffer(copying: [right, left])
        try writer.write(audio.slice(0..<1_000))
        try writer.skip(frames: frames - 2_000)
        try writer.write(swapped.slice(0..<1_000))
        try writer.finish()

        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64
        let bytesOnDisk = try URL(fileURLWithPath: path).resourceValues(forKeys: [.totalFileAllocatedSizeKey]).totalFileAllocatedSize
        print("RF64 test file: \(bytes ?? 0) bytes, \(bytesOnDisk ?? 0) on disk")
        XCTAssertEqual(try header(path), "RF64")
        let facts = try streamFacts(path)
        XCTAssertEqual(facts["codec_name"] as? String, "pcm_f32le")
        XCTAssertEqual(facts["duration_ts"] as? Int, Int(frames))
        // The samples sit where the header says: the first frames, and the last read after a seek near the end.
        let first = deinterleave(try Tool.floats(Tool.run("ffmpeg", ["-v", "error", "-i", path, "-t", "0.05", "-f", "f32le", "-"])), channels: 2)
        XCTAssertEqual(Array(first[0].prefix(1_000)), left)
        let tailStart = Double(frames - 1_000) / 48_000
        let last = deinterleave(try Tool.floats(Tool.run("ffmpeg", ["-v", "error", "-ss", String(format: "%.6f", tailStart), "-i", path,
                                                                   "-f", "f32le", "-"])), channels: 2)
        XCTAssertEqual(last[0].suffix(1_000), right[...])
        XCTAssertEqual(last[1].suffix(1_000), left[...])
    }

    /// A writer made for a length that fits RIFF refuses to finish with more than
    /// RIFF holds, rather than write a header that lies.
    func testARIFFFileNeverGetsMoreThan4GiB() throws {
        let path = output("promised.wav")
        do {
            let writer = try WAVWriter(path: path, sampleRate: 48_000, format: .s16, frameCount: 48_000)
            let (left, right) = signal(count: 1_000, seed: 0)
            let audio = AudioBuffer(copying: [left, right])
            try writer.write(audio.slice(0..<1_000))
            try writer.skip(frames: 1_100_000_000)   // 4.4 GB of 16-bit stereo
            guard case let .writeFailed(_, reason)? = caught(MediaIOError.self, try writer.finish()) else { return XCTFail() }
            XCTAssertTrue(reason.contains("more than a WAV file holds (4 GiB)"), reason)
        }
        XCTAssertEqual(try folderContents(), [], "no file, no temporary file")
    }

    func testPartsThatLeaveAGapDoNotFinish() throws {
        let (left, right) = signal(count: 1_000, seed: 0)
        let path = output("gap.wav")
        let writer = try write(path, format: .s24, left: left, right: right, finish: false)
        let part = try writer.part(startingAt: 1_200)
        let audio = AudioBuffer(copying: [left, right])
        try part.write(audio.slice(0..<500))
        XCTAssertThrowsError(try writer.finish()) { error in
            XCTAssertTrue("\(error)".contains("still open"), "\(error)")
        }
        try part.close()
        XCTAssertThrowsError(try writer.finish()) { error in
            XCTAssertTrue("\(error)".contains("frame 1200 is not next to the frames before it"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testUnfinishedWriterLeavesNothing() throws {
        let (left, right) = signal(count: 4_800, seed: 0)
        let path = output("abandoned.wav")
        do {
            _ = try write(path, format: .f32, left: left, right: right, finish: false)
        }
        XCTAssertEqual(try folderContents(), [], "no file at the path and no temporary file")
    }

    func testUnfinishedWriterLeavesAnExistingFileUntouched() throws {
        let path = output("existing.wav")
        let original = Data("the previous render".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let (left, right) = signal(count: 4_800, seed: 0)
        do {
            _ = try write(path, format: .s16, left: left, right: right, finish: false)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original)
        XCTAssertEqual(try folderContents(), ["existing.wav"])

        // Finishing replaces it.
        _ = try write(path, format: .s16, left: left, right: right)
        XCTAssertEqual(try streamFacts(path)["codec_name"] as? String, "pcm_s16le")
        XCTAssertEqual(try folderContents(), ["existing.wav"])
    }

    func testMissingFolderCannotCreateOutput() {
        let path = folder.appendingPathComponent("no-such-folder/out.wav").path
        do {
            _ = try WAVWriter(path: path, sampleRate: 48_000, format: .s24)
            XCTFail("created a file in a missing folder")
        } catch {
            guard case .cannotCreateOutput(path, _) = error else { return XCTFail("expected .cannotCreateOutput, got \(error)") }
            XCTAssertTrue(error.description.contains(path))
        }
    }

    func testPathNamingAFolderCannotCreateOutput() {
        for path in [folder.path, folder.path + "/"] {
            do {
                _ = try WAVWriter(path: path, sampleRate: 48_000, format: .s24)
                XCTFail("created a file over a folder: \(path)")
            } catch {
                guard case .cannotCreateOutput = error else { return XCTFail("expected .cannotCreateOutput, got \(error)") }
            }
        }
    }

    func testAtomicOutputFileCommitAndAbandon() throws {
        let path = output("atomic.bin")
        do {
            let file = try AtomicOutputFile(path: path)
            XCTAssertEqual(file.path, path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.temporaryPath))
            XCTAssertEqual(URL(fileURLWithPath: file.temporaryPath).deletingLastPathComponent().path, folder.path,
                           "same folder, so the rename is atomic")
            try Data("x".utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
            try file.commit()
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.temporaryPath))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("x".utf8), "committed file stays")
        do {
            let file = try AtomicOutputFile(path: path)
            try Data("y".utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data("x".utf8))
        XCTAssertEqual(try folderContents(), ["atomic.bin"])
    }

    /// Decode, write as float, read back: the writer and decoder agree end to end.
    func testDecodedAudioWrittenAsFloatReadsBackIdentically() throws {
        let decoded = try DecodeCache.shared.decode("click-48k.m4a", rate: 48_000)
        let path = output("decoded.wav")
        _ = try write(path, format: .f32, left: decoded.left, right: decoded.right, chunk: 10_000)
        let back = try readBack(path)
        XCTAssertEqual(back[0], decoded.left)
        XCTAssertEqual(back[1], decoded.right)
    }

    /// What `write(_:readingBack:)` hands back is what ffmpeg decodes from the
    /// file, bit for bit: 16-bit dithered, clipped overs, 24-bit, float; from
    /// the writer and from a part.
    func testReadBackFramesAreTheFileAsItDecodes() throws {
        var (left, right) = signal(count: 20_000, seed: 0.7)
        left[5_000] = 1.3
        right[15_000] = -1.7
        let buffer = AudioBuffer(copying: [left, right])
        for format in WAVSampleFormat.allCases {
            let path = output("read-back-\(format).wav")
            let writer = try WAVWriter(path: path, sampleRate: 48_000, format: format, frameCount: 20_000)
            let part = try writer.part(startingAt: 12_000)
            var back: [[Float]] = [[], []]
            let keep = { (written: AudioSlice) throws(MediaIOError) in
                back[0] += Array(written.left)
                back[1] += Array(written.right)
            }
            // Blocks of uneven sizes, the part's after the writer's as in the file.
            for block in [0..<1_000, 1_000..<8_191, 8_191..<12_000] { try writer.write(buffer.slice(block), readingBack: keep) }
            for block in [12_000..<12_001, 12_001..<20_000] { try part.write(buffer.slice(block), readingBack: keep) }
            try part.close()
            try writer.finish()
            let decoded = try readBack(path)
            XCTAssertEqual(back[0].count, 20_000)
            XCTAssertTrue(back[0] == decoded[0] && back[1] == decoded[1], "\(format): the frames handed back are not the file's")
            XCTAssertEqual(back[0][5_000], format == .f32 ? 1.3 : 1 - 1 / Float(1 << (format == .s16 ? 15 : 23)), "\(format) clips")
        }
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.withLock { list.append(message) } }
    var all: [String] { lock.withLock { list } }
}
