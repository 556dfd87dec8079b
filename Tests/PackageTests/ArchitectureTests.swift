import Foundation
import MixdownTestSupport
import XCTest

/// The module graph of Package.swift and the import lines of Sources/ agree with
/// docs/architecture.md: every arrow runs one way, every import is declared, and
/// C is imported `internal`, only by the files that own C objects.
final class ArchitectureTests: XCTestCase {
    /// The layers of docs/architecture.md, bottom first: a module may depend only
    /// on modules of lower layers.
    static let layers: [[String]] = [
        ["CFFmpeg", "CSndFile", "CEbur128", "CPUFeatures", "CAllocator", "MixdownUnits", "MixdownKernels"],
        ["MixdownTime", "MixdownDSP"],
        ["MixdownComposition"],
        ["MixdownAudioMix", "MixdownDynamics"],
        ["MixdownPlan"],
        ["MixdownMediaIO"],
        ["MixdownRender", "MixdownAnalysis", "MixdownProject"],
        ["MixdownExport", "MixdownPlot", "MixdownProjectFile", "MixdownPlanning"],
        ["mixdown", "mixdown-kernel-bench"],
    ]
    static let cModules: Set = ["CFFmpeg", "CSndFile", "CEbur128", "CPUFeatures", "CAllocator", "MixdownKernels", "Glibc"]

    private func layer(of module: String) -> Int? {
        Self.layers.firstIndex { $0.contains(module) }
    }

    /// Target name → its dependencies on other targets of the package, from `swift package dump-package`.
    private func packageGraph() throws -> [String: [String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the test run holds the lock on .build.
        let scratch = NSTemporaryDirectory() + "mixdown-dump-package-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        process.arguments = ["swift", "package", "--package-path", Fixture.packageRoot.path, "--scratch-path", scratch, "dump-package"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graph: [String: [String]] = [:]
        for target in try XCTUnwrap(json["targets"] as? [[String: Any]]) where target["type"] as? String != "test" {
            let name = try XCTUnwrap(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                (dependency["byName"] as? [Any])?.first as? String ?? (dependency["target"] as? [Any])?.first as? String
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// Swift files under Sources/`module`, with the modules each imports and how.
    private func imports(of module: String) throws -> [(file: String, module: String, isInternal: Bool)] {
        let folder = Fixture.packageRoot.appendingPathComponent("Sources/\(module)").path
        guard let files = FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) else { return [] }
        var found: [(String, String, Bool)] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ ["internal", "public", "package", "@preconcurrency"].contains($0) }) else { continue }
                found.append((file, words[index + 1], words[..<index].contains("internal")))
            }
        }
        return found
    }

    func testEveryDependencyPointsDownTheLayers() throws {
        let graph = try packageGraph()
        XCTAssertFalse(graph.isEmpty)
        for (target, dependencies) in graph where target != "MixdownTestSupport" {
            let own = try XCTUnwrap(layer(of: target), "\(target) is on no layer of docs/architecture.md")
            for dependency in dependencies where dependency != "ArgumentParser" {
                let theirs = try XCTUnwrap(layer(of: dependency), "\(dependency) is on no layer")
                XCTAssertLessThan(theirs, own, "\(target) depends on \(dependency), which is not below it")
            }
        }
    }

    func testEveryImportIsADeclaredDependency() throws {
        let graph = try packageGraph()
        let ours = Set(graph.keys)
        for (target, dependencies) in graph where target != "MixdownTestSupport" {
            for (file, module, _) in try imports(of: target) where ours.contains(module) {
                XCTAssertTrue(dependencies.contains(module), "Sources/\(target)/\(file) imports \(module), which \(target) does not declare")
            }
        }
    }

    func testCIsImportedInternalOnlyByTheFilesThatOwnIt() throws {
        let graph = try packageGraph()
        var cImports = 0
        for target in graph.keys {
            for (file, module, isInternal) in try imports(of: target) where Self.cModules.contains(module) {
                cImports += 1
                XCTAssertTrue(isInternal, "Sources/\(target)/\(file): `import \(module)` must be `internal import`")
                // The benchmark tool reads the clock through Glibc; it is not part of the library.
                XCTAssertTrue(file.hasPrefix("Internals/") || target == "mixdown-kernel-bench",
                              "Sources/\(target)/\(file) imports \(module) outside the target's Internals/")
            }
        }
        XCTAssertGreaterThan(cImports, 0, "the check saw the C imports")
    }
}
