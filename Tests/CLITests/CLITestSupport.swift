import Foundation
import MixdownTestSupport
import XCTest

/// The `mixdown` executable built beside the tests (debug or release, whichever ran them).
var mixdownExecutable: URL {
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

    static func run(_ arguments: [String]) throws -> Result {
        let process = try start(arguments)
        return finish(process)
    }

    static func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = mixdownExecutable
        process.arguments = arguments
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
