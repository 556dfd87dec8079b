import Foundation
import MixdownMediaIO
import XCTest

/// A fresh folder under the system's temporary folder, removed on release.
public final class TemporaryFolder {
    /// The folder's path.
    public let path: String

    /// Creates the folder.
    public init() throws {
        path = NSTemporaryDirectory() + "mixdown-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Names in the folder, hidden ones included, sorted.
    public func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
}

/// Puts a file at `path`, runs `job` (which gets a progress callback that calls
/// `cancel` on its 20th call) and checks that the job throws `MediaIOError.cancelled`,
/// leaves the file as it was and no temporary file beside it.
public func assertCancellingKeepsExistingOutput(at path: String, cancel: @escaping () -> Void,
                                                job: (_ progress: () -> Void) throws -> Void,
                                                file: StaticString = #filePath, line: UInt = #line) throws {
    try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var calls = 0
    XCTAssertThrowsError(try job {
        calls += 1
        if calls == 20 { cancel() }
    }, file: file, line: line) { error in
        XCTAssertEqual(error as? MediaIOError, .cancelled, file: file, line: line)
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "precious", file: file, line: line)
    XCTAssertEqual(try temporaryFiles(beside: path), [], file: file, line: line)
}

/// The hidden temporary outputs Mixdown left beside `path` (none, after a cancelled or finished job).
public func temporaryFiles(beside path: String) throws -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".\(name).mixdown") }
}

/// A fresh empty folder under the temporary directory; the caller removes it.
public func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "mixdown-tests-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A path in the temporary directory that no file has, ending in `name`.
public func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "mixdown-tests-\(UUID().uuidString)-\(name)"
}

/// The error of type `E` that `body` throws, failing the test if it throws
/// nothing or something else.
public func caught<E: Error, T>(_ type: E.Type, _ body: @autoclosure () throws -> T,
                                file: StaticString = #filePath, line: UInt = #line) -> E? {
    do {
        _ = try body()
        XCTFail("expected a \(E.self), nothing was thrown", file: file, line: line)
    } catch let error as E {
        return error
    } catch {
        XCTFail("expected a \(E.self), got \(error)", file: file, line: line)
    }
    return nil
}
