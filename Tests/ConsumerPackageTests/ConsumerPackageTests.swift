import Foundation
import XCTest

/// Mixdown as another package's dependency, the way the README offers it: a
/// consumer package depends on the `Mixdown` library product by version, from
/// a local git tag, and its `main.swift` is the README's "From Swift" example,
/// taken from README.md as it stands (imports included). It must build and run.
///
/// This is what fails when a target of Mixdown gets `unsafeFlags` again: the
/// package manager refuses unsafe flags in a package that is a versioned
/// dependency (they are only allowed in the root package, which is why the
/// rest of the suite cannot see them).
///
/// What is tested is the working tree as the other tests see it: every file
/// git tracks or would track (ignored files left out, uncommitted changes
/// included) is copied to a temporary folder, committed there and tagged
/// `1.0.0`. So on a clean clone (CI) it is the commit under test, and locally
/// it is the code on disk, not the last commit. The checkout must be a git
/// working tree (the test is skipped otherwise).
///
/// The consumer is built in debug (cheaper to build than release, and the
/// example runs in seconds either way), with its scratch and cache folders in
/// the temporary folder, so that nothing of the throwaway repository stays in
/// ~/.swiftpm or ~/.cache; swift-argument-parser, a dependency of Mixdown's
/// manifest, resolves as the main package's does (git's URL rewriting to a
/// local mirror, or the network).
final class ConsumerPackageTests: XCTestCase {
    /// The package root, from this file's path.
    private let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testReadmeExampleBuildsAndRunsInAPackageThatDependsOnMixdownByVersion() throws {
        let files: [String]
        do {
            files = try run("git", ["-C", root.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
                .split(separator: "\0").map(String.init)
        } catch {
            throw XCTSkip("the package is not a git working tree: \(error)")
        }
        let example = try readmeSwiftExample()

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("mixdown-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        // Mixdown, as a repository with a version tag.
        let mixdown = work.appendingPathComponent("mixdown")
        try copy(files, from: root, to: mixdown)
        let git = ["-C", mixdown.path, "-c", "user.name=Mixdown tests", "-c", "user.email=tests@mixdown.invalid",
                   "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"]
        _ = try run("git", ["init", "--quiet", mixdown.path])
        _ = try run("git", git + ["add", "--all", "--force"])
        _ = try run("git", git + ["commit", "--quiet", "--no-verify", "-m", "Mixdown under test"])
        _ = try run("git", git + ["tag", "1.0.0"])

        // The consumer: the README's example as its main.swift.
        let consumer = work.appendingPathComponent("consumer")
        let sources = consumer.appendingPathComponent("Sources/consumer")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "consumer",
                dependencies: [
                    .package(url: "\(mixdown.absoluteURL.absoluteString)", from: "1.0.0"),
                ],
                targets: [
                    .executableTarget(name: "consumer", dependencies: [.product(name: "Mixdown", package: "mixdown")]),
                ]
            )

            """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try example.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = ["--package-path", consumer.path, "--scratch-path", consumer.appendingPathComponent(".build").path,
                     "--disable-dependency-cache", "--cache-path", work.appendingPathComponent("cache").path]
        // SwiftPM leaves lock files named after the paths in TMPDIR: keep them in the folder too.
        let tmp = work.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let environment = ["TMPDIR": tmp.path]
        let log = try execute("swift", ["build"] + build + ["--product", "consumer"], environment: environment)
        guard log.status == 0 else {
            return XCTFail("the consumer package does not build (exit \(log.status)):\n\(log.output.suffix(6000))")
        }
        let binPath = try run("swift", ["build"] + build + ["--show-bin-path"], environment: environment)
            .trimmingCharacters(in: .whitespacesAndNewlines)

        // Run it where the example's file names are real media.
        let folder = work.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture("music.mp3"), to: folder.appendingPathComponent("bed.mp3"))
        try FileManager.default.copyItem(at: fixture("vo-short.wav"), to: folder.appendingPathComponent("vo.wav"))
        let result = try execute(URL(fileURLWithPath: binPath).appendingPathComponent("consumer").path, [], in: folder)
        XCTAssertEqual(result.status, 0, "the README example failed:\n\(result.output.suffix(4000))")
        for output in ["preview.wav", "final.m4a"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(output).path))?[.size]
            XCTAssertGreaterThan((size as? NSNumber)?.intValue ?? 0, 1000, "the example wrote no \(output)")
        }
    }

    /// The ```swift block under README.md's "## From Swift".
    private func readmeSwiftExample() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "## From Swift" }),
              let open = lines[heading...].firstIndex(where: { $0.hasPrefix("```swift") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else {
            throw ExampleMissing()
        }
        return lines[(open + 1)..<close].joined(separator: "\n") + "\n"
    }

    private struct ExampleMissing: Error, CustomStringConvertible {
        var description: String { "README.md has no ```swift block under \"## From Swift\"" }
    }

    private func fixture(_ name: String) -> URL {
        root.appendingPathComponent("fixtures/media/\(name)")
    }

    /// Copies the files (paths relative to `source`) that exist, symbolic links as links.
    private func copy(_ files: [String], from source: URL, to destination: URL) throws {
        let manager = FileManager.default
        for file in files {
            let from = source.appendingPathComponent(file), to = destination.appendingPathComponent(file)
            guard let attributes = try? manager.attributesOfItem(atPath: from.path) else { continue }   // deleted, not yet committed
            try manager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                try manager.createSymbolicLink(atPath: to.path, withDestinationPath: manager.destinationOfSymbolicLink(atPath: from.path))
            } else {
                try manager.copyItem(at: from, to: to)
            }
        }
    }

    private struct CommandFailed: Error, CustomStringConvertible {
        var command: String
        var status: Int32
        var output: String
        var description: String { "\(command) exited with \(status):\n\(output.suffix(4000))" }
    }

    /// Runs a command (found on PATH) and returns its output; throws when it fails.
    private func run(_ command: String, _ arguments: [String], in folder: URL? = nil,
                     environment: [String: String] = [:]) throws -> String {
        let result = try execute(command, arguments, in: folder, environment: environment)
        guard result.status == 0 else {
            throw CommandFailed(command: ([command] + arguments).joined(separator: " "), status: result.status, output: result.output)
        }
        return result.output
    }

    /// Runs a command with stdout and stderr together, and returns its exit status and output.
    /// `environment` is added to this process's environment.
    private func execute(_ command: String, _ arguments: [String], in folder: URL? = nil,
                         environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        if command.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [command] + arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
