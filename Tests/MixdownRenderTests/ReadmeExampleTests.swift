import Foundation
import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// The README's "From Swift" example, with fixture paths, compiled and run.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() throws {
        let output = NSTemporaryDirectory() + "readme-\(UUID().uuidString).wav"
        let final = NSTemporaryDirectory() + "readme-\(UUID().uuidString).m4a"
        defer {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: final)
        }

        var project = Project()
        project.music = [Project.Music(path: Fixture.path("music.mp3"))]
        project.voiceovers = [Project.Voiceover(path: Fixture.path("vo-short.wav"), start: try MediaTime(parsing: "12.5"))]
        project.musicVolume = 0.8
        let plan = try MeasuredPlan(plan: project.plan())
        let preview = try PreviewSession(measured: plan, outputPath: output, format: .s24)
        let written = try preview.render()
        print(written.line)

        let renderer = try AudioRenderer(plan: plan.plan)
        var firsts: [Int64] = []
        let summary = try renderer.render(range: 0..<480_000) { block in
            firsts.append(block.firstSample)
        }

        let podcast = try MeasuredPlan(plan: project.plan(for: .export), delivery: DeliveryLoudness(parsing: "podcast"), lossy: true)
        let export = try DeliveryExport(measured: podcast, outputPath: final)
        var fractions: [Double] = []
        let delivered = try export.export { event in
            if case let .encoding(progress) = event { fractions.append(progress.fraction) }
        }

        // The music (20 s, its decoded length) is the last item to end.
        XCTAssertEqual(written.frames, try MediaTime(seconds: 882_000.0 / 44_100).sampleIndex(sampleRate: 48_000))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output))
        XCTAssertTrue(written.line.contains("clipped samples"))
        XCTAssertEqual(summary.frames, 480_000)
        XCTAssertEqual(firsts.first, 0)
        XCTAssertEqual(firsts.count, (480_000 + 16_383) / 16_384)
        XCTAssertTrue(FileManager.default.fileExists(atPath: final))
        XCTAssertEqual(fractions.last ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(delivered.meetsDelivery, true)
        XCTAssertEqual(try XCTUnwrap(delivered.figures?.integrated), -16, accuracy: 0.15)
    }
}
