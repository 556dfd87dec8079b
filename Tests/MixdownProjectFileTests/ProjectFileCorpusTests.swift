import Foundation
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import XCTest

/// fixtures/projects/bad: malformed projects, each beside a `.expect` file that
/// says its exit code, how many issues, their JSON paths and message lines.
final class ProjectFileCorpusTests: XCTestCase {
    static let folder = "fixtures/projects/bad"

    /// What a `.expect` file says.
    struct Expectation {
        var exitCode: Int32 = 0
        var schema = ""
        var issueCount = 0
        var paths: [String] = []
        var messages: [String] = []

        init(_ text: String) {
            for line in text.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = String(line[line.index(colon, offsetBy: 2)...])
                switch line[..<colon] {
                case "exit": exitCode = Int32(value) ?? 0
                case "schema": schema = value
                case "issues": issueCount = Int(value) ?? 0
                case "path": paths.append(value)
                case "message": messages.append(value)
                default: XCTFail("unknown line in expect file: \(line)")
                }
            }
        }
    }

    static func corpus() throws -> [(name: String, expectation: Expectation)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.repoPath(folder))
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let expect = Fixture.repoPath(folder + "/" + name.dropLast(5) + ".expect")
            return (name, Expectation(try String(contentsOfFile: expect, encoding: .utf8)))
        }
    }

    func testCorpusHasAtLeastThirtyFilesEachWithAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.repoPath(Self.folder))
        let json = Set(files.filter { $0.hasSuffix(".json") }.map { $0.dropLast(5) })
        let expect = Set(files.filter { $0.hasSuffix(".expect") }.map { $0.dropLast(7) })
        XCTAssertGreaterThanOrEqual(json.count, 30)
        XCTAssertEqual(json, expect, "every .json needs a .expect and the other way round")
    }

    func testEveryBadProjectGetsItsExpectedIssues() throws {
        for (name, expectation) in try Self.corpus() {
            let path = Self.folder + "/" + name
            do {
                _ = try Project.load(contentsOf: Fixture.repoPath(path))
                XCTFail("\(name) loaded")
            } catch {
                // The CLI exits 66 for a file it cannot read, 65 for one that is wrong inside.
                XCTAssertEqual(error.isUnreadable, expectation.exitCode == 66, name)
                XCTAssertEqual(error.issues.count, expectation.issueCount, "\(name):\n\(error)")
                XCTAssertEqual(error.file, Fixture.repoPath(path), name)
                let paths = error.issues.map(\.path)
                for expected in expectation.paths {
                    XCTAssertTrue(paths.contains(expected), "\(name): no issue at \(expected) in \(paths)")
                }
                for message in expectation.messages {
                    XCTAssertTrue(error.description.contains(message), "\(name): missing\n  \(message)\nin\n\(error)")
                }
                XCTAssertTrue(error.description.hasPrefix(Fixture.repoPath(path) + ": "), name)
                // One line per issue, plus a count line when there are several.
                let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(lines.count, error.issues.count == 1 ? 1 : error.issues.count + 1, name)
                for issue in error.issues { XCTAssertFalse(issue.description.contains("\n"), name) }
            }
        }
    }

    func testMissingFileExits66() {
        let path = Fixture.repoPath(Self.folder + "/no-such-project.json")
        XCTAssertThrowsError(try Project.load(contentsOf: path)) { error in
            guard let error = error as? ProjectFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isUnreadable)
            XCTAssertEqual(error.description, "\(path): no such file")
            XCTAssertEqual(error.issues.first?.kind, .unreadableFile)
        }
    }

    func testDirectoryExits66() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/project.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        XCTAssertThrowsError(try Project.load(contentsOf: path)) { error in
            guard let error = error as? ProjectFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isUnreadable)
            XCTAssertEqual(error.description, "\(path): is a directory, not a project file")
        }
    }

    func testDeviceIsNotARegularFile() {
        XCTAssertThrowsError(try Project.load(contentsOf: "/dev/zero")) { error in
            guard let error = error as? ProjectFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isUnreadable)
            XCTAssertEqual(error.description, "/dev/zero: is not a regular file")
        }
    }

    func testUnreadableFileExits66() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads files whatever their permissions") }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/project.json"
        try Data(project().utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        XCTAssertThrowsError(try Project.load(contentsOf: path)) { error in
            guard let error = error as? ProjectFileError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.isUnreadable)
            XCTAssertTrue(error.description.contains("cannot be read"), "\(error)")
        }
    }

    func testOversizedFileIsRefusedUnread() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/project.json"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(Project.maximumFileSize) + 1)
        try handle.close()
        XCTAssertThrowsError(try Project.load(contentsOf: path)) { error in
            guard let error = error as? ProjectFileError else { return XCTFail("\(error)") }
            XCTAssertFalse(error.isUnreadable)
            XCTAssertTrue(error.description.contains("expected a project file of at most 16 MB"), "\(error)")
        }
    }
}
