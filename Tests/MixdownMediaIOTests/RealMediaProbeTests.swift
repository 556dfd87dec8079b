import Foundation
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// `MediaProbe` on the corpus files (../shared/realmedia) each defect of issue 12
/// was found in; the sweep of every file is `RealMediaSweepTests` (MixdownRenderTests).
final class RealMediaProbeTests: XCTestCase {
    /// The files FFmpeg 5.1 cannot decode: refused, each with one clear line.
    static let undecodable = ["ax-bear-flac-32bit.mka", "ax-bear_32bit.flac"]

    /// 32-bit FLAC, in Matroska and raw: FFmpeg 5.1 opens a decoder but decodes
    /// nothing. One refusal naming the codec and that this FFmpeg cannot decode it.
    func testUndecodableAudioIsRefused() throws {
        for name in Self.undecodable {
            let path = try Fixture.realMedia(name)
            for depth in [MediaProbe.Depth.quick, .audio, .full] {
                XCTAssertThrowsError(try MediaProbe.probe(path: path, depth: depth), "\(name) \(depth)") { error in
                    guard case let .unsupported(errorPath, reason) = error as? MediaIOError else {
                        return XCTFail("\(name): \(error)")
                    }
                    XCTAssertEqual(errorPath, path)
                    XCTAssertTrue(reason.hasPrefix("flac audio with 32-bit samples in "), reason)
                    XCTAssertTrue(reason.contains("cannot be decoded by this FFmpeg (5.1"), reason)
                }
            }
            let decoder = try AudioDecoder(path: path)
            XCTAssertThrowsError(try decoder.readAll()) { error in
                guard case .unsupported = error as? MediaIOError else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    /// Item 1: the audio of ax-sample.mp4 starts 1940 ticks (44 ms) after the
    /// video, behind an empty edit, and libavcodec drops the first AAC frame
    /// (libfaac): the first sample is 2964, and the audio lasts to the end of what
    /// ffmpeg decodes (its last frame whole), not counted from 0.
    func testAudioEndsAtItsEndNotItsLengthFromZero() throws {
        let path = try Fixture.realMedia("ax-sample.mp4")
        let audio = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .quick).audioStream)
        XCTAssertEqual(audio.firstSample, 2964)
        XCTAssertEqual(audio.endSample, 2964 + Int64(try Tool.ffmpegDecode(path).count))
    }

    /// Item 3: the 5.1 Opus in Matroska starts at -7 ms, its pre-skip (312
    /// samples, in the codec parameters only): the first real sample is sample 0.
    func testOpusPreSkipPutsTheFirstSampleAtZero() throws {
        let path = try Fixture.realMedia("ax-opus-5.1.mka")
        let audio = try XCTUnwrap(try MediaProbe.probe(path: path).audioStream)
        XCTAssertEqual(audio.firstSample, 0)
        XCTAssertEqual(audio.encoderDelay, 312)
        XCTAssertEqual(audio.sampleCount, Int64(try Tool.ffmpegDecode(path).count / 6))
        // The decoder's output sample 0 is ffmpeg's first decoded sample.
        let ours = try AudioDecoder(path: path).readSamples(4096)
        let theirs = deinterleave(try Tool.ffmpegDecode(path, extraArguments: [
            "-af", "pan=stereo|c0=c0+0.7071067811865476*c2+0.7071067811865476*c4|c1=c1+0.7071067811865476*c2+0.7071067811865476*c5",
        ]), channels: 2)
        XCTAssertLessThanOrEqual(Measure.maxDifference(ours.left[0..<4096], theirs[0][0..<4096]), 1e-6)
    }

    /// Item 6 and F3: a fragmented MP4 whose mdhd says "unknown" (0xFFFFFFFF) is
    /// counted, not taken as 27 hours; an M4A whose iTunSMPB states 24000 samples
    /// lasts the 24576 that FFmpeg decodes (it reads the tag's priming, not its
    /// length): issue 23's 8 kHz file that ended 72 ms early.
    func testUnknownAndGaplessLengths() throws {
        let fragmented = try XCTUnwrap(try MediaProbe.probe(path: try Fixture.realMedia("ax-sample_fragmented.mp4"), depth: .quick).audioStream)
        XCTAssertNil(fragmented.sampleCount, "not stated")
        XCTAssertNil(fragmented.estimatedSampleCount, "0xFFFFFFFF is no estimate")
        let counted = try MediaProbe.probe(path: try Fixture.realMedia("ax-sample_fragmented.mp4"), depth: .audio)
        XCTAssertEqual(counted.audioStream?.sampleCount, 46 * 1024)
        let path = try Fixture.realMedia("ax-bbb_1ch_8kHz_aac_lc.m4a")
        let gapless = try MediaProbe.probe(path: path, depth: .quick)
        XCTAssertEqual(gapless.audioStream?.sampleCount, Int64(try Tool.ffmpegDecode(path).count), "what ffmpeg decodes")
        XCTAssertEqual(try AudioDecoder(sourceRateOf: path).readAll().count, try Tool.ffmpegDecode(path).count)
    }
}
