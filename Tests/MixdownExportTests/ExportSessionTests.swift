import Foundation
import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// The export, checked with ffprobe and ffmpeg as independent oracles.
final class ExportSessionTests: XCTestCase {
    func demo() -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-c.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: try! MediaTime(parsing: "1.5"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].fade.fadeIn = try! MediaTime(parsing: "2")
        project.clipVolume = 0.5
        project.musicVolume = 0.8
        return project
    }

    func export(_ project: Project, to name: String = "out.mp4") throws -> (String, MixPlan) {
        let plan = try project.plan(for: .export)
        let path = temporaryPath(name)
        _ = try ExportSession(plan: plan, outputPath: path).exportDecodingCleanly()
        return (path, plan)
    }

    func testStreamsStartAtZeroAndEndTogether() throws {
        let (path, _) = try export(demo())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let streams = try probeStreams(path)
        XCTAssertEqual(streams.map(\.type), ["video", "audio"])
        XCTAssertEqual(streams.map(\.codec), ["h264", "aac"])
        XCTAssertEqual(streams[0].start, 0)
        XCTAssertEqual(streams[1].start, 0)
        XCTAssertEqual(streams[0].duration, 15, accuracy: 1e-6)
        XCTAssertLessThan(abs(streams[0].duration - streams[1].duration), 1024.0 / 48_000)
    }

    func testVideoPacketsAreTheSourcePacketsInOrder() throws {
        let (path, _) = try export(demo())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sources = try ["clip-a.mp4", "clip-c.mp4", "clip-b.mp4"].flatMap { try Tool.videoPacketHashes(Fixture.path($0)) }
        let written = try Tool.videoPacketHashes(path)
        XCTAssertEqual(written.count, 450)
        XCTAssertTrue(written == sources, "video packets differ from the sources'")
    }

    func testDecodedAACLinesUpWithThePreview() throws {
        let project = demo()
        let (path, plan) = try export(project)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var preview: [Float] = []
        _ = try AudioRenderer(plan: plan).render { block throws(MediaIOError) in
            preview.append(contentsOf: block.left)
        }
        let decoded = try Tool.decodedLeft(path)
        XCTAssertGreaterThanOrEqual(decoded.count, preview.count)
        let match = Measure.bestLag(preview, decoded, lags: -48...48, range: 48_000..<144_000)
        XCTAssertLessThanOrEqual(abs(match.lag), 2)
        XCTAssertGreaterThan(match.correlation, 0.99)
    }

    func testEachClipsClickLandsWithinAMillisecond() throws {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-c.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        let (path, _) = try export(project)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoded = try Tool.decodedLeft(path)
        for expected in [96_000, 6 * 48_000 + 156_000, 10 * 48_000 + 72_000] {
            let window = (expected - 24_000)..<(expected + 24_000)
            let found = window.max { abs(decoded[$0]) < abs(decoded[$1]) }!
            XCTAssertLessThanOrEqual(abs(found - expected), 48, "click expected at sample \(expected), found \(found)")
        }
    }

    func testAudioOnlyM4A() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("click-48k.m4a"), start: try MediaTime(parsing: "0.5"))]
        let (path, _) = try export(project, to: "out.m4a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(try probeStreams(path).map(\.codec), ["aac"])
        let decoded = try Tool.decodedLeft(path)
        let found = decoded.indices.max { abs(decoded[$0]) < abs(decoded[$1]) }!
        XCTAssertLessThanOrEqual(abs(found - (24_000 + 48_000)), 2)
    }

    /// Clips of another size or orientation are conformed now (CLIVideoCompositionTests);
    /// unreadable ones are still refused before anything is written.
    func testRefusedInputsLeaveNoFile() throws {
        let cases: [([String], String)] = [
            (["clip-a.mp4", "truncated.mp4"], "truncated"),
            (["clip-a.mp4", "no-such-clip.mp4"], "no-such-clip.mp4"),
        ]
        for (clips, message) in cases {
            var project = Project()
            project.clips = clips.map { .init(path: Fixture.path($0)) }
            let path = temporaryPath("refused.mp4")
            XCTAssertThrowsError(try export(project)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        }
    }

    func testCancelledExportLeavesExistingOutputIntact() throws {
        var project = demo()
        project.clips = []
        project.output.duration = try MediaTime(parsing: "1:00:00")
        project.music[0].loop = true
        let plan = try project.plan(for: .export)
        let session = ExportSession(plan: plan, outputPath: temporaryPath("cancel.m4a"))
        try assertCancellingKeepsExistingOutput(at: session.outputPath, cancel: session.cancel) { progress in
            _ = try session.export { _ in progress() }
        }
    }

    func testRangeExportSnapsToAKeyframeAndKeepsSoundWithPicture() throws {
        let full = try demo().plan(for: .export)
        let excerpt = try full.excerpt(forExportOf: try MediaTimeRange(parsing: "4.5-11.2"))
        // clip-a's keyframes are 1 s apart: 4.5 moves back to 4; clip-b's out-point 1.2 to its keyframe at 1.
        XCTAssertEqual(excerpt.timelineRange, try MediaTimeRange(parsing: "4-11"))
        XCTAssertEqual(excerpt.snaps.map(\.edge), [.inPoint, .outPoint])
        let path = temporaryPath("excerpt.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ExportSession(plan: excerpt.plan, outputPath: path).exportDecodingCleanly()

        let streams = try probeStreams(path)
        XCTAssertEqual(streams[0].duration, 7, accuracy: 1e-6)
        XCTAssertLessThan(abs(streams[0].duration - streams[1].duration), 1024.0 / 48_000)
        // The video is the sources' packets from the keyframe at 4 s to 11 s.
        let sources = try Tool.videoPacketHashes(Fixture.path("clip-a.mp4"))[120...] + Tool.videoPacketHashes(Fixture.path("clip-c.mp4"))
            + Tool.videoPacketHashes(Fixture.path("clip-b.mp4"))[..<30]
        XCTAssertTrue(try Tool.videoPacketHashes(path) == Array(sources), "video packets differ from the source slices")
        // The sound is the full timeline's mix from 4 s on.
        var reference: [Float] = []
        _ = try AudioRenderer(plan: full).render(range: 192_000..<528_000) { block throws(MediaIOError) in
            reference.append(contentsOf: block.left)
        }
        let decoded = try Tool.decodedLeft(path)
        let match = Measure.bestLag(reference, decoded, lags: -48...48, range: 48_000..<240_000)
        XCTAssertLessThanOrEqual(abs(match.lag), 2)
        XCTAssertGreaterThan(match.correlation, 0.99)
    }
}
