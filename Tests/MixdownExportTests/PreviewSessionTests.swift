import Foundation
import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// The WAV preview rendered in stretches on several threads, against the same
/// preview rendered in one piece, and read back with ffprobe and ffmpeg.
final class PreviewSessionTests: XCTestCase {
    /// Music (MP3, looped), two takes (WAV) with ducking, fades: 40 s, no AAC, so
    /// every sample of a seek equals the sample of a decode from the start.
    func voiceAndMusic() throws -> Project {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: try MediaTime(parsing: "9.9")),
                              .init(path: Fixture.path("vo-pauses.wav"), start: try MediaTime(parsing: "24.2"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.music[0].fade.fadeIn = try MediaTime(parsing: "2")
        project.music[0].fade.fadeOut = try MediaTime(parsing: "3")
        project.output.duration = try MediaTime(parsing: "40")
        return project
    }

    func render(_ project: Project, format: WAVSampleFormat = .s24, range: String? = nil, parallel: Bool,
                threads workers: Int = 3) throws -> (data: Data, session: PreviewSession) {
        let plan = try project.plan()
        let path = temporaryPath("preview.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try PreviewSession(plan: plan, outputPath: path, format: format,
                                         range: try plan.samples(in: try range.map { try MediaTimeRange(parsing: $0) }),
                                         parallel: parallel, threads: workers)
        let summary = try session.render()
        XCTAssertEqual(summary.frames, Int64(session.range.count))
        return (try Data(contentsOf: URL(fileURLWithPath: path)), session)
    }

    func testStretchesAreConsecutiveWholeBlocks() throws {
        let plan = try voiceAndMusic().plan()
        let session = try PreviewSession(plan: plan, outputPath: temporaryPath("x.wav"), format: .s24, threads: 3)
        XCTAssertEqual(session.stretches.count, 3)
        XCTAssertEqual(session.stretches.first?.lowerBound, 0)
        XCTAssertEqual(session.stretches.last?.upperBound, 40 * 48_000)
        for (a, b) in zip(session.stretches, session.stretches.dropFirst()) {
            XCTAssertEqual(a.upperBound, b.lowerBound)
            XCTAssertEqual(b.lowerBound % 16_384, 0)
        }
        let short = try PreviewSession(plan: plan, outputPath: temporaryPath("x.wav"), format: .s24,
                                       range: try plan.samples(in: try MediaTimeRange(parsing: "0-19")), threads: 3)
        XCTAssertEqual(short.stretches, [0..<19 * 48_000], "below 20 s, one piece by default")
    }

    func testParallelPreviewIsTheSameFileAsOnePiece() throws {
        let project = try voiceAndMusic()
        for format in WAVSampleFormat.allCases {
            let one = try render(project, format: format, parallel: false)
            let three = try render(project, format: format, parallel: true)
            XCTAssertEqual(one.session.stretches.count, 1)
            XCTAssertEqual(three.session.stretches.count, 3)
            XCTAssertEqual(one.data.count, three.data.count, "\(format)")
            XCTAssertTrue(one.data == three.data, "\(format): the files differ")
        }
    }

    func testParallelRangeIsTheSameFileAsOnePiece() throws {
        let project = try voiceAndMusic()
        let one = try render(project, range: "7.3-31.9", parallel: false)
        let two = try render(project, range: "7.3-31.9", parallel: true, threads: 2)
        XCTAssertEqual(two.session.stretches.count, 2)
        XCTAssertEqual(two.session.stretches.first?.lowerBound, 350_400)
        XCTAssertTrue(one.data == two.data)
    }

    func testHeaderCountsEveryStretch() throws {
        let plan = try voiceAndMusic().plan()
        let path = temporaryPath("header.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try PreviewSession(plan: plan, outputPath: path, format: .s16, parallel: true, threads: 2).render()
        let data = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=duration_ts,sample_rate,channels",
                                           "-of", "csv=p=0", path])
        XCTAssertEqual(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "48000,2,1920000")
        let decoded = try Tool.decodedLeft(path)
        XCTAssertEqual(decoded.count, 1_920_000)
        // The second stretch starts at 983040 (60 blocks): its samples are the music's, not zeros.
        let around = decoded[983_040 - 4_800..<983_040 + 4_800]
        XCTAssertGreaterThan(around.map { abs($0) }.max() ?? 0, 0.05)
    }

    /// With clip audio (AAC), a stretch after the first starts with a seek: the
    /// samples equal a render in one piece except in noise-substituted (PNS)
    /// bands, which get the same energy but other noise values.
    func testParallelPreviewWithClipsMatchesOnePieceWithinPNSNoise() throws {
        var project = try voiceAndMusic()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-c.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        project.output.duration = nil
        let one = try render(project, format: .f32, parallel: false)
        let three = try render(project, format: .f32, parallel: true)
        XCTAssertEqual(three.session.stretches.count, 3)
        let a = one.data.withUnsafeBytes { Array($0.bindMemory(to: Float.self).dropFirst(0)) }
        let b = three.data.withUnsafeBytes { Array($0.bindMemory(to: Float.self).dropFirst(0)) }
        XCTAssertEqual(a.count, b.count)
        let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
        print("parallel vs one piece with AAC clips: largest difference \(worst)")
        XCTAssertLessThan(worst, 1e-3)
    }

    /// A take that turns unreadable between planning and rendering fails the
    /// worker rendering it: that error is the one reported (not the stop it
    /// causes on the other threads), and no file is left.
    func testAWorkersErrorIsReportedAndLeavesNoFile() throws {
        let take = temporaryPath("take.wav")
        try FileManager.default.copyItem(atPath: Fixture.path("vo-pauses.wav"), toPath: take)
        defer { try? FileManager.default.removeItem(atPath: take) }
        var project = try voiceAndMusic()
        project.voiceovers[1].path = take
        let plan = try project.plan()
        try Data("no longer a WAV file".utf8).write(to: URL(fileURLWithPath: take))
        let path = temporaryPath("failed.wav")
        let session = try PreviewSession(plan: plan, outputPath: path, format: .s24, threads: 2)
        XCTAssertTrue(session.stretches[1].contains(Int64(24.2 * 48_000)), "the take plays in the second stretch")
        XCTAssertThrowsError(try session.render()) { error in
            guard case .unreadableMedia(let failed, _) = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, take)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try temporaryFiles(beside: path), [])
    }

    func testCancelledPreviewLeavesExistingOutputIntact() throws {
        var project = try voiceAndMusic()
        project.output.duration = try MediaTime(parsing: "1:00:00")
        let plan = try project.plan()
        let session = try PreviewSession(plan: plan, outputPath: temporaryPath("cancel.wav"), format: .s24, threads: 2)
        XCTAssertEqual(session.stretches.count, 2)
        try assertCancellingKeepsExistingOutput(at: session.outputPath, cancel: session.cancel) { progress in
            _ = try session.render { _ in progress() }
        }
    }
}
