import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// Audio files that other programs make oddly: decoded as FFmpeg's CLI decodes
/// them, or refused with a reason that names what this FFmpeg lacks. Each
/// fixture is made here by ffmpeg and a few bytes.
final class OddAudioFileTests: XCTestCase {
    /// Two MP3 encodes joined by `cat`, the second with an ID3v2 tag holding cover
    /// art: the tag's bytes reach the decoder as chunks it rejects, and the audio
    /// after them plays on from the next frame, as ffmpeg plays it, not a frame
    /// later per chunk.
    func testJoinedMP3WithCoverArtInTheMiddleDecodesAsFFmpegDoes() throws {
        let folder = try TemporaryFolder()
        let first = folder.file("a.mp3"), second = folder.file("b.mp3"), cover = folder.file("cover.png")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.3:sample_rate=44100",
                                    "-c:a", "libmp3lame", "-b:a", "128k", first])
        // A cover of some 30 kB, cut by the MP3 parser into several chunks.
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=480x480", "-frames:v", "1", cover])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=1000:duration=0.3:sample_rate=44100",
                                    "-i", cover, "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-b:a", "128k", "-c:v", "png",
                                    "-disposition:v", "attached_pic", "-id3v2_version", "3", second])
        let joined = folder.file("joined.mp3")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        bytes.append(try Data(contentsOf: URL(fileURLWithPath: second)))
        try bytes.write(to: URL(fileURLWithPath: joined))
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: cover)).count, 20_000, "the cover spans several chunks")

        let reference = try Tool.ffmpegDecode(joined)
        let ours = try AudioDecoder(sourceRateOf: joined).readAll().left
        XCTAssertEqual(ours.count, reference.count, "as long as ffmpeg's decode")
        let n = min(ours.count, reference.count)
        XCTAssertGreaterThan(Measure.correlation(reference, ours, lag: 0, range: 0..<n), 0.99)
        XCTAssertLessThan(Measure.maxDifference(ours[0..<n], reference[0..<n]), 1e-6)
    }

    /// An Ogg Vorbis file whose last page (end of stream set) holds one empty
    /// packet: FFmpeg's decoder refuses an empty packet with `EINVAL` and its CLI
    /// decodes past it; so does Mixdown.
    func testOggEndingWithAnEmptyPacketIsRead() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain.ogg")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.4:sample_rate=44100",
                                    "-c:a", "libvorbis", plain])
        let damaged = folder.file("empty-eos.ogg")
        try OggPages.appendingEmptyEndPage(to: try Data(contentsOf: URL(fileURLWithPath: plain))).write(to: URL(fileURLWithPath: damaged))
        XCTAssertTrue(try Tool.decodeErrors(damaged).contains("Invalid argument"), "the fixture reproduces FFmpeg's refusal")

        // ffmpeg's decode placed by the documented rule; mono, so one channel.
        let oracle = try AudioOracle(path: damaged)
        let reference = Array(oracle.decoded[oracle.droppedAtStart...])
        let ours = try AudioDecoder(sourceRateOf: damaged).readAll().left
        print("empty end page: ours \(ours.count), ffmpeg \(oracle.decodedCount) decoded, \(oracle.sampleCount) placed from \(oracle.firstSample)")
        XCTAssertEqual(ours.count, oracle.endSample)
        let n = min(ours.count - oracle.firstSample, reference.count)
        XCTAssertLessThan(Measure.maxDifference(ours[oracle.firstSample..<oracle.firstSample + n], reference[0..<n]), 1e-6)
        let probe = try MediaProbe.probe(path: damaged)
        XCTAssertEqual(probe.audioStream?.sampleCount, Int64(oracle.sampleCount), "the probe counts what the decoder plays")
    }

    /// xHE-AAC (USAC, audio object type 42), which FFmpeg 5.1 opens no decoder for:
    /// refused as unsupported, naming the profile and this FFmpeg, like other
    /// audio it cannot decode, not as unreadable media.
    func testXHEAACIsRefusedAsAProfileThisFFmpegCannotDecode() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("lc.m4a")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=frequency=440:duration=0.2:sample_rate=44100",
                                    "-c:a", "aac", plain])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        // The esds's DecoderSpecificInfo (tag 5, FFmpeg's four-byte length): its
        // AudioSpecificConfig begins with the object type, 2 (LC) here; 31 escapes to 32 + 10.
        let esds = try XCTUnwrap(bytes.indices.first { Array(bytes[$0..<$0 + 4]) == Array("esds".utf8) })
        let info = try XCTUnwrap((esds..<bytes.count - 8).first { bytes[$0] == 5 && bytes[$0 + 1...$0 + 3] == [0x80, 0x80, 0x80] })
        XCTAssertEqual(bytes[info + 5] >> 3, 2, "AAC-LC before the patch")
        let frequencyIndex = (bytes[info + 5] & 7) << 1 | bytes[info + 6] >> 7
        let channels = (bytes[info + 6] >> 3) & 0x0F
        XCTAssertGreaterThanOrEqual(bytes[info + 4], 3, "room for the escaped object type")
        bytes[info + 5] = 0b11111_001
        bytes[info + 6] = 0b010 << 5 | frequencyIndex << 1 | channels >> 3
        bytes[info + 7] = (channels & 7) << 5
        let usac = folder.file("xhe.m4a")
        try Data(bytes).write(to: URL(fileURLWithPath: usac))
        XCTAssertThrowsError(try Tool.run("ffmpeg", ["-v", "warning", "-nostdin", "-i", usac, "-f", "null", "-"])) { refusal in
            XCTAssertTrue("\(refusal)".contains("Audio object type 42 is not implemented"), "FFmpeg's own refusal: \(refusal)")
        }

        guard let error = caught(MediaIOError.self, try AudioDecoder(path: usac)) else { return }
        guard case let .unsupported(path, reason) = error else { return XCTFail("\(error)") }
        XCTAssertEqual(path, usac)
        XCTAssertTrue(reason.hasPrefix("aac audio (xHE-AAC, USAC) cannot be decoded by this FFmpeg ("), reason)
        XCTAssertEqual(caught(MediaIOError.self, try MediaProbe.probe(path: usac)), error, "the probe says the same")
    }
}
