import Foundation
import MixdownTestSupport
import XCTest

/// libavfilter is opened by what filters (dialogue cleanup) and by nothing
/// else: a plain render never loads it or the 30 libraries it needs, about
/// 12 MB of resident memory (issue 24's peak memory against ffmpeg's).
final class CLILibraryLoadingTests: XCTestCase {
    func testOnlyACleanedRenderLoadsLibavfilter() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let take = ["--voiceover", Fixture.path("vo-pauses.wav") + "@0", "--no-cache"]

        let plain = try loadedLibraries(["mix"] + take + ["-o", folder.appendingPathComponent("plain.wav").path], in: folder)
        XCTAssertTrue(plain.contains { $0.hasPrefix("libavcodec.so.") }, "the loader's report names what is loaded: \(plain)")
        XCTAssertFalse(plain.contains { $0.hasPrefix("libavfilter.so.") || $0.hasPrefix("libpostproc.so.") }, "\(plain)")

        let cleaned = try loadedLibraries(["mix"] + take + ["--highpass", "80", "-o", folder.appendingPathComponent("cleaned.wav").path],
                                          in: folder)
        XCTAssertTrue(cleaned.contains { $0.hasPrefix("libavfilter.so.") }, "\(cleaned)")
        XCTAssertGreaterThanOrEqual(cleaned.count, plain.count + 20, "libavfilter brings its own dependencies")
    }

    /// Without a usable libavfilter, a render that cleans ends with one line
    /// naming the graph and the loader's reason (exit 65, nothing written), and
    /// a plain render goes on as before.
    func testAnUnusableLibavfilterFailsOnlyTheRenderThatFilters() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An empty file where the loader looks first: not a library.
        let libraries = folder.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data().write(to: libraries.appendingPathComponent("libavfilter.so.8"))
        let take = ["--voiceover", Fixture.path("vo-pauses.wav") + "@0", "--no-cache"]
        let cleanedPath = folder.appendingPathComponent("cleaned.wav").path

        let cleaned = try CLIRunner.run(["mix"] + take + ["--highpass", "80", "-o", cleanedPath],
                                        environment: ["LD_LIBRARY_PATH": libraries.path])
        XCTAssertEqual(cleaned.status, 65, cleaned.stderr)
        let lines = cleaned.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, cleaned.stderr)
        XCTAssertTrue(cleaned.stderr.hasPrefix("mixdown: filter graph "), cleaned.stderr)
        XCTAssertTrue(cleaned.stderr.contains("libavfilter.so.8: file too short"), cleaned.stderr)
        XCTAssertEqual(contents(of: folder), ["lib"], "nothing written beside the library")

        let plain = try CLIRunner.run(["mix"] + take + ["-o", folder.appendingPathComponent("plain.wav").path],
                                      environment: ["LD_LIBRARY_PATH": libraries.path])
        XCTAssertEqual(plain.status, 0, plain.stderr)
    }

    /// The shared libraries a successful `mixdown arguments…` loads, as glibc's
    /// loader reports them (`LD_DEBUG=files`: `file=NAME [0];`), into a file in
    /// `folder` (`LD_DEBUG_OUTPUT`, suffixed with the process id) rather than
    /// the error pipe, which its 30 KB would fill before the runner reads it.
    private func loadedLibraries(_ arguments: [String], in folder: URL) throws -> Set<String> {
        let prefix = "loader-\(UUID().uuidString)"
        let result = try CLIRunner.run(arguments, environment: ["LD_DEBUG": "files",
                                                                "LD_DEBUG_OUTPUT": folder.appendingPathComponent(prefix).path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(contents(of: folder).first { $0.hasPrefix(prefix) }, "no loader report in \(contents(of: folder))")
        var names = Set<String>()
        for line in try String(contentsOf: folder.appendingPathComponent(report), encoding: .utf8).split(separator: "\n") {
            guard let start = line.range(of: "file=")?.upperBound, let end = line[start...].firstIndex(of: " ") else { continue }
            names.insert(String(line[start..<end]))
        }
        return names
    }
}
