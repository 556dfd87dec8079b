import Foundation
import MixdownProject
import MixdownTime
import XCTest

/// The package root, from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A path under the package root.
func repoPath(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

/// A time from text, for test inputs known to be valid.
func t(_ text: String) -> MediaTime { try! MediaTime(parsing: text) }

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
    XCTAssertEqual(error.exitCode, 65, file: file, line: line)
}

/// `{"version": 1, …}` with `members` added and one clip unless the members name items.
func project(_ members: String = "") -> String {
    let hasItems = ["\"clips\"", "\"voiceovers\"", "\"music\""].contains { members.contains($0) }
    let items = hasItems ? "" : #", "clips": [{"path": "a.mp4"}]"#
    return #"{"version": 1"# + items + (members.isEmpty ? "" : ", " + members) + "}"
}

/// A fresh empty folder under the temporary directory.
func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mixdown-project-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}
