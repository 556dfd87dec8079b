import Foundation
import MixdownBitstream
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownTime
import XCTest

/// libx265 through `VideoEncoder` as a smart render needs it, against ffmpeg's
/// reading of what it wrote: the reorder delay libx264 gives for the same
/// settings, parameter sets only out of band and the same for the same settings,
/// no SEI that names parameter set ids, a level it cannot keep refused by name,
/// and `hvc1` movies that keep their colours.
final class HEVCEncoderTests: XCTestCase {
    private let folder = try! TemporaryFolder()

    /// The first `count` frames of clip-a (640×360, 1/15360 s ticks, 30 fps) and the reader's description.
    private func source(count: Int) throws -> (frames: [VideoFrame], properties: VideoStreamProperties) {
        let reader = try VideoFrameReader(path: Fixture.path("clip-a.mp4"))
        var frames: [VideoFrame] = []
        while frames.count < count, let frame = try reader.nextFrame() { frames.append(frame) }
        XCTAssertEqual(frames.count, count)
        return (frames, reader.properties)
    }

    /// Settings for clip-a's pictures: `codec`, preset veryfast, a keyframe every 30 frames only.
    private func settings(_ codec: VideoEncoderSettings.Codec, _ properties: VideoStreamProperties) throws -> VideoEncoderSettings {
        var settings = VideoEncoderSettings(codec: codec, matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.preset = "veryfast"
        settings.keyframeInterval = 30
        settings.keyframesAtSceneChanges = false
        return settings
    }

    /// Every packet of `frames` encoded with `settings`, and the encoder.
    private func encode(_ frames: [VideoFrame], _ settings: VideoEncoderSettings) throws -> (packets: [EncodedVideoPacket], encoder: VideoEncoder) {
        let encoder = try VideoEncoder(settings: settings)
        var packets: [EncodedVideoPacket] = []
        for frame in frames { packets += try encoder.encode(frame.picture, presentationTime: frame.timestamp) }
        packets += try encoder.finish()
        return (packets, encoder)
    }

    /// The elementary stream (extradata, then the packets) written raw to `name`.
    private func writeRaw(_ packets: [EncodedVideoPacket], _ encoder: VideoEncoder, _ name: String) throws -> String {
        let path = folder.file(name)
        try Data(encoder.extradata + packets.flatMap(\.bytes)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The values ffmpeg's `trace_headers` gives `field` in `path` (it reads the
    /// parameter sets twice: from the extradata it extracts and in the stream).
    private func headerValues(_ path: String, _ field: String) throws -> Set<String> {
        let trace = try Tool.runCapturingErrors("ffmpeg", ["-v", "trace", "-nostdin", "-i", path, "-map", "0:v:0", "-c", "copy",
                                                           "-bsf:v", "trace_headers", "-f", "null", "-"]).errors
        return Set(trace.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.contains(Substring(field)), let value = words.last else { return nil }
            return String(value)
        })
    }

    /// The most frames a packet is decoded ahead of its place in display order,
    /// counted as `SmartRenderClipCheck.reorderDelay` counts it: decoding index
    /// less presentation rank.
    private func reorderDelay(_ packets: [EncodedVideoPacket]) -> Int {
        let rank = Dictionary(uniqueKeysWithValues: packets.map(\.presentationTime).sorted().enumerated().map { ($1, $0) })
        var delay = 0
        for (index, packet) in packets.enumerated() { delay = max(delay, index - (rank[packet.presentationTime] ?? index)) }
        return delay
    }

    /// The payload types of every SEI message in `unit` (prefix or suffix SEI), read
    /// from its RBSP: each type and size an 0xFF run plus a last byte.
    private func seiPayloadTypes(_ unit: NALUnit) -> [Int] {
        var rbsp: [UInt8] = []
        var zeros = 0
        for byte in unit.bytes.dropFirst(2) {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        var types: [Int] = []
        var at = 0
        func number() -> Int? {
            var value = 0
            while at < rbsp.count {
                let byte = Int(rbsp[at])
                at += 1
                value += byte
                if byte != 0xFF { return value }
            }
            return nil
        }
        // Messages follow one another until the RBSP's stop bit.
        while at < rbsp.count, rbsp[at] != 0x80, let type = number(), let size = number() {
            types.append(type)
            at += size
        }
        return types
    }

    func testTheReorderDelayIsTheSameWithLibx264AndLibx265() throws {
        // 60 frames: in the first 30 x264's adaptive B-frame placement never puts 3 in a row here.
        let (frames, properties) = try source(count: 60)
        // (B-frames, pyramid, reorder delay): what a smart render asks for a copied clip's delay of 0, 1 or 2;
        // at Mixdown's preset, and once at medium, whose adaptive B-frame placement (b-adapt 2) could use fewer.
        let cases: [(frames: Int, pyramid: Bool?, delay: Int, preset: String)] = [
            (0, nil, 0, "veryfast"), (3, false, 1, "veryfast"), (4, false, 1, "veryfast"), (4, true, 2, "veryfast"), (4, true, 2, "medium"),
        ]
        for codec in [VideoEncoderSettings.Codec.h264, .hevc] {
            for (bFrames, pyramid, expected, preset) in cases {
                var settings = try settings(codec, properties)
                settings.preset = preset
                settings.maximumBFrames = bFrames
                settings.bFramePyramid = pyramid
                let (packets, encoder) = try encode(frames, settings)
                let label = "\(codec.rawValue) \(preset) bframes \(bFrames) pyramid \(pyramid.map { "\($0)" } ?? "default")"
                let measured = reorderDelay(packets)
                let path = try writeRaw(packets, encoder, "reorder-\(codec.rawValue)-\(preset)-\(bFrames)-\(pyramid.map { "\($0)" } ?? "nil").\(codec.rawValue)")
                let declared = try XCTUnwrap(try Tool.streams(path).first?["has_b_frames"] as? Int)
                print("HEVCEncoderTests: \(label): reorder delay \(measured) from dts/pts, has_b_frames \(declared), "
                      + "first dts \(packets[0].decodingTime) (\(Double(packets[0].decodingTime) / 512) frames)")
                XCTAssertEqual(measured, expected, "\(label): measured from the packets")
                XCTAssertEqual(declared, expected, "\(label): what the stream declares (ffprobe has_b_frames)")
                XCTAssertEqual(packets[0].decodingTime, -Int64(expected) * 512, "\(label): the first dts is the delay before 0")
                XCTAssertEqual(packets.map(\.presentationTime).sorted(), frames.map(\.timestamp))
                if codec == .hevc {
                    XCTAssertEqual(try headerValues(path, "sps_max_num_reorder_pics[0]"), ["\(expected)"], label)
                }
            }
        }
    }

    func testSpliceSettingsKeepTheSetsOutOfThePacketsAndWriteNoSEIThatNamesThem() throws {
        let (frames, properties) = try source(count: 30)
        var settings = try settings(.hevc, properties)
        settings.maximumBFrames = 4
        settings.bFramePyramid = true
        settings.level = "4.1"
        settings.highTier = false
        settings.wavefront = true
        // HLG: libx265 adds its alternative transfer characteristics SEI (147), which names no ids.
        settings.colour = VideoColourProperties(range: "tv", primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc",
                                                chromaLocation: "left")
        let (packets, encoder) = try encode(frames, settings)
        XCTAssertEqual(NALUnit.units(inAnnexB: encoder.extradata).map(\.hevcType), [32, 33, 34])
        XCTAssertEqual(encoder.parameterSets, NALUnit.units(inAnnexB: encoder.extradata))
        let types = packets.flatMap { $0.nalUnits.map(\.hevcType) }
        XCTAssertFalse(types.contains { (32...35).contains($0) }, "no VPS, SPS, PPS or AUD in a packet: \(Set(types).sorted())")
        let seiTypes = packets.flatMap { $0.nalUnits.filter { [39, 40].contains($0.hevcType) }.flatMap(seiPayloadTypes) }
        print("HEVCEncoderTests: NAL types in the packets \(Set(types).sorted()), SEI payload types \(Set(seiTypes).sorted())")
        XCTAssertFalse(seiTypes.contains(0), "no buffering period SEI")
        XCTAssertFalse(seiTypes.contains(129), "no active parameter sets SEI")
        XCTAssertTrue(seiTypes.contains(147), "the HLG transfer SEI is there, so the SEIs were read")
        XCTAssertEqual(packets.filter(\.isIDR).map(\.presentationTime), [0])

        let path = try writeRaw(packets, encoder, "splice.hevc")
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        XCTAssertEqual(try headerValues(path, "general_level_idc"), ["123"], "level 4.1 = 41 × 3")
        XCTAssertEqual(try headerValues(path, "general_tier_flag"), ["0"])
        XCTAssertEqual(try headerValues(path, "entropy_coding_sync_enabled_flag"), ["1"], "wavefront")
        XCTAssertEqual(try headerValues(path, "num_extra_slice_header_bits"), ["0"])

        // The same settings give the same sets, byte for byte; others differ where they say.
        let again = try VideoEncoder(settings: settings)
        XCTAssertEqual(again.extradata, encoder.extradata)
        XCTAssertEqual(again.parameterSets, encoder.parameterSets)
        settings.wavefront = false
        settings.highTier = true
        let (other, otherEncoder) = try encode(Array(frames.prefix(2)), settings)
        XCTAssertNotEqual(otherEncoder.extradata, encoder.extradata)
        let otherPath = try writeRaw(other, otherEncoder, "other.hevc")
        XCTAssertEqual(try headerValues(otherPath, "entropy_coding_sync_enabled_flag"), ["0"])
        XCTAssertEqual(try headerValues(otherPath, "general_tier_flag"), ["1"])
    }

    func testWithoutAGlobalHeaderTheSetsAreInBand() throws {
        let (frames, properties) = try source(count: 6)
        var settings = try settings(.hevc, properties)
        settings.globalHeader = false
        let (packets, encoder) = try encode(frames, settings)
        XCTAssertEqual(encoder.extradata, [])
        XCTAssertEqual(encoder.parameterSets.map(\.hevcType), [32, 33, 34])
        XCTAssertTrue(packets[0].nalUnits.map(\.hevcType).starts(with: [32, 33, 34]))
        XCTAssertEqual(try Tool.decodeErrors(try writeRaw(packets, encoder, "inband.hevc")), "")
    }

    func testALevelTooLowForThePictureIsRefusedByName() throws {
        var settings = VideoEncoderSettings(codec: .hevc, width: 1920, height: 1080, timeBase: try TimeBase(1, 30), frameRate: try FrameRate(30))
        settings.preset = "ultrafast"
        settings.level = "3"
        do {
            _ = try VideoEncoder(settings: settings, path: "out.mov")
            XCTFail("libx265 took level 3 for 1080p")
        } catch {
            guard case .unsupported = error else { return XCTFail("\(error)") }
            print("HEVCEncoderTests: \(error)")
            XCTAssertTrue("\(error)".contains("level 3 "), "\(error)")
            XCTAssertTrue("\(error)".contains("1920×1080"), "\(error)")
        }
        settings.level = "4.1"
        XCTAssertNoThrow(try VideoEncoder(settings: settings))
        // Another refusal keeps libavcodec's words, not the level's.
        settings.colour.primaries = "bt7o9"
        XCTAssertThrowsError(try VideoEncoder(settings: settings)) { XCTAssertFalse("\($0)".contains("refuses level"), "\($0)") }
    }

    func testSettingsOfTheOtherCodecOrDepthAreRefused() throws {
        func refusal(_ change: (inout VideoEncoderSettings) -> Void) throws -> String {
            var settings = VideoEncoderSettings(codec: .hevc, width: 64, height: 64, timeBase: try TimeBase(1, 30), frameRate: try FrameRate(30))
            change(&settings)
            do {
                _ = try VideoEncoder(settings: settings)
                return "accepted"
            } catch {
                guard case .unsupported = error else { return "not unsupported: \(error)" }
                return "\(error)"
            }
        }
        XCTAssertEqual(try refusal { $0.bitDepth = 10 }, "accepted", "x265 picks Main 10")
        XCTAssertEqual(try refusal { $0.bitDepth = 10; $0.profile = "main10" }, "accepted")
        XCTAssertTrue(try refusal { $0.bitDepth = 10; $0.profile = "main" }.contains("no libx265 profile \"main\" for 10-bit"))
        XCTAssertTrue(try refusal { $0.bitDepth = 12 }.contains("12-bit pictures (8 or 10)"))
        XCTAssertTrue(try refusal { $0.profile = "main10" }.contains("no libx265 profile \"main10\" for 8-bit"))
        XCTAssertTrue(try refusal { $0.codec = .h264; $0.wavefront = true }.contains("HEVC only"))
        XCTAssertTrue(try refusal { $0.codec = .h264; $0.highTier = false }.contains("HEVC only"))
        XCTAssertTrue(try refusal { $0.profile = "main12" }.contains("(main, main-intra, mainstillpicture, msp)"))
        XCTAssertEqual(try refusal { $0.profile = "main"; $0.wavefront = false; $0.highTier = true }, "accepted")
    }

    /// `packets` handed to a writer one by one.
    private final class PacketList: EncodedVideoFeed {
        var packets: [EncodedVideoPacket]
        init(_ packets: [EncodedVideoPacket]) { self.packets = packets }
        func nextPacket() throws(MediaIOError) -> EncodedVideoPacket? { packets.isEmpty ? nil : packets.removeFirst() }
    }

    func testEncodedHEVCMoviesAreTaggedHvc1AndKeepTheirColours() throws {
        let (frames, properties) = try source(count: 15)
        let colours: [(name: String, colour: VideoColourProperties)] = [
            ("bt709", VideoColourProperties(range: "tv", primaries: "bt709", transfer: "bt709", matrix: "bt709")),
            ("hlg", VideoColourProperties(range: "tv", primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc")),
        ]
        for (name, colour) in colours {
            var settings = try settings(.hevc, properties)
            settings.colour = colour
            settings.maximumBFrames = 4
            settings.bFramePyramid = true
            for container in ["mp4", "mov"] {
                let (packets, encoder) = try encode(frames, settings)
                let out = folder.file("\(name).\(container)")
                let writer = try MovieWriter(path: out, movieVideo: .encoded(encoder, feed: PacketList(packets)))
                try TestSignal(count: 24_000, clicks: []).feed(block: 4096) { try writer.writeAudio($0) }
                try writer.finishDecodingCleanly()
                let stream = try XCTUnwrap(try Tool.streams(out).first { $0["codec_type"] as? String == "video" })
                XCTAssertEqual(stream["codec_name"] as? String, "hevc")
                XCTAssertEqual(stream["codec_tag_string"] as? String, "hvc1", "\(out)")
                XCTAssertEqual(stream["color_range"] as? String, "tv", "\(out)")
                XCTAssertEqual(stream["color_primaries"] as? String, colour.primaries, "\(out)")
                XCTAssertEqual(stream["color_transfer"] as? String, colour.transfer, "\(out)")
                XCTAssertEqual(stream["color_space"] as? String, colour.matrix, "\(out)")
                XCTAssertEqual(try Tool.packets(out, stream: "v:0").count, 15, "\(out)")
                XCTAssertEqual(try VideoOracle.frames(out, count: 100, frameBytes: 640 * 360 * 3 / 2).count, 15, "\(out): every frame decodes")
                XCTAssertEqual(try Tool.decodeErrors(out), "", "\(out): ffmpeg -v error says nothing")
            }
        }
    }

    /// A copied `hev1` stream becomes `hvc1` where its `hvcC` holds every set and
    /// its packets none; one whose packets carry sets keeps `hev1` (what `hvc1`
    /// forbids). Either way the packets are as they were.
    func testACopiedHev1StreamIsWrittenHvc1OnlyWhereItsSetsAreAllInItsHvcC() throws {
        let inBand = try Fixture.realMedia("ax-h265_bframes.mp4")
        let outOfBand = folder.file("hev1.mp4")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1",
                                    "-c:v", "libx265", "-preset", "ultrafast", "-tag:v", "hev1", "-x265-params", "log-level=none", outOfBand])
        for (source, tag) in [(inBand, "hev1"), (outOfBand, "hvc1")] {
            XCTAssertEqual(try Tool.streams(source).first { $0["codec_type"] as? String == "video" }?["codec_tag_string"] as? String, "hev1")
            let plan = try stitchPlan([VideoClipRequest(path: source)])
            for container in ["mp4", "mov"] {
                let out = folder.file("copied.\(container)")
                let writer = try MovieWriter(path: out, video: plan)
                try TestSignal(count: Int(try plan.duration.sampleIndex(sampleRate: 48_000)), clicks: [])
                    .feed(block: 4096) { try writer.writeAudio($0) }
                try writer.finishDecodingCleanly()
                let stream = try XCTUnwrap(try Tool.streams(out).first { $0["codec_type"] as? String == "video" })
                XCTAssertEqual(stream["codec_tag_string"] as? String, tag, out)
                XCTAssertEqual(try Tool.videoPacketHashes(out), try Tool.videoPacketHashes(source), "\(out): packets as they were")
                XCTAssertEqual(try Tool.decodeErrors(out), "", out)
            }
        }
    }
}
