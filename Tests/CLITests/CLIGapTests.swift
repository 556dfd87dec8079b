import Foundation
import MixdownTestSupport
import XCTest

/// A gap among the clips in what the commands show: `inspect` (text and JSON),
/// `automation` and `plot` name it as a gap, never as a file with no path.
final class CLIGapTests: XCTestCase {
    /// A leading 0.5 s gap, clip-a trimmed to 1 s, a 1.25 s gap entered by a dissolve, clip-b trimmed to 1 s.
    func project(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("gaps.json").path
        try Data("""
            {"version": 1, "clips": [
              {"gap": 0.5},
              {"path": "\(Fixture.path("clip-a.mp4"))", "out": 1},
              {"gap": 1.25, "transition": {"type": "dissolve", "duration": 0.2}},
              {"path": "\(Fixture.path("clip-b.mp4"))", "out": 1}
            ]}
            """.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testInspectAutomationAndPlotNameTheGaps() throws {
        let dir = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = try project(in: dir)

        let text = try CLIRunner.run(["inspect", project, "--no-levels"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("0.000 –     0.500 s  gap 0.500 s (background, silence)"), text.stdout)
        // The dissolve (0.2 s, 6 frames at 30 fps) overlaps clip a's end and the gap.
        XCTAssertTrue(text.stdout.contains("1.300 –     2.550 s  gap 1.250 s (background, silence)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("gap 2 (1.25s)"), "the gap's own instruction: \(text.stdout)")

        let json = try CLIRunner.run(["inspect", project, "--no-levels", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let video = try XCTUnwrap(report["video"] as? [[String: Any]])
        XCTAssertEqual(video.map { $0["gap"] as? Double }, [0.5, nil, 1.25, nil])
        XCTAssertEqual(video.map { $0["path"] == nil }, [true, false, true, false], "a gap has no path")
        XCTAssertEqual(video.map { $0["timelineStart"] as? Double }, [0, 0.5, 1.3, 2.55])
        XCTAssertEqual(report["duration"] as? Double ?? 0, 3.55, accuracy: 1e-9)

        let automation = try CLIRunner.run(["automation", project])
        XCTAssertEqual(automation.status, 0, automation.stderr)
        XCTAssertTrue(automation.stdout.contains("gap 0.000 – 0.500 s (0.500 s): no clip, silence"), automation.stdout)
        XCTAssertTrue(automation.stdout.contains("gap 1.300 – 2.550 s (1.250 s): no clip, silence"), automation.stdout)

        let svg = dir.appendingPathComponent("gaps.svg").path
        let plot = try CLIRunner.run(["plot", project, "-o", svg])
        XCTAssertEqual(plot.status, 0, plot.stderr)
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        XCTAssertTrue(drawing.contains(">gap 0.5s<") && drawing.contains(">gap 1.25s<"), "the plot labels both gaps")
    }
}
