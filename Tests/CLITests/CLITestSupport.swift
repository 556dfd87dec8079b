import Foundation
import MixdownTestSupport
import XCTest

/// The conform cache of every `mixdown` the tests start (`MIXDOWN_CACHE_DIR`,
/// set in this process so every child inherits it): a folder of this test
/// process, removed when it exits, never the user's cache.
let cliTestCacheFolder: String = {
    let folder = NSTemporaryDirectory() + "mixdown-tests-cache-\(getpid())"
    setenv("MIXDOWN_CACHE_DIR", folder, 1)
    atexit { try? FileManager.default.removeItem(atPath: cliTestCacheFolder) }
    return folder
}()

/// The `mixdown` executable built beside the tests (debug or release, whichever ran them).
var mixdownExecutable: URL {
    _ = cliTestCacheFolder
    let bundle = Bundle(for: CLIRunner.self).bundleURL
    let candidates = [bundle.appendingPathComponent("mixdown"),
                      bundle.deletingLastPathComponent().appendingPathComponent("mixdown")]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
}

/// Runs the CLI and captures what it says.
final class CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `mixdown arguments…`; an export that succeeds is then decoded by
    /// `ffmpeg -v error` (every stream), which must say nothing: no test makes a
    /// file that does not decode cleanly (unless `checkingDecode` is false, for a
    /// test that checks it its own way). `environment` is added to this process's.
    static func run(_ arguments: [String], checkingDecode: Bool = true, environment: [String: String] = [:],
                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let result = finish(try start(arguments, environment: environment))
        if checkingDecode, result.status == 0, arguments.first == "export",
           let flag = arguments.lastIndex(where: { $0 == "-o" || $0 == "--output" }), flag + 1 < arguments.count,
           FileManager.default.fileExists(atPath: arguments[flag + 1]) {
            XCTAssertEqual(try Tool.decodeErrors(arguments[flag + 1]), "", "ffmpeg -v error decoding the export of \(arguments)",
                           file: file, line: line)
        }
        return result
    }

    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = mixdownExecutable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    static func finish(_ running: (Process, Pipe, Pipe)) -> Result {
        let (process, out, err) = running
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A fresh temporary folder, removed by the caller's `defer`.
func temporaryFolderURL() throws -> URL {
    URL(fileURLWithPath: try temporaryFolder())
}

/// Files in `folder`, hidden ones included (temporary outputs are hidden).
func contents(of folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}
