import Foundation
import MixdownExport
import MixdownTestSupport
import MixdownUnits
import XCTest

/// The defaults the help shows are the ones the code uses: each read from its
/// type or the project model, never written a second time in a help text.
final class CLIHelpTests: XCTestCase {
    /// Each `--option` of `mixdown help COMMAND` with the text of its
    /// `(default: …)`; options that name no default are left out.
    static func shownDefaults(of command: String) throws -> [String: String] {
        let result = try CLIRunner.run(["help", command])
        XCTAssertEqual(result.status, 0, result.stderr)
        // An entry starts two spaces in; its text wraps onto lines indented further.
        var entries: [(name: String, text: String)] = []
        var inEntry = false
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                entries.append((String(line.dropFirst(2).prefix { $0 != " " }), String(line)))
                inEntry = true
            } else if line.hasPrefix("   "), inEntry {
                entries[entries.count - 1].text += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                inEntry = false
            }
        }
        var defaults: [String: String] = [:]
        for (name, text) in entries where name.hasPrefix("--") {
            guard let start = text.range(of: "(default: "), let end = text[start.upperBound...].firstIndex(of: ")") else { continue }
            defaults[name] = String(text[start.upperBound..<end])
        }
        return defaults
    }

    func testHelpShowsTheTypesDefaults() throws {
        let export = try Self.shownDefaults(of: "export")
        XCTAssertEqual(export["--audio-bitrate"], AudioBitRate.standard.description)
        XCTAssertEqual(export["--video-quality"], VideoQuality.standard.description)
        XCTAssertEqual(export["--video-preset"], VideoPreset.standard.rawValue)
        XCTAssertEqual(export["--true-peak"], "the preset's, else \(TruePeakCeiling.standard)")
        XCTAssertEqual(export["--duck"], DuckDepth.standard.description)
        XCTAssertEqual(export["--duck-threshold"], SpeechThreshold.standard.description)
        XCTAssertEqual(export["--duck-below"], LoudnessGap.standard.description)
        XCTAssertEqual(export["--sample-rate"], SampleRate.standard.description)
        XCTAssertEqual(try Self.shownDefaults(of: "mix")["--format"], WAVSampleFormat.standard.rawValue)
        XCTAssertEqual(export["--watermark-position"], "top-right")
        XCTAssertEqual(export["--watermark-opacity"], Opacity.standard.description)
    }

    /// Every default `init` shows, given back to its flag, leaves the project
    /// as it was: the help shows what a flag left out leaves, in a form the
    /// flag reads. (`init` writes only what differs from the defaults.)
    func testEachShownDefaultIsTheProjectsOwn() throws {
        let shown = try Self.shownDefaults(of: "init")
        // Defaults that depend on the media or the timeline, not values to type.
        let described: Set = ["--transition", "--render-size", "--duration", "--audio-track"]
        // With a watermark, as --watermark-position and --watermark-opacity are its own.
        let plain = ["init", "--video", "a.mp4", "--voiceover", "vo.wav@1", "--music", "bed.mp3", "--watermark", "logo.png"]
        let values = shown.filter { !described.contains($0.key) }.sorted { $0.key < $1.key }
        XCTAssertGreaterThanOrEqual(values.count, 20, "\(shown)")
        let expected = try CLIRunner.run(plain)
        let given = try CLIRunner.run(plain + values.flatMap { [$0.key, $0.value] })
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(given.stdout, expected.stdout, "flags given their shown defaults: \(values)")
    }
}
