import Foundation
import MixdownTestSupport
import XCTest

/// The module graph of Package.swift and the import lines of Sources/ agree with
/// docs/architecture.md: every arrow runs one way, every import is declared, and
/// C is imported `internal`, only by the thin C targets' Internals/.
final class ArchitectureTests: XCTestCase {
    /// The layers of docs/architecture.md, bottom first: a module may depend only
    /// on modules of lower layers.
    static let layers: [[String]] = [
        ["CFFmpeg", "CSndFile", "CEbur128", "CCairo", "CZimg", "CPUFeatures", "CAllocator", "MixdownUnits", "MixdownKernels", "MixdownBitstream"],
        ["MixdownTime", "MixdownDSP", "MixdownSystem", "MixdownSndFile", "MixdownEbur128"],
        ["MixdownComposition", "MixdownFFmpeg", "MixdownCairo", "MixdownZimg"],
        ["MixdownAudioMix", "MixdownDynamics", "MixdownCaptions"],
        ["MixdownPlan"],
        ["MixdownMediaIO", "MixdownAnalysis"],
        ["MixdownRender", "MixdownProject"],
        ["MixdownLoudness"],
        ["MixdownExport", "MixdownPlot", "MixdownProjectFile", "MixdownPlanning"],
        ["MixdownInterchange"],
        ["mixdown", "mixdown-kernel-bench"],
    ]
    static let cModules: Set = ["CFFmpeg", "CSndFile", "CEbur128", "CCairo", "CZimg", "CPUFeatures", "CAllocator", "MixdownKernels", "Glibc"]
    /// The thin C targets, one per C library, with the C module each wraps: only
    /// their Internals/ import a C module (their own, and Glibc).
    static let thinCTargets: [String: String] = [
        "MixdownFFmpeg": "CFFmpeg", "MixdownSndFile": "CSndFile", "MixdownEbur128": "CEbur128", "MixdownCairo": "CCairo",
        "MixdownZimg": "CZimg", "MixdownSystem": "Glibc",
    ]
    /// The only other files that import a C module: the CPU-feature probe that
    /// picks a build of the kernels, and the CLI's allocator settings (glibc's
    /// malloc, which Swift's Glibc does not declare). mixdown-kernel-bench, a tool
    /// outside the library, reads the clock through Glibc.
    static let otherCImporters: Set = ["MixdownDSP/Internals/KernelBuild.swift", "mixdown/Internals/MemoryTuning.swift"]

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

    /// No file outside the thin C targets imports a C module (CFFmpeg, CSndFile,
    /// CEbur128, CCairo, CZimg, Glibc, and the package's own C targets), and they import it
    /// `internal`, in their Internals/; the exceptions are `otherCImporters`.
    func testCIsImportedInternalOnlyByTheThinCTargets() throws {
        let graph = try packageGraph()
        var wrapped: Set<String> = []
        for target in graph.keys {
            for (file, module, isInternal) in try imports(of: target) where Self.cModules.contains(module) {
                XCTAssertTrue(isInternal, "Sources/\(target)/\(file): `import \(module)` must be `internal import`")
                if let own = Self.thinCTargets[target] {
                    XCTAssertTrue([own, "Glibc"].contains(module), "Sources/\(target)/\(file) imports \(module), the C of another thin target")
                    XCTAssertTrue(file.hasPrefix("Internals/"), "Sources/\(target)/\(file) imports \(module) outside the target's Internals/")
                    if module == own { wrapped.insert(target) }
                } else {
                    XCTAssertTrue(Self.otherCImporters.contains("\(target)/\(file)") || target == "mixdown-kernel-bench",
                                  "Sources/\(target)/\(file) imports \(module): only the thin C targets import C")
                }
            }
        }
        XCTAssertEqual(wrapped, Set(Self.thinCTargets.keys), "every thin C target imports the C module it wraps")
    }

    /// The thin C targets speak to the package only: their API is `package`, never `public`.
    func testTheThinCTargetsHaveNoPublicAPI() throws {
        for target in Self.thinCTargets.keys {
            let folder = Fixture.packageRoot.appendingPathComponent("Sources/\(target)").path
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String })
            XCTAssertFalse(files.isEmpty, "Sources/\(target) holds no files")
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.split(separator: " ").contains("public") && !line.contains("//") {
                    XCTFail("Sources/\(target)/\(file): \(line.trimmingPrefix(while: \.isWhitespace))")
                }
            }
        }
    }
}
