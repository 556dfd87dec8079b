import Foundation
import MixdownExport
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import MixdownTime
import XCTest

/// Soft caption tracks in the export, read back by ffmpeg and ffprobe: `mov_text`
/// streams with their language, cue text and times to the millisecond, the
/// video still stream-copied.
final class CaptionExportTests: XCTestCase {
    private let english = """
        1
        00:00:00,500 --> 00:00:01,250
        Hello, world

        2
        00:00:02,000 --> 00:00:03,333
        Two lines
        and the second

        3
        00:00:04,100 --> 00:00:05,999
        <i>slanted</i> then upright

        """

    /// Overlapping cues: a text track shows one sample at a time, so they are
    /// cut where either starts or ends.
    private let german = """
        WEBVTT

        00:01.000 --> 00:03.000
        Grüße

        00:02.000 --> 00:04.000 line:10%
        Tschüss

        """

    private func project(in folder: TemporaryFolder) throws -> Project {
        try Data(english.utf8).write(to: URL(fileURLWithPath: folder.file("en.srt")))
        try Data(german.utf8).write(to: URL(fileURLWithPath: folder.file("de.vtt")))
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4"))]
        var en = Project.Captions(path: folder.file("en.srt"))
        en.language = "eng"
        var de = Project.Captions(path: folder.file("de.vtt"))
        de.language = "deu"
        project.captions = [en, de]
        return project
    }

    /// Subtitle stream `index` of `path` as SRT, by ffmpeg (whose SRT encoder
    /// breaks lines inside a cue with `\r\n`, taken here as `\n`).
    private func srt(_ path: String, stream index: Int) throws -> String {
        String(decoding: try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:s:\(index)", "-f", "srt", "-"]), as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    func testSoftTracksRoundTripThroughFFmpeg() throws {
        let folder = try TemporaryFolder()
        let plan = try project(in: folder).plan(for: .export)
        guard case .stitched = plan.video else { return XCTFail("soft captions must not compose the picture") }
        let path = folder.file("out.mp4")
        _ = try ExportSession(plan: plan, outputPath: path, parallelEncoding: false).exportDecodingCleanly()

        let streams = try Tool.streams(path)
        XCTAssertEqual(streams.map { $0["codec_type"] as? String }, ["video", "audio", "subtitle", "subtitle"])
        XCTAssertEqual(streams.map { $0["codec_name"] as? String }, ["h264", "aac", "mov_text", "mov_text"])
        XCTAssertEqual(streams.map { ($0["tags"] as? [String: Any])?["language"] as? String }, ["und", "und", "eng", "deu"])

        XCTAssertEqual(try srt(path, stream: 0), """
            1
            00:00:00,500 --> 00:00:01,250
            Hello, world

            2
            00:00:02,000 --> 00:00:03,333
            Two lines
            and the second

            3
            00:00:04,100 --> 00:00:05,999
            <i>slanted</i> then upright


            """)
        XCTAssertEqual(try srt(path, stream: 1), """
            1
            00:00:01,000 --> 00:00:02,000
            Grüße

            2
            00:00:02,000 --> 00:00:03,000
            Grüße
            Tschüss

            3
            00:00:03,000 --> 00:00:04,000
            Tschüss


            """)
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        try assertInterleaved(path)
        // Stretches encoded on several threads write the same subtitle streams.
        let parallel = folder.file("parallel.mp4")
        _ = try ExportSession(plan: plan, outputPath: parallel, parallelEncoding: true, threads: 2,
                              stretchDuration: .milliseconds(2000)).exportDecodingCleanly()
        XCTAssertEqual(try srt(parallel, stream: 0), try srt(path, stream: 0))
        XCTAssertEqual(try srt(parallel, stream: 1), try srt(path, stream: 1))
        // The video is the clip's packets, copied byte for byte.
        let written = try Tool.videoPacketHashes(path)
        XCTAssertEqual(written.count, 180)
        XCTAssertTrue(try written == Tool.videoPacketHashes(Fixture.path("clip-a.mp4")), "video packets differ from the clip's")
    }

    func testRangeExportCutsTheCues() throws {
        let folder = try TemporaryFolder()
        let plan = try project(in: folder).plan(for: .export)
        let excerpt = try plan.excerpt(forExportOf: try MediaTimeRange(start: .milliseconds(2000), end: .milliseconds(5000)))
        let path = folder.file("range.mov")
        _ = try ExportSession(plan: excerpt.plan, outputPath: path, parallelEncoding: false).exportDecodingCleanly()
        XCTAssertEqual(try srt(path, stream: 0), """
            1
            00:00:00,000 --> 00:00:01,333
            Two lines
            and the second

            2
            00:00:02,100 --> 00:00:03,000
            <i>slanted</i> then upright


            """)
        XCTAssertEqual(try srt(path, stream: 1), """
            1
            00:00:00,000 --> 00:00:01,000
            Grüße
            Tschüss

            2
            00:00:01,000 --> 00:00:02,000
            Tschüss


            """)
    }

    /// A file with no cue still gives its track (the user asked for it), empty,
    /// and the file decodes cleanly.
    func testAnEmptyFileGivesAnEmptyTrack() throws {
        let folder = try TemporaryFolder()
        try Data().write(to: URL(fileURLWithPath: folder.file("empty.srt")))
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4"))]
        var captions = Project.Captions(path: folder.file("empty.srt"))
        captions.language = "fra"
        project.captions = [captions]
        let plan = try project.plan(for: .export)
        XCTAssertEqual(plan.warnings, ["\(folder.file("empty.srt")):1: the file holds no cue: it shows nothing"])
        let path = folder.file("out.mp4")
        _ = try ExportSession(plan: plan, outputPath: path, parallelEncoding: false).exportDecodingCleanly()
        let streams = try Tool.streams(path)
        XCTAssertEqual(streams.map { $0["codec_name"] as? String }, ["h264", "aac", "mov_text"])
        XCTAssertEqual((streams[2]["tags"] as? [String: Any])?["language"] as? String, "fra")
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        XCTAssertEqual(try srt(path, stream: 0), "")
    }

    /// Each subtitle packet sits among the audio and video packets of its time
    /// in the file: none before it is more than 1 s later, none after it more
    /// than 1 s earlier (the muxer's interleaving, by dts).
    private func assertInterleaved(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let csv = String(decoding: try Tool.run("ffprobe", ["-v", "error", "-show_entries", "packet=stream_index,dts_time",
                                                            "-of", "csv=p=0", path]), as: UTF8.self)
        let packets = csv.split(separator: "\n").compactMap { row -> (stream: Int, dts: Double)? in
            let fields = row.split(separator: ",")
            guard fields.count == 2, let stream = Int(fields[0]), let dts = Double(fields[1]) else { return nil }
            return (stream, dts)
        }
        let subtitles = packets.indices.filter { packets[$0].stream >= 2 }
        XCTAssertGreaterThan(subtitles.count, 3, file: file, line: line)
        for index in subtitles {
            let dts = packets[index].dts
            let before = packets[..<index].filter { $0.stream < 2 }.map(\.dts).max() ?? -.infinity
            let after = packets[(index + 1)...].filter { $0.stream < 2 }.map(\.dts).min() ?? .infinity
            XCTAssertLessThanOrEqual(before, dts + 1, "subtitle packet at \(dts) s after media at \(before) s", file: file, line: line)
            XCTAssertGreaterThanOrEqual(after, dts - 1, "subtitle packet at \(dts) s before media at \(after) s", file: file, line: line)
        }
    }
}
