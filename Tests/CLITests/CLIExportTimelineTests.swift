import Foundation
@testable import mixdown
import MixdownTestSupport
import XCTest

/// `mixdown export-timeline`: its output written whole (or to stdout), and its
/// refusals with their documented exit codes.
final class CLIExportTimelineTests: XCTestCase {
    func testWritesOTIOAndXMLAndStandardOutput() throws {
        let folder = try TemporaryFolder()
        let project = folder.file("project.json")
        try #"{"version": 1, "music": [{"path": "\#(Fixture.path("music.mp3"))", "fadeIn": 1}], "voiceovers": [{"path": "\#(Fixture.path("vo-short.wav"))", "start": 2}]}"#
            .write(toFile: project, atomically: true, encoding: .utf8)
        let otio = folder.file("cut.otio")
        let result = try CLIRunner.run(["export-timeline", project, "-o", otio])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: otio))) as? [String: Any])
        XCTAssertEqual(document["OTIO_SCHEMA"] as? String, "Timeline.1")
        XCTAssertEqual(try temporaryFiles(beside: otio), [])
        let xml = try CLIRunner.run(["export-timeline", project, "-o", folder.file("cut.xml")])
        XCTAssertEqual(xml.status, 0, xml.stderr)
        XCTAssertTrue(try String(contentsOfFile: folder.file("cut.xml"), encoding: .utf8).contains("<xmeml version=\"5\">"))
        let piped = try CLIRunner.run(["export-timeline", project, "--format", "fcpxml7", "-o", "-"])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stdout.contains("<parameterid>level</parameterid>"))
    }

    func testBadFormatIsAUsageError() throws {
        let result = try CLIRunner.run(["export-timeline", "--music", Fixture.path("music.mp3"), "--format", "edl", "-o", "cut.edl"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("edl: unknown timeline format"), result.stderr)
        // Without --format the output's name decides, parsed in process (a run costs half a second).
        XCTAssertThrowsError(try ExportTimelineCommand.parseAsRoot(["--music", "bed.wav", "-o", "cut.edl"])) { error in
            XCTAssertTrue(ExportTimelineCommand.message(for: error).contains("cut.edl: unknown timeline format"))
            XCTAssertEqual(ExportTimelineCommand.exitCode(for: error).rawValue, 64)
        }
        XCTAssertNoThrow(try ExportTimelineCommand.parseAsRoot(["--music", "bed.wav", "-o", "CUT.XML"]))
    }

    func testMissingProjectWritesNothing() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("gone.json")
        let result = try CLIRunner.run(["export-timeline", missing, "-o", folder.file("cut.otio")])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.stderr.contains(missing), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
        XCTAssertEqual(try folder.contents(), [])
    }
}
