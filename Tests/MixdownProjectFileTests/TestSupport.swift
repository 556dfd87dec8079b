import Foundation
import MixdownProject
import MixdownProjectFile
import MixdownTime
import MixdownTestSupport
import XCTest

/// Loads `json` (text) as a project with `base` as its folder.
func load(_ json: String, base: String = "/proj") throws(ProjectFileError) -> Project {
    try Project(json: Data(json.utf8), baseDirectory: base)
}

/// The error loading `json` gives, failing the test if it loads.
func loadError(_ json: String, base: String = "/proj", file: StaticString = #filePath, line: UInt = #line) -> ProjectFileError? {
    do {
        _ = try load(json, base: base)
        XCTFail("loaded, expected an error: \(json.prefix(200))", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Asserts that loading `json` fails with exactly one issue at `path` whose line contains `fragment`.
func assertIssue(_ json: String, path: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let error = loadError(json, file: file, line: line) else { return }
    XCTAssertEqual(error.issues.map(\.path), [path], "\(error)", file: file, line: line)
    XCTAssertTrue(error.description.contains(fragment), "\(error) lacks \(fragment)", file: file, line: line)
    XCTAssertFalse(error.isUnreadable, file: file, line: line)
}

/// `{"version": 1, …}` with `members` added and one clip unless the members name items.
func project(_ members: String = "") -> String {
    let hasItems = ["\"clips\"", "\"voiceovers\"", "\"music\""].contains { members.contains($0) }
    let items = hasItems ? "" : #", "clips": [{"path": "a.mp4"}]"#
    return #"{"version": 1"# + items + (members.isEmpty ? "" : ", " + members) + "}"
}
