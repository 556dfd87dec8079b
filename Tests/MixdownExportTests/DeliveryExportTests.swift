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

/// The measured passes run in their order (`MeasuredPlan`), the sessions'
/// refusal of a plan they have not measured, and a delivery without the CLI:
/// a preview checked against it, an export encoded until its decoded AAC meets
/// it (`DeliveryExport`), measured by ffmpeg's `ebur128` filter.
final class DeliveryExportTests: XCTestCase {
    /// vo-pauses.wav at 5 s over the 20 s music bed, ducking by loudness.
    private func project() throws -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: try MediaTime(parsing: "5"))]
        project.ducking.mode = .loudness
        return project
    }

    private func delivery(_ text: String) throws -> DeliveryLoudness {
        try DeliveryLoudness(parsing: text)
    }

    /// Ducks by loudness first, then the normalisation, on the ducked plan: the
    /// mastering's gain answers the mix with its ducks.
    func testThePassesRunInTheirOrder() throws {
        let plan = try project().plan()
        XCTAssertTrue(plan.needsMeasuring)
        var warnings: [String] = []
        let measured = try MeasuredPlan(plan: plan, delivery: delivery("podcast"), threads: 2, warn: { warnings.append($0) })
        XCTAssertFalse(measured.plan.needsMeasuring)
        XCTAssertFalse(try XCTUnwrap(measured.plan.audioTracks(of: .music).first).loudnessDucks.isEmpty)
        let normalisation = try XCTUnwrap(measured.normalisation)
        XCTAssertNotNil(measured.plan.mastering)
        XCTAssertNotNil(measured.recordedBus)
        // The normalisation measured the ducked mix: the same figures as a scan of it.
        let ducked = try plan.measuringLoudnessDucks()
        let scan = try LoudnessScan(plan: ducked, threads: 2, measures: .integrated)
        XCTAssertEqual(try XCTUnwrap(normalisation.measured.integrated), try XCTUnwrap(scan.figures.integrated), accuracy: 0.001)
        XCTAssertEqual(warnings, measured.warnings)

        let bare = try MeasuredPlan(plan: plan)
        XCTAssertNil(bare.normalisation)
        XCTAssertNil(bare.plan.mastering)
        XCTAssertFalse(bare.plan.needsMeasuring)
        // A measured plan goes through again unchanged.
        XCTAssertEqual(try MeasuredPlan(plan: bare.plan).plan.audioTracks.map(\.duck), bare.plan.audioTracks.map(\.duck))
    }

    /// A plan whose ducks by loudness are not measured is refused by both
    /// sessions, with a message that says what to do.
    func testTheSessionsRefuseAPlanNotMeasured() throws {
        let plan = try project().plan()
        let path = temporaryPath("refused.wav")
        let preview = caught(MediaIOError.self, try PreviewSession(plan: plan, outputPath: path, format: .s24))
        XCTAssertEqual(preview?.description, "timeline: unsupported: its dialogue processing or its ducks by loudness are not measured yet: "
                       + "render a MeasuredPlan of it, which runs the measured passes")
        let movie = temporaryPath("refused.m4a")
        XCTAssertEqual(caught(MediaIOError.self, try ExportSession(plan: plan, outputPath: movie).export()), preview)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: movie))
    }

    /// The preview of a measured plan reads its recording and meets its delivery;
    /// a range is a preview of the delivery, not checked against it.
    func testAPreviewIsCheckedAgainstItsDelivery() throws {
        let measured = try MeasuredPlan(plan: try project().plan(), delivery: delivery("-20"), threads: 2)
        let path = temporaryPath("delivered.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = try PreviewSession(measured: measured, outputPath: path, format: .f32, threads: 2)
        XCTAssertNotNil(session.recordedBus)
        let delivered = try session.measure(try session.render())
        XCTAssertEqual(delivered.meetsDelivery, true)
        XCTAssertEqual(delivered.encodings, 1)
        XCTAssertEqual(try XCTUnwrap(delivered.figures?.integrated), -20, accuracy: 0.15)
        XCTAssertEqual(try Tool.ebur128(path).integrated, -20, accuracy: 0.2)

        let part = try PreviewSession(measured: measured, outputPath: path, format: .f32, range: 48_000..<480_000, threads: 2)
        let previewed = try part.measure(try part.render())
        XCTAssertNil(previewed.meetsDelivery)
        XCTAssertNotNil(previewed.figures)
    }

    /// The export of a delivery, with no CLI: the decoded AAC meets it, and each
    /// encoding is reported from start to end.
    func testAnExportMeetsItsDelivery() throws {
        let measured = try MeasuredPlan(plan: try project().plan(for: .export), delivery: delivery("podcast"), lossy: true, threads: 2)
        let path = temporaryPath("delivered.m4a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let export = try DeliveryExport(measured: measured, outputPath: path, threads: 2)
        XCTAssertNil(export.excerpt)
        var events: [String] = []
        let delivered = try export.export { event in
            switch event {
            case let .started(encoding): events.append("started \(encoding)")
            case .encoding: if events.last != "encoding" { events.append("encoding") }
            case let .finished(encoding): events.append("finished \(encoding)")
            }
        }
        XCTAssertEqual(delivered.meetsDelivery, true)
        XCTAssertEqual(events, (1...delivered.encodings).flatMap { ["started \($0)", "encoding", "finished \($0)"] })
        let measuredByFFmpeg = try Tool.ebur128(path)
        XCTAssertEqual(measuredByFFmpeg.integrated, -16, accuracy: 0.2)
        XCTAssertLessThanOrEqual(measuredByFFmpeg.truePeak, -1)
        XCTAssertEqual(try XCTUnwrap(delivered.figures?.integrated), measuredByFFmpeg.integrated, accuracy: 0.1)
    }

    /// At 32 kb/s the decoded AAC misses a -14 LUFS delivery: the mastering is
    /// corrected and the mix encoded again, at most four times, the last file
    /// kept and said to miss.
    func testAnExportThatMissesIsCorrectedAndEncodedAgain() throws {
        let measured = try MeasuredPlan(plan: try project().plan(for: .export), delivery: delivery("-14"), lossy: true, threads: 2)
        let path = temporaryPath("corrected.m4a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let delivered = try DeliveryExport(measured: measured, outputPath: path, audioBitRate: 32_000, threads: 2).exportDecodingCleanly()
        XCTAssertGreaterThan(delivered.encodings, 1)
        XCTAssertLessThanOrEqual(delivered.encodings, DeliveryExport.maximumEncodings)
        XCTAssertNotEqual(delivered.normalisation?.plan.mastering?.gainDecibels, measured.plan.mastering?.gainDecibels,
                          "the mastering was corrected")
        let figures = try XCTUnwrap(delivered.figures)
        XCTAssertEqual(delivered.meetsDelivery, try XCTUnwrap(delivered.normalisation).accepts(figures))
        XCTAssertTrue(delivered.meetsDelivery == true || delivered.encodings == DeliveryExport.maximumEncodings)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    /// A range is exported once with the whole mix's mastering, not checked;
    /// without a delivery, nothing is measured unless asked.
    func testARangeIsEncodedOnceAndAPlainExportMeasuresOnlyWhenAsked() throws {
        let measured = try MeasuredPlan(plan: try project().plan(for: .export), delivery: delivery("podcast"), lossy: true, threads: 2)
        let path = temporaryPath("range.m4a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let range = try MediaTimeRange(parsing: "4-12")
        let export = try DeliveryExport(measured: measured, outputPath: path, range: range, threads: 2)
        XCTAssertEqual(export.excerpt?.timelineRange, range)
        XCTAssertEqual(export.plan.mastering?.gainDecibels, measured.plan.mastering?.gainDecibels)
        let delivered = try export.exportDecodingCleanly()
        XCTAssertEqual(delivered.encodings, 1)
        XCTAssertNil(delivered.meetsDelivery)
        XCTAssertNotNil(delivered.figures)
        XCTAssertEqual(delivered.summary.frames, 8 * 48_000)

        let plain = try MeasuredPlan(plan: try project().plan(for: .export), threads: 2)
        let unmeasured = try DeliveryExport(measured: plain, outputPath: path, threads: 2, measuringLoudness: false).exportDecodingCleanly()
        XCTAssertNil(unmeasured.figures)
        XCTAssertNil(unmeasured.normalisation)
        XCTAssertNil(unmeasured.meetsDelivery)
        XCTAssertNotNil(try DeliveryExport(measured: plain, outputPath: path, threads: 2).exportDecodingCleanly().figures)
    }

    /// `cancel()` stops the export and leaves no file.
    func testACancelledExportLeavesNoFile() throws {
        let measured = try MeasuredPlan(plan: try project().plan(for: .export), threads: 2)
        let path = temporaryPath("cancelled.m4a")
        let export = try DeliveryExport(measured: measured, outputPath: path, threads: 2)
        let error = caught(MediaIOError.self, try export.export { event in
            if case .encoding = event { export.cancel() }
        })
        XCTAssertEqual(error, .cancelled)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
