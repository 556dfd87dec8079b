import Foundation
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// `MediaProbe.probe` against ffprobe, field by field, for every fixture.
final class MediaProbeTests: XCTestCase {
    /// ffprobe prints times with 6 decimals.
    private let timeTolerance = 0.000_000_6

    func testEveryFixtureMatchesFFprobe() throws {
        for name in Fixture.mediaFiles {
            try compareWithFFprobe(name)
        }
    }

    private func compareWithFFprobe(_ name: String) throws {
        let path = Fixture.path(name)
        let info = try MediaProbe.probe(path: path)
        let json = try ffprobeEverything(path)
        let format = try XCTUnwrap(json["format"] as? [String: Any])
        let streams = try XCTUnwrap(json["streams"] as? [[String: Any]])
        let packets = try XCTUnwrap(json["packets"] as? [[String: Any]])

        XCTAssertEqual(info.path, path)
        XCTAssertEqual(info.container, format["format_name"] as? String, name)
        assertTime(info.duration, format["duration"], "\(name) format duration")
        XCTAssertEqual(info.bitRate, (format["bit_rate"] as? String).flatMap { Int64($0) }, "\(name) bit rate")
        XCTAssertEqual(info.streams.count, streams.count, "\(name) stream count")
        XCTAssertFalse(info.isTruncated, "\(name) is complete")

        for (ours, theirs) in zip(info.streams, streams) {
            let label = "\(name) stream \(ours.index)"
            XCTAssertEqual(ours.index, theirs["index"] as? Int, label)
            XCTAssertEqual(ours.kind.rawValue, theirs["codec_type"] as? String, label)
            XCTAssertEqual(ours.codec, theirs["codec_name"] as? String, "\(label) codec")
            XCTAssertEqual(ours.profile, theirs["profile"] as? String, "\(label) profile")
            XCTAssertEqual(ours.timeBase?.description, theirs["time_base"] as? String, "\(label) time base")
            assertTime(ours.startTime, theirs["start_time"], "\(label) start time")
            assertTime(ours.duration, theirs["duration"], "\(label) duration")
            XCTAssertEqual(ours.bitRate, (theirs["bit_rate"] as? String).flatMap { Int64($0) }, "\(label) bit rate")
            XCTAssertEqual(ours.packetCount, (theirs["nb_read_packets"] as? String).flatMap { Int($0) }, "\(label) packets read")
            let own = packets.filter { $0["stream_index"] as? Int == ours.index }
            XCTAssertEqual(own.count, ours.packetCount, label)
            XCTAssertEqual(ours.indexedPacketCount, (theirs["nb_frames"] as? String).flatMap { Int($0) },
                           "\(label) indexed packets")
            XCTAssertFalse(ours.isTruncated, label)
            switch ours.kind {
            case .audio:
                XCTAssertEqual(ours.sampleRate, (theirs["sample_rate"] as? String).flatMap { Int($0) }, "\(label) rate")
                XCTAssertEqual(ours.channels, theirs["channels"] as? Int, "\(label) channels")
                XCTAssertEqual(ours.channelLayout, theirs["channel_layout"] as? String, "\(label) layout")
                XCTAssertEqual(ours.encoderDelay, skipSamples(own.first), "\(label) encoder delay")
                XCTAssertNil(ours.width)
                XCTAssertNil(ours.keyframeCount)
            case .video:
                XCTAssertEqual(ours.width, theirs["width"] as? Int, "\(label) width")
                XCTAssertEqual(ours.height, theirs["height"] as? Int, "\(label) height")
                XCTAssertEqual(ours.pixelFormat, theirs["pix_fmt"] as? String, "\(label) pix_fmt")
                XCTAssertEqual(ours.frameRate.map { "\($0.numerator)/\($0.denominator)" }, theirs["avg_frame_rate"] as? String, "\(label) frame rate")
                let sideData = theirs["side_data_list"] as? [[String: Any]] ?? []
                let rotation = sideData.compactMap { ($0["rotation"] as? NSNumber)?.doubleValue }.first ?? 0
                XCTAssertEqual(ours.rotation, rotation, "\(label) rotation")
                XCTAssertEqual(ours.hasFrameReordering, (theirs["has_b_frames"] as? Int ?? 0) > 0, "\(label) reordering")
                let keyframes = keyframeFacts(own, timeBase: try XCTUnwrap(ours.timeBase))
                XCTAssertEqual(ours.keyframeCount, keyframes.count, "\(label) keyframes")
                XCTAssertEqual(ours.longestKeyframeInterval ?? -1, keyframes.longest, accuracy: 1e-9, "\(label) keyframe interval")
                XCTAssertNil(ours.sampleRate)
                XCTAssertNil(ours.encoderDelay)
            default:
                XCTFail("\(label): unexpected stream kind \(ours.kind)")
            }
        }
    }

    /// The manifest's facts, which were checked when the fixtures were generated.
    func testVideoFactsMatchManifest() throws {
        let manifest = try Fixture.manifest()
        for name in ["clip-a.mp4", "clip-b.mp4", "clip-c.mp4", "portrait.mp4", "other-size.mp4"] {
            let facts = try XCTUnwrap((manifest[name] as? [String: Any])?["video"] as? [String: Any])
            let info = try MediaProbe.probe(path: Fixture.path(name))
            let video = try XCTUnwrap(info.firstStream(.video))
            let frames = Int(try Fixture.number(facts, "frames"))
            let interval = Int(try Fixture.number(facts, "keyframe_interval_frames"))
            XCTAssertEqual(video.keyframeCount, frames / interval, name)
            XCTAssertEqual(video.longestKeyframeInterval ?? -1, try Fixture.number(facts, "keyframe_interval_seconds"),
                           accuracy: 1e-9, name)
            XCTAssertEqual(video.packetCount, frames, name)
            XCTAssertEqual(video.duration ?? -1, try Fixture.number(facts, "duration"), accuracy: 1e-9, name)
            XCTAssertEqual(video.hasFrameReordering, facts["has_b_frames"] as? Bool, name)
            XCTAssertEqual(video.rotation, try Fixture.number(facts, "rotation_tag"), name)
            XCTAssertEqual(video.timeBase, try TimeBase(1, 15360), name)
            XCTAssertEqual(video.frameRate, try FrameRate(30, 1), name)
            let audio = try XCTUnwrap(info.firstStream(.audio))
            XCTAssertEqual(audio.encoderDelay, 1024, name)
        }
    }

    /// `sampleCount` is what the decoder delivers at the file's own rate, and what
    /// ffmpeg decodes (an MP4's last AAC frame whole, past its edit list's end).
    func testSampleCountMatchesDecodedLength() throws {
        for name in Fixture.mediaFiles {
            let audio = try XCTUnwrap(try MediaProbe.probe(path: Fixture.path(name)).firstStream(.audio), name)
            let expected = try AudioOracle(path: Fixture.path(name)).sampleCount
            XCTAssertEqual(audio.sampleCount, Int64(expected), "\(name) probe")
            XCTAssertEqual(try DecodeCache.shared.decode(name, rate: nil).count, expected, "\(name) decoded")
        }
    }

    func testPortraitRotationIsNinetyAsFFprobePrintsIt() throws {
        let info = try MediaProbe.probe(path: Fixture.path("portrait.mp4"))
        let video = try XCTUnwrap(info.firstStream(.video))
        XCTAssertEqual(video.rotation, 90)
        XCTAssertEqual(video.width, 640, "coded size stays landscape")
        XCTAssertEqual(video.height, 360)
    }

    func testAudioEncoderDelays() throws {
        for name in ["click-48k.m4a", "surround51.m4a"] {
            let audio = try XCTUnwrap(try MediaProbe.probe(path: Fixture.path(name)).firstStream(.audio))
            XCTAssertEqual(audio.encoderDelay, Int(try Fixture.number(try Fixture.audioFacts(name), "encoder_delay_samples")), name)
        }
        let mp3 = try XCTUnwrap(try MediaProbe.probe(path: Fixture.path("music.mp3")).firstStream(.audio))
        XCTAssertEqual(mp3.encoderDelay, try firstPacketSkipSamples(Fixture.path("music.mp3")))
        XCTAssertGreaterThan(mp3.encoderDelay ?? 0, 0, "LAME header delay")
        let wav = try XCTUnwrap(try MediaProbe.probe(path: Fixture.path("vo-short.wav")).firstStream(.audio))
        XCTAssertEqual(wav.encoderDelay, 0)
    }

    func testTruncatedFileIsReportedAsTruncated() throws {
        let path = Fixture.path("truncated.mp4")
        let info = try MediaProbe.probe(path: path)
        XCTAssertTrue(info.isTruncated)
        let counts = try packetCounts(path)
        for stream in info.streams {
            XCTAssertTrue(stream.isTruncated, "stream \(stream.index)")
            XCTAssertEqual(stream.packetCount, counts[stream.index], "packets ffprobe reads from stream \(stream.index)")
            XCTAssertLessThan(stream.packetCount, stream.indexedPacketCount ?? 0)
        }
        XCTAssertEqual(info.firstStream(.video)?.indexedPacketCount, 180)
    }

    func testProbeResultRoundTripsThroughJSON() throws {
        let info = try MediaProbe.probe(path: Fixture.path("portrait.mp4"))
        let data = try JSONEncoder().encode(info)
        XCTAssertEqual(try JSONDecoder().decode(MediaInfo.self, from: data), info)
    }

    // MARK: - ffprobe helpers

    private func assertTime(_ ours: Double?, _ theirs: Any?, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let text = theirs as? String, let value = Double(text) else {
            XCTAssertNil(ours, "\(label): ffprobe has none", file: file, line: line)
            return
        }
        guard let ours else { return XCTFail("\(label): ffprobe says \(text), probe says nil", file: file, line: line) }
        XCTAssertEqual(ours, value, accuracy: timeTolerance, "\(label): ffprobe says \(text)", file: file, line: line)
    }

    /// Packets ffprobe reads per stream index.
    private func packetCounts(_ path: String) throws -> [Int: Int] {
        let text = String(decoding: try Tool.run("ffprobe", [
            "-v", "error", "-count_packets", "-show_entries", "stream=index,nb_read_packets", "-of", "csv=p=0", path,
        ]), as: UTF8.self)
        var counts: [Int: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",").compactMap { Int($0) }
            if fields.count == 2 { counts[fields[0]] = fields[1] }
        }
        return counts
    }

    /// Format, streams (with packets counted) and every packet's timing, flags and
    /// skip-samples side data, from one ffprobe run.
    private func ffprobeEverything(_ path: String) throws -> [String: Any] {
        let data = try Tool.run("ffprobe", [
            "-v", "error", "-count_packets", "-show_format", "-show_streams", "-show_packets",
            "-show_entries", "format:stream:stream_side_data:packet=stream_index,pts,duration,flags:packet_side_data=skip_samples",
            "-of", "json", path,
        ])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The "skip_samples" side data of a packet, 0 when it has none.
    private func skipSamples(_ packet: [String: Any]?) -> Int {
        let side = packet?["side_data_list"] as? [[String: Any]] ?? []
        return side.compactMap { $0["skip_samples"] as? Int }.first ?? 0
    }

    /// The first audio packet's skip samples, read by ffprobe on its own.
    private func firstPacketSkipSamples(_ path: String) throws -> Int {
        let data = try Tool.run("ffprobe", [
            "-v", "error", "-select_streams", "a:0", "-read_intervals", "%+#1", "-show_packets",
            "-show_entries", "packet=pts,side_data_list:packet_side_data=skip_samples", "-of", "json", path,
        ])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let packets = try XCTUnwrap(json["packets"] as? [[String: Any]])
        XCTAssertEqual(packets.count, 1)
        return skipSamples(packets.first)
    }

    /// Keyframe count and the longest keyframe-to-keyframe (or last keyframe to end) distance.
    private func keyframeFacts(_ packets: [[String: Any]], timeBase: TimeBase) -> (count: Int, longest: Double) {
        var keys: [Int] = []
        var end = Int.min
        for packet in packets {
            guard let pts = packet["pts"] as? Int, let duration = packet["duration"] as? Int else { continue }
            if (packet["flags"] as? String ?? "").hasPrefix("K") { keys.append(pts) }
            end = max(end, pts + duration)
        }
        let stamps = keys.sorted() + [end]
        let longest = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.max() ?? 0
        return (keys.count, Double(longest) * Double(timeBase.numerator) / Double(timeBase.denominator))
    }
}
