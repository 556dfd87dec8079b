import Foundation
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// A preview metered as it is written (`PreviewSession.renderMeasured`), against
/// the same file measured by reading it back (`measure(_:)`, today's figures)
/// and by ffmpeg's `ebur128`.
final class PreviewMeteringTests: XCTestCase {
    /// 8 s: the music bed (MP3) with a take ducking it; or a clip's AAC audio under it.
    private func project(clip: Bool) throws -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].fade.fadeOut = try MediaTime(parsing: "2")
        if clip {
            project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-c.mp4"))]
        } else {
            project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: try MediaTime(parsing: "3.3"))]
        }
        project.output.duration = try MediaTime(parsing: "8")
        return project
    }

    /// Renders `session` metered, then measures its file as `measure(_:)` reads
    /// it back and as ffmpeg does: the figures agree.
    private func check(_ session: PreviewSession, _ label: String) throws -> DeliveredOutput {
        let metered = try session.renderMeasured()
        let read = try session.measure(metered.summary)
        let ours = try XCTUnwrap(metered.figures, label), file = try XCTUnwrap(read.figures, label)
        XCTAssertEqual(try XCTUnwrap(ours.integrated), try XCTUnwrap(file.integrated), accuracy: 0.001, label)
        XCTAssertEqual(ours.truePeak, file.truePeak, accuracy: 1e-9, "\(label): the same detector on the same samples")
        XCTAssertEqual(metered.meetsDelivery, read.meetsDelivery, label)
        XCTAssertEqual(metered.summary.frames, Int64(session.range.count), label)
        let ffmpeg = try Tool.ebur128(session.outputPath)
        XCTAssertEqual(try XCTUnwrap(ours.integrated), ffmpeg.integrated, accuracy: 0.051, "\(label): ffmpeg")
        XCTAssertEqual(ours.truePeak, ffmpeg.truePeak, accuracy: 0.15, "\(label): ffmpeg's true peak")
        return metered
    }

    /// Both sample formats, each in one stretch metered in the render's
    /// thread (one or two threads), two metered in theirs, and one of three
    /// threads metered on a thread beside the render: music and a take.
    func testMeteredFiguresAreTheFilesInEveryStretchLayout() throws {
        let layouts = [(1, 1), (2, 1), (2, 2), (3, 1)]
        try check(clip: false, [WAVSampleFormat.s16, .s24].flatMap { format in layouts.map { (format, $0.0, $0.1) } })
    }

    /// The same with an AAC clip's audio under the music (a few of the cases).
    func testMeteredFiguresWithAClipAreTheFiles() throws {
        try check(clip: true, [(.s16, 2, 2), (.s24, 1, 1), (.s24, 3, 1)])
    }

    /// Renders the project in each case (format, threads, stretches) and checks its figures.
    private func check(clip: Bool, _ cases: [(WAVSampleFormat, Int, Int)]) throws {
        let path = temporaryPath("metered.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plan = try project(clip: clip).plan()
        for (format, threads, stretches) in cases {
            let session = try PreviewSession(plan: plan, outputPath: path, format: format, parallel: stretches > 1,
                                             threads: threads)
            XCTAssertEqual(session.stretches.count, stretches)
            let delivered = try check(session, "clip \(clip), \(format), \(threads) threads, \(stretches) stretches")
            XCTAssertNil(delivered.meetsDelivery, "no delivery")
        }
    }

    /// A normalised plan (mastering: gain and limiter) is checked against its
    /// delivery as the file reads; a range previews it and is not checked; too
    /// many threads for its length fall back to reading the file.
    func testADeliveryARangeAndShortStretches() throws {
        let measured = try MeasuredPlan(plan: try project(clip: false).plan(), delivery: try DeliveryLoudness(parsing: "-20"),
                                        threads: 2)
        let path = temporaryPath("delivered.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try PreviewSession(measured: measured, outputPath: path, format: .s24, parallel: true, threads: 2)
        XCTAssertEqual(try check(whole, "delivery").meetsDelivery, true)
        let part = try PreviewSession(measured: measured, outputPath: path, format: .s16, range: 100_000..<340_000,
                                      parallel: true, threads: 2)
        XCTAssertEqual(part.stretches.count, 2)
        XCTAssertNil(try check(part, "range").meetsDelivery)
        let short = try PreviewSession(measured: measured, outputPath: path, format: .s24, range: 0..<96_000,
                                       parallel: true, threads: 4)
        XCTAssertGreaterThan(short.stretches.count, 1)
        XCTAssertNil(try WrittenLoudness(frameCount: 96_000, writers: short.stretches, sampleRate: .standard))
        _ = try check(short, "short stretches, read back")
    }
}
