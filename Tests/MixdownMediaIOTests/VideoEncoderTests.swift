import Foundation
import MixdownBitstream
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownTime
import XCTest

/// `VideoEncoder` against ffmpeg: what it writes decodes without a message, keeps
/// the pictures (PSNR), and says in its parameter sets what the settings ask.
final class VideoEncoderTests: XCTestCase {
    /// The first `count` frames of clip-a (640×360, 1/15360 s ticks, 30 fps) and the reader's description.
    private func source(count: Int = 30) throws -> (frames: [VideoFrame], properties: VideoStreamProperties) {
        let reader = try VideoFrameReader(path: Fixture.path("clip-a.mp4"))
        var frames: [VideoFrame] = []
        while frames.count < count, let frame = try reader.nextFrame() { frames.append(frame) }
        XCTAssertEqual(frames.count, count)
        return (frames, reader.properties)
    }

    /// Every packet of `frames` encoded with `settings`, and the encoder. Each frame
    /// is copied into one picture that is reused, as the encoder allows.
    private func encode(_ frames: [VideoFrame], _ settings: VideoEncoderSettings,
                        forcing forced: Set<Int> = []) throws -> (packets: [EncodedVideoPacket], encoder: VideoEncoder) {
        let encoder = try VideoEncoder(settings: settings)
        let reused = Picture(width: settings.width, height: settings.height)
        var packets: [EncodedVideoPacket] = []
        for (i, frame) in frames.enumerated() {
            reused.blend(frame.picture, area: frame.picture.bounds, at: (0, 0), opacity: 256)
            packets += try encoder.encode(reused, presentationTime: frame.timestamp, forceKeyframe: forced.contains(i))
        }
        packets += try encoder.finish()
        return (packets, encoder)
    }

    /// The elementary stream (extradata, then the packets) written raw to `name` in `folder`.
    private func writeRaw(_ packets: [EncodedVideoPacket], _ encoder: VideoEncoder, _ folder: TemporaryFolder, _ name: String) throws -> String {
        let path = folder.file(name)
        try Data(encoder.extradata + packets.flatMap(\.bytes)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The lines of ffmpeg's `trace_headers` for `path` that set `field`, as "field = value".
    private func headerFields(_ path: String, _ field: String) throws -> [String] {
        let trace = try Tool.runCapturingErrors("ffmpeg", ["-v", "trace", "-nostdin", "-i", path, "-map", "0:v:0", "-c", "copy",
                                                           "-bsf:v", "trace_headers", "-f", "null", "-"]).errors
        return trace.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.contains(Substring(field)), let value = words.last else { return nil }
            return "\(field) = \(value)"
        }
    }

    func testH264AtCRF18DecodesCleanlyAndKeepsThePictures() throws {
        let (frames, properties) = try source()
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.quality = 18
        settings.keyframeInterval = 15
        let (packets, encoder) = try encode(frames, settings)
        let folder = try TemporaryFolder()
        let path = try writeRaw(packets, encoder, folder, "out.h264")
        XCTAssertEqual(try Tool.decodeErrors(path), "", "ffmpeg -v error says nothing")
        let decoded = try VideoOracle.frames(path, count: 100, frameBytes: 640 * 360 * 3 / 2)
        XCTAssertEqual(decoded.count, 30)
        let quality = zip(frames, decoded).map { psnr($0.picture.packedBytes, $1) }
        XCTAssertGreaterThan(quality.min() ?? 0, 40, "PSNR per frame: \(quality)")
        print("VideoEncoderTests: H.264 CRF 18 PSNR min \(quality.min() ?? 0) dB, mean \(quality.reduce(0, +) / Double(quality.count)) dB, "
              + "\(packets.map(\.bytes.count).reduce(0, +)) bytes")

        // Timing: every picture's pts back once, in 1/15360 s ticks; decoding times increase and never pass them.
        XCTAssertEqual(packets.map(\.presentationTime).sorted(), frames.map(\.timestamp))
        XCTAssertTrue(zip(packets, packets.dropFirst()).allSatisfy { $0.decodingTime < $1.decodingTime })
        XCTAssertTrue(packets.allSatisfy { $0.decodingTime <= $0.presentationTime && $0.duration == 512 })
        XCTAssertLessThan(packets[0].decodingTime, 0, "B-frames: the first decoding time is before 0")
        XCTAssertEqual(packets.filter(\.isIDR).map(\.presentationTime), [0, 15 * 512])
        XCTAssertEqual(packets.filter(\.isKeyframe).map(\.presentationTime), [0, 15 * 512])

        // The global header: Annex B SPS then PPS; the packets carry no parameter set, the first one x264's SEI.
        XCTAssertEqual(Array(encoder.extradata.prefix(5)), [0, 0, 0, 1, 0x67])
        XCTAssertEqual(NALUnit.units(inAnnexB: encoder.extradata).map(\.h264Type), [7, 8])
        XCTAssertEqual(encoder.parameterSets, NALUnit.units(inAnnexB: encoder.extradata))
        XCTAssertEqual(packets[0].nalUnits.map(\.h264Type), [6, 5])
        XCTAssertFalse(packets.contains { $0.nalUnits.contains { [7, 8].contains($0.h264Type) } })
    }

    func testTheParameterSetIDShowsInTheSPSAndPPS() throws {
        let (frames, properties) = try source(count: 8)
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.parameterSetID = 1
        let (packets, encoder) = try encode(frames, settings)
        let folder = try TemporaryFolder()
        let path = try writeRaw(packets, encoder, folder, "id1.h264")
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        XCTAssertEqual(Set(try headerFields(path, "seq_parameter_set_id")), ["seq_parameter_set_id = 1"])
        XCTAssertEqual(Set(try headerFields(path, "pic_parameter_set_id")), ["pic_parameter_set_id = 1"])
        // Read from the SPS itself: profile, constraints, level, then ue(v) 1 = bits 010.
        let sps = try XCTUnwrap(encoder.parameterSets.first { $0.h264Type == 7 })
        XCTAssertEqual(sps.bytes[4] >> 5, 0b010)

        settings.parameterSetID = nil
        let (plain, plainEncoder) = try encode(Array(frames.prefix(2)), settings)
        let plainPath = try writeRaw(plain, plainEncoder, folder, "id0.h264")
        XCTAssertEqual(Set(try headerFields(plainPath, "seq_parameter_set_id")), ["seq_parameter_set_id = 0"])
    }

    func testStitchableParameterSetsDoNotDependOnTheQuality() throws {
        let (frames, properties) = try source(count: 2)
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        func pps(quality: Double, stitchable: Bool) throws -> NALUnit {
            settings.quality = quality
            settings.stitchable = stitchable
            return try XCTUnwrap(try encode(frames, settings).encoder.parameterSets.first { $0.h264Type == 8 })
        }
        // x264 writes the CRF as the PPS's initial QP unless stitchable.
        XCTAssertNotEqual(try pps(quality: 18, stitchable: false), try pps(quality: 24, stitchable: false))
        XCTAssertEqual(try pps(quality: 18, stitchable: true), try pps(quality: 24, stitchable: true))
    }

    func testSetUpAsTheSourceWasTheEncoderWritesItsParameterSetsByteForByte() throws {
        // fixtures/generate.sh: libx264 veryfast, High, CRF 28, keyframes every 30 frames only, one thread; ffmpeg
        // encodes in ticks of 1/30 s, and x264 writes its VUI timing from the time base (time_scale = 2 × 30).
        let clip = try VideoClipInfo(path: Fixture.path("clip-a.mp4"))
        let (_, sourceSets) = try XCTUnwrap(NALUnit.parameterSets(inDecoderConfiguration: clip.format.decoderConfiguration, codec: .h264))
        let properties = try VideoFrameReader(clip: clip).properties
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.preset = "veryfast"
        settings.profile = "high"
        settings.quality = 28
        settings.keyframeInterval = 30
        settings.keyframesAtSceneChanges = false
        settings.threads = 1
        XCTAssertNotEqual(try VideoEncoder(settings: settings).parameterSets, sourceSets, "in the track's 1/15360 s ticks the VUI differs")
        settings.timeBase = try TimeBase(1, 30)
        XCTAssertEqual(try VideoEncoder(settings: settings).parameterSets, sourceSets)
        settings.quality = 20
        XCTAssertNotEqual(try VideoEncoder(settings: settings).parameterSets.last, sourceSets.last, "the PPS carries the CRF")
    }

    func testColoursPixelShapeProfileAndLevelAreWrittenIntoTheStream() throws {
        let (frames, properties) = try source(count: 4)
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.colour = VideoColourProperties(range: "tv", primaries: "bt709", transfer: "bt709", matrix: "bt709", chromaLocation: "center")
        settings.sampleAspectRatio = PixelAspectRatio(64, 45)
        settings.profile = "main"
        settings.level = "3.1"
        settings.maximumBFrames = 0
        let (packets, encoder) = try encode(frames, settings)
        XCTAssertTrue(packets.allSatisfy { $0.decodingTime == $0.presentationTime }, "no B-frames, no reordering")
        let folder = try TemporaryFolder()
        let path = try writeRaw(packets, encoder, folder, "vui.h264")
        let stream = try XCTUnwrap(try Tool.streams(path).first)
        XCTAssertEqual(stream["profile"] as? String, "Main")
        XCTAssertEqual((stream["level"] as? NSNumber)?.intValue, 31)
        XCTAssertEqual(stream["color_range"] as? String, "tv")
        XCTAssertEqual(stream["color_primaries"] as? String, "bt709")
        XCTAssertEqual(stream["color_transfer"] as? String, "bt709")
        XCTAssertEqual(stream["color_space"] as? String, "bt709")
        XCTAssertEqual(stream["chroma_location"] as? String, "center")
        XCTAssertEqual(stream["sample_aspect_ratio"] as? String, "64:45")
    }

    func testAForcedKeyframeIsAnIDR() throws {
        let (frames, properties) = try source(count: 12)
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.keyframesAtSceneChanges = false
        let (packets, _) = try encode(frames, settings, forcing: [7])
        XCTAssertEqual(packets.filter(\.isIDR).map(\.presentationTime), [0, 7 * 512])
    }

    func testWithoutAGlobalHeaderTheParameterSetsAreInBand() throws {
        let (frames, properties) = try source(count: 6)
        var settings = VideoEncoderSettings(matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.globalHeader = false
        let (packets, encoder) = try encode(frames, settings)
        XCTAssertEqual(encoder.extradata, [])
        XCTAssertEqual(encoder.parameterSets.map(\.h264Type), [7, 8])
        XCTAssertTrue(packets[0].nalUnits.map(\.h264Type).starts(with: [7, 8]))
        let folder = try TemporaryFolder()
        XCTAssertEqual(try Tool.decodeErrors(try writeRaw(packets, encoder, folder, "inband.h264")), "")
    }

    func testHEVCWithLibx265DecodesCleanlyAndKeepsThePictures() throws {
        let (frames, properties) = try source(count: 20)
        var settings = VideoEncoderSettings(codec: .hevc, matching: properties, fallbackFrameRate: try FrameRate(30))
        settings.quality = 18
        settings.keyframeInterval = 10
        settings.preset = "fast"
        let (packets, encoder) = try encode(frames, settings)
        XCTAssertEqual(encoder.parameterSets.map(\.hevcType), [32, 33, 34])
        let folder = try TemporaryFolder()
        let path = try writeRaw(packets, encoder, folder, "out.hevc")
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        let decoded = try VideoOracle.frames(path, count: 100, frameBytes: 640 * 360 * 3 / 2)
        XCTAssertEqual(decoded.count, 20)
        let quality = zip(frames, decoded).map { psnr($0.picture.packedBytes, $1) }
        XCTAssertGreaterThan(quality.min() ?? 0, 40, "PSNR per frame: \(quality)")
        print("VideoEncoderTests: HEVC CRF 18 PSNR min \(quality.min() ?? 0) dB")
        XCTAssertEqual(packets.filter(\.isIDR).map(\.presentationTime), [0, 10 * 512])
        XCTAssertEqual((try Tool.streams(path).first?["profile"]) as? String, "Main")
    }

    func testBadSettingsAndPicturesAreRefusedWithAReason() throws {
        let timeBase = try TimeBase(1, 15360)
        let rate = try FrameRate(30)
        func refusal(_ change: (inout VideoEncoderSettings) -> Void) -> String {
            var settings = VideoEncoderSettings(width: 64, height: 64, timeBase: timeBase, frameRate: rate)
            change(&settings)
            do {
                _ = try VideoEncoder(settings: settings, path: "out.mp4")
                return "accepted"
            } catch {
                guard case .unsupported = error else { return "\(error)" }
                return "\(error)"
            }
        }
        XCTAssertTrue(refusal { $0.width = 63 }.contains("63×64"))
        XCTAssertTrue(refusal { $0.quality = 60 }.contains("60"))
        XCTAssertTrue(refusal { $0.parameterSetID = 32 }.contains("32"))
        XCTAssertTrue(refusal { $0.codec = .hevc; $0.parameterSetID = 1 }.contains("H.264 only"))
        XCTAssertTrue(refusal { $0.preset = "warp" }.contains("preset \"warp\""))
        XCTAssertTrue(refusal { $0.profile = "extreme" }.contains("profile \"extreme\""))
        XCTAssertTrue(refusal { $0.level = "9.9" }.hasPrefix("out.mp4: unsupported: libx264 refuses level 9.9 for 64×64"))
        XCTAssertTrue(refusal { $0.codec = .hevc; $0.level = "9.9" }.hasPrefix("out.mp4: unsupported: libx265 refuses level 9.9 for 64×64"))
        XCTAssertTrue(refusal { $0.level = "9.9"; $0.colour.primaries = "bt7o9" }.contains("bt7o9"), "another refusal is not the level's")
        XCTAssertTrue(refusal { $0.colour.primaries = "bt7o9" }.contains("bt7o9"))
        XCTAssertEqual(refusal { _ in }, "accepted")

        let encoder = try VideoEncoder(settings: VideoEncoderSettings(width: 64, height: 64, timeBase: timeBase, frameRate: rate))
        XCTAssertThrowsError(try encoder.encode(Picture(width: 32, height: 32), presentationTime: 0)) { error in
            XCTAssertTrue("\(error)".contains("32×32"), "\(error)")
        }
        _ = try encoder.encode(Picture(width: 64, height: 64), presentationTime: 512)
        XCTAssertThrowsError(try encoder.encode(Picture(width: 64, height: 64), presentationTime: 512)) { error in
            XCTAssertTrue("\(error)".contains("must increase"), "\(error)")
        }
        XCTAssertEqual(try encoder.finish().count, 1)
        XCTAssertThrowsError(try encoder.encode(Picture(width: 64, height: 64), presentationTime: 1024))
    }
}
