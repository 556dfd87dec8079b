import Foundation
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// Every item lasts exactly its decoded audio as FFmpeg presents it: an MP4's
/// last frame whole (past a shorter edit list or iTunSMPB length), and a file
/// shorter than the resampler's filter still yields its samples. Fixtures are
/// made here by ffmpeg or by hand; the reference is ffmpeg's decode of each.
final class AudioLengthTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func make(_ name: String, _ arguments: [String]) throws -> String {
        let path = folder + "/" + name
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments + [path])
        return path
    }

    /// Samples per channel ffmpeg's CLI decodes at the file's own rate.
    private func ffmpegCount(_ path: String) throws -> Int {
        try Tool.ffmpegDecode(path, extraArguments: ["-ac", "1"]).count
    }

    /// The quick probe, the full probe and a decode at the file's own rate all
    /// count what ffmpeg decodes; at 48 kHz the decode is that length scaled.
    private func assertLastsWhatFFmpegDecodes(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try ffmpegCount(path)
        let name = (path as NSString).lastPathComponent
        let quick = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .quick).audioStream)
        let full = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .full).audioStream)
        XCTAssertEqual(full.firstSample, 0, name, file: file, line: line)
        XCTAssertEqual(full.sampleCount, Int64(expected), "\(name): full probe", file: file, line: line)
        if let stated = quick.sampleCount {
            XCTAssertEqual(stated, Int64(expected), "\(name): quick probe", file: file, line: line)
        }
        XCTAssertEqual(try AudioDecoder(sourceRateOf: path).readAll().count, expected, "\(name): decode", file: file, line: line)
        let rate = Double(try XCTUnwrap(quick.sampleRate))
        XCTAssertEqual(try AudioDecoder(path: path, sampleRate: 48_000).readAll().count,
                       Int((Double(expected) * 48_000 / rate).rounded()), "\(name): decode at 48 kHz", file: file, line: line)
    }

    /// An AAC M4A whose edit list ends inside its last frame (as every encoder's
    /// does) and one whose iTunSMPB states a length shorter still (an 8 kHz
    /// phone-style file lost 576 samples, 72 ms, to it): both play to the end of
    /// their last frame, as ffmpeg decodes them.
    func testMP4AudioEndsWhereFFmpegsDecodeEnds() throws {
        let tone = ["-f", "lavfi", "-i", "sine=f=440:r=8000", "-t", "0.5", "-c:a", "aac"]
        try assertLastsWhatFFmpegDecodes(try make("edit.m4a", tone))
        // 0x840 priming, 0xE00 = 3584 samples of 4000: ffmpeg reads the tag and cuts nothing by it.
        let tagged = try make("itunsmpb.m4a", tone + ["-metadata", "iTunSMPB= 00000000 00000840 000001CA 0000000000000E00",
                                                      "-movflags", "use_metadata_tags"])
        XCTAssertTrue(try Tool.run("ffprobe", ["-v", "error", "-show_format", tagged]).contains("iTunSMPB".data(using: .utf8)!))
        try assertLastsWhatFFmpegDecodes(tagged)
    }

    /// Audio behind the video by an empty edit, the audio's edit ending inside its
    /// last frame (a camera's MOV, its audio 44 ms late, lost 23 ms): it starts on
    /// the empty edit's end and plays its last frame whole.
    func testLateMOVAudioEndsWhereFFmpegsDecodeEnds() throws {
        let path = try make("late.mov", ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25", "-itsoffset", "0.044",
                                         "-f", "lavfi", "-i", "sine=f=440:r=44100", "-t", "0.5", "-map", "0:v", "-map", "1:a",
                                         "-c:v", "mpeg4", "-c:a", "aac", "-shortest"])
        let oracle = try AudioOracle(path: path)
        XCTAssertGreaterThan(oracle.firstSample, 0, "the audio starts behind an empty edit")
        let stream = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .full).audioStream)
        XCTAssertEqual(stream.firstSample, Int64(oracle.firstSample))
        XCTAssertEqual(stream.sampleCount, Int64(oracle.decodedCount - oracle.droppedAtStart))
        XCTAssertEqual(try AudioDecoder(sourceRateOf: path).readAll().count, oracle.endSample)
    }

    /// Fragmented MP4 with E-AC-3 5.1 (1536-sample frames; a file lost its last, 32 ms).
    func testFragmentedEAC3EndsWhereFFmpegsDecodeEnds() throws {
        try assertLastsWhatFFmpegDecodes(try make("fragmented.mp4", [
            "-f", "lavfi", "-i", "sine=f=440:r=48000", "-t", "0.3", "-af", "pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0",
            "-c:a", "eac3", "-movflags", "frag_keyframe+delay_moov", "-frag_duration", "100000"]))
    }

    /// A one-frame MP3 (its LAME Info header and delay leave 47 samples) and WAVs
    /// of one and ten samples, shorter than libswresample's filter: at 48 kHz each
    /// yields its samples (FFmpeg's CLI resampling yields none), the values of a
    /// resample of the file followed by silence, and plays whole in a mix.
    func testFilesShorterThanTheResamplersFilterYieldTheirSamples() throws {
        let mp3 = try make("one-frame.mp3", ["-f", "lavfi", "-i", "sine=f=440:r=44100", "-t", "0.001", "-c:a", "libmp3lame"])
        var files = [mp3]
        for count in [1, 10] {
            let wav = folder + "/\(count)-samples.wav"
            try Self.wav(samples: [Int16](repeating: 12_000, count: count), rate: 44_100).write(to: URL(fileURLWithPath: wav))
            files.append(wav)
        }
        for path in files {
            let name = (path as NSString).lastPathComponent
            let native = try ffmpegCount(path)
            XCTAssertGreaterThan(native, 0, name)
            let expected = Int((Double(native) * 48_000 / 44_100).rounded())
            let ours = try AudioDecoder(path: path, sampleRate: 48_000).readAll()
            XCTAssertEqual(ours.count, expected, name)
            let reference = try Tool.ffmpegDecode(path, extraArguments: ["-ac", "1", "-af", "apad=pad_len=4096", "-ar", "48000"])
            XCTAssertLessThanOrEqual(Measure.maxDifference(ours.left[...], reference[0..<expected]), 1e-5, name)
            XCTAssertGreaterThan(ours.left.map(abs).max() ?? 0, 0.1, "\(name) is not silence")
        }
    }

    /// A FLAC whose rate changes mid-stream (0.5 s at 44.1 kHz, then 0.5 s at
    /// 22.05 kHz: two encodes joined at the byte level; one such file was placed
    /// 1.6 s short, its length counted at one rate): it lasts what ffmpeg's CLI
    /// decodes (the second part resampled to the first rate, 1 s), its second
    /// part where ffmpeg puts it.
    func testFLACWhoseRateChangesLastsWhatFFmpegDecodes() throws {
        let first = try make("a.flac", ["-f", "lavfi", "-i", "sine=f=440:r=44100", "-t", "0.5", "-c:a", "flac"])
        let second = try make("b.flac", ["-f", "lavfi", "-i", "sine=f=660:r=22050", "-t", "0.5", "-c:a", "flac"])
        let tail = [UInt8](try Data(contentsOf: URL(fileURLWithPath: second)))
        // After `fLaC`, metadata blocks (a 4-byte header: last-block flag, type, 24-bit length), then frames.
        var offset = 4
        while true {
            let last = tail[offset] & 0x80 != 0
            offset += 4 + (Int(tail[offset + 1]) << 16 | Int(tail[offset + 2]) << 8 | Int(tail[offset + 3]))
            if last { break }
        }
        let joined = folder + "/joined.flac"
        try (try Data(contentsOf: URL(fileURLWithPath: first)) + Data(tail[offset...])).write(to: URL(fileURLWithPath: joined))

        let reference = try Tool.ffmpegDecode(joined, extraArguments: ["-ac", "1"])
        XCTAssertEqual(reference.count, 44_100, "ffmpeg: 0.5 s + 0.5 s resampled to 44.1 kHz")
        let quick = try XCTUnwrap(try MediaProbe.probe(path: joined, depth: .quick).audioStream)
        XCTAssertNil(quick.sampleCount, "the header counts at one rate: not stated exactly")
        XCTAssertEqual(try MediaProbe.probe(path: joined, depth: .audio).audioStream?.sampleCount, 44_100)
        let ours = try AudioDecoder(sourceRateOf: joined).readAll()
        XCTAssertEqual(ours.count, reference.count)
        let secondHalf = 23_000..<43_000
        XCTAssertGreaterThan(Measure.correlation(ours.left, reference, lag: 0, range: secondHalf), 0.99, "the 660 Hz part in place")
        XCTAssertGreaterThan(Measure.correlation(ours.left, reference, lag: 0, range: 1_000..<21_000), 0.999, "the 440 Hz part")
        XCTAssertEqual(try AudioDecoder(path: joined, sampleRate: 48_000).readAll().count, 48_000)
        // A seek into the second part lands where a decode from the start puts it.
        let seeking = try AudioDecoder(sourceRateOf: joined)
        try seeking.seek(toSample: 30_000)
        XCTAssertEqual(try seeking.readSamples(5_000).left, Array(ours.left[30_000..<35_000]))
    }

    /// A 16-bit mono WAV of `samples` at `rate`.
    static func wav(samples: [Int16], rate: Int) -> Data {
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + 2 * samples.count)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); u32(16); u16(1); u16(1); u32(rate); u32(2 * rate); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(2 * samples.count)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }
}
