import Foundation
import XCTest

/// The committed test media (fixtures/media, made by fixtures/generate.sh), the
/// real-world corpus beside the checkout (../shared/realmedia), and their facts.
public enum Fixture {
    /// The package root, from this file's path (Tests/MixdownTestSupport/Fixture.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// fixtures/media.
    public static let mediaFolder = Fixture.packageRoot.appendingPathComponent("fixtures/media").path

    /// The path of the fixture named `name` in fixtures/media.
    public static func path(_ name: String) -> String {
        mediaFolder + "/" + name
    }

    /// A path under the package root.
    public static func repoPath(_ relative: String) -> String {
        Fixture.packageRoot.appendingPathComponent(relative).path
    }

    /// Every media file of the manifest that is real media (not the damaged or fake ones).
    public static let mediaFiles = [
        "clip-a.mp4", "clip-b.mp4", "clip-c.mp4", "portrait.mp4", "other-size.mp4",
        "click-48k.m4a", "surround51.m4a", "sine-1k-22050.wav", "music.mp3",
        "vo-short.wav", "vo-pauses.wav",
    ]

    /// `manifest.json`'s `files` object.
    public static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path("manifest.json")))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["files"] as? [String: Any])
    }

    /// The manifest's object for `name`.
    public static func facts(_ name: String) throws -> [String: Any] {
        try XCTUnwrap(try manifest()[name] as? [String: Any], "\(name) not in manifest")
    }

    /// The manifest's `audio` object for `name`.
    public static func audioFacts(_ name: String) throws -> [String: Any] {
        try XCTUnwrap(try facts(name)["audio"] as? [String: Any], "\(name) has no audio facts")
    }

    /// The manifest's `duration` of `name`, in seconds.
    public static func duration(of name: String) throws -> Double {
        try XCTUnwrap(try facts(name)["duration"] as? Double, "no duration for \(name) in manifest.json")
    }

    /// A number from a JSON object as Double, failing the test when absent.
    public static func number(_ object: [String: Any], _ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap((object[key] as? NSNumber)?.doubleValue, "missing number \(key)", file: file, line: line)
    }

    /// The real-world corpus (`../shared/realmedia/files` beside the checkout, as on
    /// CI): 60 files made by other projects, described in `manifest.tsv` there.
    public static let realMediaFolder = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/realmedia/files").path

    /// The path of the corpus file `name`, failing the test when the corpus is not
    /// beside the checkout.
    public static func realMedia(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = realMediaFolder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: the realmedia corpus must be at ../shared/realmedia beside the checkout", file: file, line: line)
            throw Tool.Failure(description: "\(path) is missing")
        }
        return path
    }

    /// The OTIO timelines other tools wrote (`../shared/interchange/otio-samples`
    /// beside the checkout), failing the test when they are not there.
    public static func interchange(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/interchange/otio-samples/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("\(path) is missing: the interchange samples must be at ../shared/interchange beside the checkout", file: file, line: line)
            throw Tool.Failure(description: "\(path) is missing")
        }
        return path
    }

    /// The corpus's manifest: file name → what it exercises.
    public static func realMediaManifest() throws -> [String: String] {
        let text = try String(contentsOfFile: realMediaFolder + "/../manifest.tsv", encoding: .utf8)
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count >= 5 { entries[String(fields[0])] = String(fields[4]) }
        }
        return entries
    }
}
