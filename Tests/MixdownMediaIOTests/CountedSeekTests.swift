import Foundation
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// A seek in an MP3 (placed as decoded, its timestamps not counting samples)
/// counts the packets before the target from their headers instead of decoding
/// them: the samples after it equal a decode from the start bit for bit, and
/// only the pre-roll is decoded.
final class CountedSeekTests: XCTestCase {
    /// Seeks a fresh decoder to each of `targets` and compares `length` samples
    /// with the same samples of one decode from the start, exactly. Returns the
    /// frames each seek decoded.
    @discardableResult
    private func assertSeeksExactly(_ path: String, rate: SampleRate = .standard, targets: [Int64], length: Int = 6_000,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> [Int] {
        let full = try AudioDecoder(path: path, sampleRate: rate).readAll()
        var decoded: [Int] = []
        for target in targets {
            let decoder = try AudioDecoder(path: path, sampleRate: rate)
            try decoder.seek(toSample: target)
            let got = try decoder.readSamples(length, chunk: 4096)
            decoded.append(decoder.framesDecoded)
            let start = Int(target), end = min(full.count, start + length)
            XCTAssertEqual(got.count, max(0, end - start), "\(path) @\(target): samples read", file: file, line: line)
            guard got.count == end - start, got.count > 0 else { continue }
            XCTAssertEqual(got.left, Array(full.left[start..<end]), "\(path) @\(target): left", file: file, line: line)
            XCTAssertEqual(got.right, Array(full.right[start..<end]), "\(path) @\(target): right", file: file, line: line)
        }
        return decoded
    }

    /// The probe that counts the played audio (depth `.audio`) counts what a decode delivers.
    private func assertProbeCountsTheDecode(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let decoded = try AudioDecoder(sourceRateOf: path).readAll().count
        let stream = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .audio).audioStream, file: file, line: line)
        XCTAssertEqual(stream.endSample, Int64(decoded), "\(path): probed end", file: file, line: line)
    }

    private func make(_ folder: TemporaryFolder, _ name: String, _ arguments: [String]) throws -> String {
        let path = folder.file(name)
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments + [path])
        return path
    }

    /// CBR at 44.1 kHz (MPEG-1, 1152 samples a frame) with its LAME header and
    /// encoder delay, read at 48 kHz and at its own rate; only the pre-roll is decoded.
    func testCBRSeekCountsPacketsAndEqualsADecodeFromTheStart() throws {
        let folder = try TemporaryFolder()
        let mp3 = try make(folder, "cbr.mp3", ["-f", "lavfi", "-i", "sine=f=440:r=44100:d=12", "-ac", "2", "-c:a", "libmp3lame", "-b:a", "128k"])
        let decoded = try assertSeeksExactly(mp3, targets: [1_000, 240_001, 480_000, 575_000])
        // 10 s in: decoding from the start would take some 415 frames; the pre-rolls about 45.
        XCTAssertLessThan(decoded[2], 60, "frames decoded by a seek to 10 s: \(decoded)")
        try assertSeeksExactly(mp3, rate: SampleRate(hertz: 44_100), targets: [7, 220_500, 529_000])
        try assertProbeCountsTheDecode(mp3)
    }

    /// VBR with a Xing header, and MPEG-2 (22.05 kHz mono, 576 samples a frame).
    func testVBRAndMPEG2SeeksEqualADecodeFromTheStart() throws {
        let folder = try TemporaryFolder()
        let vbr = try make(folder, "vbr.mp3", ["-f", "lavfi", "-i", "anoisesrc=d=8:c=pink:r=44100:a=0.3", "-c:a", "libmp3lame", "-q:a", "5"])
        XCTAssertLessThan(try assertSeeksExactly(vbr, targets: [3_000, 150_000, 300_000])[2], 60)
        let lsf = try make(folder, "mpeg2.mp3", ["-f", "lavfi", "-i", "sine=f=300:r=22050:d=8", "-c:a", "libmp3lame", "-b:a", "48k"])
        XCTAssertLessThan(try assertSeeksExactly(lsf, targets: [100, 200_000, 340_000])[2], 120)
        try assertProbeCountsTheDecode(vbr)
        try assertProbeCountsTheDecode(lsf)
    }

    /// Two encodes joined by `cat`, the second with a cover in its ID3v2 tag: the
    /// tag's chunks, which the decoder rejects, count no samples (as a decode
    /// from the start places the audio after them).
    func testSeekPastATagInTheMiddleEqualsADecodeFromTheStart() throws {
        let folder = try TemporaryFolder()
        let first = try make(folder, "a.mp3", ["-f", "lavfi", "-i", "sine=frequency=440:duration=3:sample_rate=44100", "-c:a", "libmp3lame", "-b:a", "128k"])
        let cover = try make(folder, "cover.png", ["-f", "lavfi", "-i", "testsrc2=size=480x480", "-frames:v", "1"])
        let second = try make(folder, "b.mp3", ["-f", "lavfi", "-i", "sine=frequency=1000:duration=3:sample_rate=44100", "-i", cover,
                                                "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-b:a", "128k", "-c:v", "png",
                                                "-disposition:v", "attached_pic", "-id3v2_version", "3"])
        let joined = folder.file("joined.mp3")
        try (try Data(contentsOf: URL(fileURLWithPath: first)) + Data(contentsOf: URL(fileURLWithPath: second)))
            .write(to: URL(fileURLWithPath: joined))
        // ffmpeg's decode is as long as ours: the tag adds no samples.
        XCTAssertEqual(try AudioDecoder(sourceRateOf: joined).readAll().count, try Tool.ffmpegDecode(joined).count)
        let decoded = try assertSeeksExactly(joined, rate: SampleRate(hertz: 44_100), targets: [100_000, 170_000, 250_000])
        XCTAssertLessThan(decoded[2], 60, "frames decoded by a seek past the tag: \(decoded)")
        try assertProbeCountsTheDecode(joined)
    }

    /// Every MP3 of the real-media corpus (Xing VBR, an ID3 cover, LAME CBR mono,
    /// music with ID3): a seek to a quarter, half and nine tenths of it equals
    /// a decode from the start.
    func testRealMediaMP3SeeksEqualADecodeFromTheStart() throws {
        let names = try Fixture.realMediaManifest().keys.filter { $0.lowercased().hasSuffix(".mp3") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let path = try Fixture.realMedia(name)
            let total = Int64(try AudioDecoder(path: path).readAll().count)
            try assertSeeksExactly(path, targets: [total / 4, total / 2, total * 9 / 10])
            try assertProbeCountsTheDecode(path)
        }
    }
}
