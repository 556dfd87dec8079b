import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTime
import MixdownTestSupport
import XCTest

/// Audio-only `.m4a` export: the encoder delay is signalled so decoding starts aligned.
final class MovieWriterAudioOnlyTests: XCTestCase {
    func testM4AClickDecodesOnItsSample() throws {
        let folder = try TemporaryFolder()
        let out = folder.file("mix.m4a")
        let count = 144_000
        let signal = TestSignal(count: count, clicks: [48_000])
        let writer = try MovieWriter(path: out, video: nil)
        XCTAssertEqual(writer.container, .m4a)
        try signal.feed(block: 4096) { try writer.writeAudio($0) }
        try writer.finishDecodingCleanly()
        XCTAssertEqual(writer.videoFramesWritten, 0)

        let streams = try Tool.streams(out)
        XCTAssertEqual(streams.count, 1)
        XCTAssertEqual(streams.first?["codec_name"] as? String, "aac")
        XCTAssertEqual(streams.first?["start_time"] as? String, "0.000000")
        XCTAssertEqual(streams.first?["duration_ts"] as? Int, count, "edit list covers exactly the input")
        let format = try XCTUnwrap(Tool.probe(out, ["-show_format"])["format"] as? [String: Any])
        XCTAssertEqual(format["format_name"] as? String, "mov,mp4,m4a,3gp,3g2,mj2")
        let packets = try Tool.packets(out, stream: "a:0")
        XCTAssertEqual(packets.first?["pts"] as? Int, -1024, "the priming packet is before 0")
        let boxes = try topLevelBoxes(out)
        XCTAssertLessThan(try XCTUnwrap(boxes.firstIndex(of: "moov")), try XCTUnwrap(boxes.firstIndex(of: "mdat")))

        // ffmpeg as the oracle.
        let decoded = try Tool.decodeStereo(out)
        let click = Measure.argmaxAbs(decoded.left, in: 0..<decoded.left.count)
        let clickRight = Measure.argmaxAbs(decoded.right, in: 0..<decoded.right.count)
        print("m4a: ffmpeg decoded \(decoded.left.count) samples for \(count); click at L \(click) R \(clickRight)")
        XCTAssertLessThanOrEqual(abs(click - 48_000), 2)
        XCTAssertLessThanOrEqual(abs(clickRight - 48_000), 2)
        XCTAssertLessThanOrEqual(abs(decoded.left.count - count), 1024)

        // Mixdown's own decoder honours the edit list's start and plays what ffmpeg
        // decodes, the last frame whole.
        let read = try AudioDecoder(path: out).readSamples(count + 4096, chunk: 4096)
        let total = read.count
        let own = Measure.argmaxAbs(read.left, in: 0..<total)
        print("m4a: AudioDecoder read \(total) samples; click at \(own)")
        XCTAssertEqual(total, decoded.left.count)
        XCTAssertLessThanOrEqual(abs(own - 48_000), 2)
    }

    func testExtensionChoosesTheContainer() throws {
        XCTAssertEqual(MovieContainer(path: "a/b/out.MP4"), .mp4)
        XCTAssertEqual(MovieContainer(path: "out.mov"), .mov)
        XCTAssertEqual(MovieContainer(path: "out.m4a"), .m4a)
        XCTAssertNil(MovieContainer(path: "out.mkv"))
        XCTAssertNil(MovieContainer(path: "mp4"))
        let folder = try TemporaryFolder()
        guard case .cannotCreateOutput? = caught(MediaIOError.self, try MovieWriter(path: folder.file("out.mkv"), video: nil)) else {
            return XCTFail("expected cannotCreateOutput")
        }
        let plan = try stitchPlan([VideoClipRequest(path: Fixture.path("clip-c.mp4"))])
        let error = caught(MediaIOError.self, try MovieWriter(path: folder.file("out.m4a"), video: plan))
        XCTAssertEqual(error, .cannotCreateOutput(path: folder.file("out.m4a"), reason: "an .m4a file holds audio only"))
        XCTAssertEqual(try folder.contents(), [])
    }
}
