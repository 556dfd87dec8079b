import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// Where decoded samples land: priming removed, clicks on their sample, exact lengths.
final class AudioDecoderTimingTests: XCTestCase {
    static let clickFiles = ["clip-a.mp4", "clip-b.mp4", "clip-c.mp4", "click-48k.m4a"]

    private func click(_ name: String) throws -> (time: Double, sample: Int, rate: Int) {
        let audio = try Fixture.audioFacts(name)
        let click = try XCTUnwrap(audio["click"] as? [String: Any])
        return (try Fixture.number(click, "time"), Int(try Fixture.number(click, "sample")),
                Int(try Fixture.number(audio, "sample_rate")))
    }

    func testClickLandsOnItsSampleAt48k() throws {
        var report: [String] = []
        for name in Self.clickFiles {
            let click = try click(name)
            let decoded = try DecodeCache.shared.decode(name, rate: 48_000)
            let expected = Int((click.time * 48_000).rounded())
            for (side, channel) in [("L", decoded.left), ("R", decoded.right)] {
                let found = Measure.argmaxAbs(channel)
                report.append("\(name) \(side) \(found - expected)")
                XCTAssertLessThanOrEqual(abs(found - expected), 1, "\(name) \(side): click at \(found), expected \(expected)")
            }
        }
        print("click offsets at 48 kHz (samples): " + report.joined(separator: ", "))
    }

    func testClickLandsExactlyOnTheManifestSampleAtTheNativeRate() throws {
        for name in Self.clickFiles {
            let click = try click(name)
            let decoded = try DecodeCache.shared.decode(name, rate: nil)
            XCTAssertEqual(Measure.argmaxAbs(decoded.left), click.sample, "\(name) L")
            XCTAssertEqual(Measure.argmaxAbs(decoded.right), click.sample, "\(name) R")
        }
    }

    /// At its own rate a stereo file decodes to exactly what the ffmpeg CLI decodes,
    /// the last AAC frame whole as FFmpeg presents it (past the edit list's end).
    func testNativeRateDecodeEqualsFFmpeg() throws {
        for name in ["clip-a.mp4", "clip-b.mp4", "click-48k.m4a", "music.mp3"] {
            let ours = try DecodeCache.shared.decode(name, rate: nil)
            let channels = deinterleave(try Tool.ffmpegDecode(Fixture.path(name)), channels: 2)
            XCTAssertEqual(ours.count, channels[0].count, "\(name) length")
            let n = min(ours.count, channels[0].count)
            XCTAssertLessThanOrEqual(Measure.maxDifference(ours.left[0..<n], channels[0][0..<n]), 1e-7, "\(name) L")
            XCTAssertLessThanOrEqual(Measure.maxDifference(ours.right[0..<n], channels[1][0..<n]), 1e-7, "\(name) R")
        }
    }

    func testExactLengths() throws {
        // MP4: ffmpeg's decode, the last 1024-sample frame whole (the edit list ends
        // inside it), scaled to the output rate.
        for (name, rate) in [("clip-a.mp4", 48_000), ("clip-b.mp4", 48_000), ("clip-b.mp4", 44_100),
                             ("click-48k.m4a", 48_000), ("surround51.m4a", 48_000)] {
            let stream = try XCTUnwrap(try MediaProbe.probe(path: Fixture.path(name), depth: .quick).audioStream, name)
            let native = Double(try Tool.ffmpegDecode(Fixture.path(name)).count / (stream.channels ?? 1))
            let expected = Int((native * Double(rate) / Double(stream.sampleRate ?? 0)).rounded())
            XCTAssertEqual(try DecodeCache.shared.decode(name, rate: SampleRate(hertz: rate)).count, expected, "\(name) at \(rate)")
        }

        // MP3: what ffmpeg decodes (the LAME header's delay and padding removed).
        let mp3 = try Tool.ffmpegDecode(Fixture.path("music.mp3")).count / 2
        XCTAssertEqual(mp3, Int(try Fixture.number(try Fixture.audioFacts("music.mp3"), "samples")))
        XCTAssertEqual(try DecodeCache.shared.decode("music.mp3", rate: 44_100).count, mp3)

        // Resampled WAV: the source length scaled to the output rate, rounded.
        for name in ["vo-short.wav", "sine-1k-22050.wav"] {
            let n = Double(try Fixture.number(try Fixture.audioFacts(name), "samples"))
            XCTAssertEqual(try DecodeCache.shared.decode(name, rate: 48_000).count, Int((n * 48_000 / 22_050).rounded()), name)
            XCTAssertEqual(try DecodeCache.shared.decode(name, rate: 22_050).count, Int(n), name)
        }
    }

    /// The tail of an AAC file is the signal up to its edit list's end (the last
    /// frame then plays whole, as FFmpeg presents it).
    func testAACTailIsSignalUpToTheLastSample() throws {
        let decoded = try DecodeCache.shared.decode("clip-a.mp4", rate: 48_000)
        let tail = decoded.left[(288_000 - 480)..<288_000]
        XCTAssertEqual(Measure.rms(tail), 0.0707, accuracy: 0.01, "the 440 Hz tone runs to the end")
    }

    /// Reading in odd chunk sizes gives the same samples as large chunks.
    func testChunkSizeDoesNotChangeTheOutput() throws {
        for name in ["clip-b.mp4", "vo-short.wav"] {
            let whole = try DecodeCache.shared.decode(name, rate: 48_000)
            let decoder = try AudioDecoder(path: Fixture.path(name), sampleRate: 48_000)
            let small = try decoder.readAll(chunk: 997)
            XCTAssertEqual(small.count, whole.count, name)
            XCTAssertEqual(small.left, whole.left, name)
            XCTAssertEqual(small.right, whole.right, name)
            XCTAssertEqual(decoder.position, Int64(whole.count), name)
            // At the end, read keeps returning 0.
            var block = AudioBuffer(capacity: 16)
            XCTAssertEqual(try decoder.read(into: block.mutableSlice(0..<16)), 0)
        }
    }

    /// `forEachBlock` hands over the stream in blocks of the size asked (the last
    /// one shorter), stops after the frames asked or at the end, and polls for
    /// cancellation before each block.
    func testBlocksCoverTheStreamAndStopWhereAsked() throws {
        let whole = try DecodeCache.shared.decode("vo-short.wav", rate: 48_000)
        let decoder = try AudioDecoder(path: Fixture.path("vo-short.wav"), sampleRate: 48_000)
        var sizes: [Int] = [], left: [Float] = []
        XCTAssertEqual(try decoder.forEachBlock(frames: 10_000, blockSize: 3_000) { block in
            sizes.append(block.count)
            left += block.left
        }, 10_000)
        XCTAssertEqual(sizes, [3_000, 3_000, 3_000, 1_000])
        XCTAssertEqual(left, Array(whole.left[..<10_000]))
        XCTAssertEqual(decoder.position, 10_000)
        let rest = try decoder.forEachBlock(frames: Int64(whole.count)) { left += $0.left }
        XCTAssertEqual(rest, Int64(whole.count - 10_000), "fewer than asked: the stream ended")
        XCTAssertEqual(left, whole.left)
        XCTAssertEqual(try decoder.forEachBlock { _ in XCTFail("a block after the end") }, 0)

        var polls = 0
        let cancelled = try AudioDecoder(path: Fixture.path("vo-short.wav"), sampleRate: 48_000)
        let stopAtTheThirdPoll = { () -> Bool in
            polls += 1
            return polls > 2
        }
        XCTAssertThrowsError(try cancelled.forEachBlock(blockSize: 1_000, isCancelled: stopAtTheThirdPoll) { _ in }) { error in
            XCTAssertEqual(error as? MediaIOError, .cancelled)
        }
        XCTAssertEqual(cancelled.position, 2_000, "two blocks before the cancellation")
    }

    /// Audio that starts after the video is preceded by silence, so output sample 0 is
    /// the container's start. The fixture is clip-a remuxed with its audio 0.5 s late.
    func testLateAudioIsPrecededBySilence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mixdown-io-late-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let late = folder.appendingPathComponent("late.mp4").path
        let source = Fixture.path("clip-a.mp4")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", source, "-itsoffset", "0.5", "-i", source,
                                    "-map", "0:v", "-map", "1:a", "-c", "copy", late])
        // The oracle: ffprobe's audio start time plus where the CLI (which does not pad) puts the click.
        let json = try Tool.ffprobeJSON(late)
        let streams = try XCTUnwrap(json["streams"] as? [[String: Any]])
        let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" })
        let audioStart = try XCTUnwrap(Double(try XCTUnwrap(audio["start_time"] as? String)))
        let audioDuration = try XCTUnwrap(Double(try XCTUnwrap(audio["duration"] as? String)))
        let formatStart = try XCTUnwrap(Double(try XCTUnwrap((json["format"] as? [String: Any])?["start_time"] as? String)))
        XCTAssertEqual(formatStart, 0)
        XCTAssertGreaterThan(audioStart, 0.4)
        let cli = deinterleave(try Tool.ffmpegDecode(late), channels: 2)[0]
        let expected = Int((audioStart * 48_000).rounded()) + Measure.argmaxAbs(cli)

        let decoded = try AudioDecoder(path: late, sampleRate: 48_000).readAll()
        XCTAssertEqual(Measure.argmaxAbs(decoded.left), expected)
        let lead = Int((audioStart * 48_000).rounded())
        XCTAssertEqual(decoded.left.firstIndex { $0 != 0 }, lead, "silence up to the audio's start")
        XCTAssertEqual(decoded.count, lead + cli.count, "then the audio, to the end of ffmpeg's decode")
        XCTAssertGreaterThan(lead + cli.count, Int(((audioStart + audioDuration) * 48_000).rounded()), "its last frame whole")
    }

    func testDecoderReportsItsSource() throws {
        let decoder = try AudioDecoder(path: Fixture.path("clip-b.mp4"), sampleRate: 48_000)
        XCTAssertEqual(decoder.sampleRate, 48_000)
        XCTAssertEqual(decoder.sourceSampleRate, 44_100)
        XCTAssertEqual(decoder.sourceChannels, 2)
        XCTAssertEqual(decoder.streamIndex, 1)
        XCTAssertEqual(decoder.position, 0)
        let surround = try AudioDecoder(path: Fixture.path("surround51.m4a"))
        XCTAssertEqual(surround.sourceChannels, 6)
        XCTAssertEqual(surround.sampleRate, 48_000)
        let native = try AudioDecoder(sourceRateOf: Fixture.path("clip-b.mp4"))
        XCTAssertEqual(native.sampleRate, 44_100)
        XCTAssertEqual(native.streamIndex, 1)
    }
}
