import Foundation
import MixdownInterchange
import MixdownTestSupport
import XCTest

/// A file that is not OTIO, or holds a wrong value, is refused with one line
/// naming the item and its JSON path; missing media names the clip and the path tried.
final class OTIOImportErrorTests: XCTestCase {
    private func importing(_ text: String, options: OTIOImportOptions = OTIOImportOptions(), in folder: TemporaryFolder? = nil) throws -> InterchangeError {
        let folder = try folder ?? TemporaryFolder()
        let path = folder.file("cut.otio")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try OTIOImport.read(contentsOf: path, options: options)
        } catch {
            return error
        }
        throw XCTSkip("imported without an error")
    }

    private func assertRefused(_ text: String, saying parts: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let error = try importing(text)
        let message = error.description
        for part in parts { XCTAssertTrue(message.contains(part), "\(message) does not say \(part)", file: file, line: line) }
        XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
        XCTAssertFalse(error.isMissingInput, file: file, line: line)
    }

    private let media = OTIOText.external("a.mov", available: OTIOText.range(0, 48))

    func testNotJSONAndNotOTIO() throws {
        try assertRefused("hello, editor", saying: ["cut.otio", "not an OTIO file: it is not JSON"])
        try assertRefused(#"{"version": 1, "clips": [{"path": "a.mp4"}]}"#, saying: ["not an OTIO file", "OTIO_SCHEMA"])
        try assertRefused(#"{"OTIO_SCHEMA": "Clip.2", "name": "x"}"#, saying: ["OTIO_SCHEMA", "expected a timeline (Timeline.1)"])
    }

    func testUnknownSchemaVersions() throws {
        try assertRefused(OTIOText.timeline([], schema: "Timeline.2"), saying: ["OTIO_SCHEMA", "unknown schema version Timeline.2", "reads Timeline.1"])
        let clip = OTIOText.clip("Interview", source: OTIOText.range(0, 24), media: media, schema: "Clip.3")
        try assertRefused(OTIOText.timeline([OTIOText.track("Video", [clip])]),
                          saying: ["tracks.children[0].children[0].OTIO_SCHEMA", "unknown schema version Clip.3", "Clip.1 and Clip.2"])
    }

    func testNegativeDuration() throws {
        let clip = OTIOText.clip("Interview", source: OTIOText.range(10, -5), media: media)
        try assertRefused(OTIOText.timeline([OTIOText.track("Video", [clip])]),
                          saying: ["tracks.children[0].children[0].source_range.duration", "negative duration"])
    }

    func testAbsentAndCircularReferences() throws {
        let absent = OTIOText.clip("Interview", source: OTIOText.range(0, 24), media: media)
            .replacingOccurrences(of: #""active_media_reference_key": "DEFAULT_MEDIA""#, with: #""active_media_reference_key": "HIGH_RES""#)
        try assertRefused(OTIOText.timeline([OTIOText.track("Video", [absent])]),
                          saying: ["tracks.children[0].children[0].active_media_reference_key", "\"HIGH_RES\"", "\"DEFAULT_MEDIA\""])
        let circular = OTIOText.clip("Loop", source: OTIOText.range(0, 24), media: OTIOText.external("cut.otio"))
        try assertRefused(OTIOText.timeline([OTIOText.track("Video", [circular])]),
                          saying: ["clip \"Loop\"", "tracks.children[0].children[0]", "circular reference"])
    }

    func testSpeedChangeRefusedWithItsTime() throws {
        let warp = #"[{"OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "", "time_scalar": 2.0, "metadata": {}}]"#
        let first = OTIOText.clip("Wide", source: OTIOText.range(0, 36), media: media)
        let fast = OTIOText.clip("Fast", source: OTIOText.range(0, 24), media: media, effects: warp)
        try assertRefused(OTIOText.timeline([OTIOText.track("Video", [first, fast])]),
                          saying: ["clip \"Fast\"", "at 1.5s", "speed change", "×2.0"])
    }

    func testMissingMediaNamesTheClipAndThePathsTried() throws {
        let folder = try TemporaryFolder()
        let clip = OTIOText.clip("Interview", source: OTIOText.range(0, 24), media: OTIOText.external("file:///Volumes/Edit/a%20b.mov"))
        var options = OTIOImportOptions()
        options.mediaRoot = folder.file("media")
        let error = try importing(OTIOText.timeline([OTIOText.track("Video", [clip])]), options: options, in: folder)
        XCTAssertTrue(error.isMissingInput)
        XCTAssertTrue(error.description.contains("clip \"Interview\""), error.description)
        XCTAssertTrue(error.description.contains("/Volumes/Edit/a b.mov, then \(folder.file("media"))/a b.mov"), error.description)
        let missing = OTIOText.clip("Lost", source: OTIOText.range(0, 24), media: #"{"OTIO_SCHEMA": "MissingReference.1", "metadata": {}}"#)
        let reference = try importing(OTIOText.timeline([OTIOText.track("Audio", [missing])]))
        XCTAssertTrue(reference.isMissingInput)
        XCTAssertTrue(reference.description.contains("clip \"Lost\""), reference.description)
        XCTAssertTrue(reference.description.contains("MissingReference"), reference.description)
    }
}
