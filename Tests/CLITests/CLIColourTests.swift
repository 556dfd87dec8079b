import Foundation
import MixdownTestSupport
import XCTest

/// Each clip's colour said by `probe` and `inspect`, the output's by `inspect`
/// and the export's summary, and the warning for HDR clips drawn as 8-bit SDR:
/// the names against ffprobe's, the output's against the file written.
final class CLIColourTests: XCTestCase {
    /// ffprobe's name for a colour field, nil where it says unknown or unspecified.
    private func named(_ stream: [String: Any], _ key: String) -> String? {
        (stream[key] as? String).flatMap { ["unknown", "unspecified"].contains($0) ? nil : $0 }
    }

    /// The colour `probe` and `inspect` should say for ffprobe's `stream`, Dolby
    /// Vision from its configuration record (profile and base-layer compatibility).
    private func expectedLine(_ stream: [String: Any], depth: Int, range: String) -> String {
        let names = ["color_primaries", "color_transfer", "color_space", "color_range"].map { named(stream, $0) ?? "unspecified" }
        var line = names.allSatisfy { $0 == "unspecified" } ? "\(range) (colours unspecified), \(depth)-bit"
            : "\(range) (\(names.joined(separator: ", "))), \(depth)-bit"
        let records = stream["side_data_list"] as? [[String: Any]] ?? []
        if let dolby = records.first(where: { $0["side_data_type"] as? String == "DOVI configuration record" }),
           let profile = dolby["dv_profile"] as? Int, let compatibility = dolby["dv_bl_signal_compatibility_id"] as? Int {
            line += "; Dolby Vision \(profile).\(compatibility)"
        }
        return line
    }

    func testProbePrintsEachVideoStreamsColour() throws {
        let dolby = try Fixture.realMedia("ax-dolbyVision-hdr.MOV")
        let stream = try XCTUnwrap(try Tool.probe(dolby, ["-select_streams", "v:0", "-show_streams"])["streams"] as? [[String: Any]]).first
        let theirs = try XCTUnwrap(stream)
        XCTAssertEqual(theirs["pix_fmt"] as? String, "yuv420p10le")
        let result = try CLIRunner.run(["probe", dolby])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("colour: " + expectedLine(theirs, depth: 10, range: "HLG")), result.stdout)
        XCTAssertTrue(lines.contains("colour: HLG (bt2020, arib-std-b67, bt2020nc, tv), 10-bit; Dolby Vision 8.4"), result.stdout)
        XCTAssertFalse(result.stdout.contains("mastering:"), "no HDR10 metadata in this file: \(result.stdout)")

        let json = try CLIRunner.run(["probe", "--json", dolby])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let video = try XCTUnwrap((object["streams"] as? [[String: Any]])?.first { $0["kind"] as? String == "video" })
        let colour = try XCTUnwrap(video["colour"] as? [String: Any])
        XCTAssertEqual(colour["dynamicRange"] as? String, "HLG")
        XCTAssertEqual(colour["bitDepth"] as? Int, 10)
        XCTAssertEqual(colour["transfer"] as? String, named(theirs, "color_transfer"))
        let records = try XCTUnwrap(theirs["side_data_list"] as? [[String: Any]])
        let record = try XCTUnwrap(records.first { $0["side_data_type"] as? String == "DOVI configuration record" })
        XCTAssertEqual((colour["dolbyVision"] as? [String: Any])?["profile"] as? Int, record["dv_profile"] as? Int)
        XCTAssertEqual((colour["dolbyVision"] as? [String: Any])?["level"] as? Int, record["dv_level"] as? Int)

        let sdr = try CLIRunner.run(["probe", Fixture.path("clip-a.mp4")])
        let sdrStream = try XCTUnwrap(try Tool.probe(Fixture.path("clip-a.mp4"), ["-select_streams", "v:0", "-show_streams"])["streams"] as? [[String: Any]]).first
        XCTAssertEqual(sdrStream?["pix_fmt"] as? String, "yuv420p")
        let sdrLines = sdr.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(sdrLines.contains("colour: " + expectedLine(try XCTUnwrap(sdrStream), depth: 8, range: "SDR")), sdr.stdout)
    }

    /// An HLG clip dissolving into an SDR one, in an SDR output: one warning
    /// naming the HLG file, none for the SDR one; inspect's output colour is what
    /// the export writes (ffprobe), and the summary says it. By default the same
    /// timeline is HLG (the first clip's), 10-bit, with no warning at all.
    func testAnHDRClipToneMappedIntoAnSDRExportIsWarnedAndTheOutputColourSaid() throws {
        let hlg = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let sdr = try Fixture.realMedia("ax-sample.mp4")
        let timeline = ["--video", hlg, "--video", sdr, "--transition", "dissolve:0.05"]
        let warning = "\(hlg): HLG 10-bit HDR is tone-mapped into 8-bit SDR BT.709 (BT.2390, from 1000 cd/m²); --dynamic-range hlg keeps it HDR"
        let folder = try TemporaryFolder()

        for range in ["sdr", "auto"] {
            let inspect = try CLIRunner.run(["inspect", "--no-levels", "--dynamic-range", range] + timeline)
            XCTAssertEqual(inspect.status, 0, inspect.stderr)
            let lines = inspect.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.contains("warning: \(warning)"), range == "sdr", inspect.stdout)
            XCTAssertFalse(lines.contains { $0.hasPrefix("warning: \(sdr)") }, inspect.stdout)
            XCTAssertTrue(lines.contains("  ax-hlg10-color-test.mp4: HLG (bt2020, arib-std-b67, bt2020nc, tv), 10-bit"), inspect.stdout)
            let outputLine = try XCTUnwrap(lines.first { $0.hasPrefix("  output (drawn): ") }, inspect.stdout)

            let out = folder.file("out-\(range).mp4")
            let export = try CLIRunner.run(["export", "--dynamic-range", range] + timeline + ["-o", out])
            XCTAssertEqual(export.status, 0, export.stderr)
            let written = try XCTUnwrap(try Tool.probe(out, ["-select_streams", "v:0", "-show_streams"])["streams"] as? [[String: Any]]).first
            if range == "sdr" {
                XCTAssertEqual(export.stderr.split(separator: "\n").filter { $0.contains("HDR") }, ["mixdown: warning: \(warning)"])
                XCTAssertTrue(export.stderr.contains("preset veryfast, 8-bit SDR BT.709 from HLG 10-bit)"), export.stderr)
                XCTAssertEqual(outputLine, "  output (drawn): " + expectedLine(try XCTUnwrap(written), depth: 8, range: "SDR"))
                XCTAssertEqual(written?["pix_fmt"] as? String, "yuv420p")
            } else {
                XCTAssertFalse(export.stderr.contains("tone-mapped"), export.stderr)
                XCTAssertTrue(export.stderr.contains("preset veryfast, HLG 10-bit BT.2020)"), export.stderr)
                XCTAssertEqual(outputLine, "  output (drawn): " + expectedLine(try XCTUnwrap(written), depth: 10, range: "HLG"))
                XCTAssertEqual(written?["pix_fmt"] as? String, "yuv420p10le")
            }
        }
    }

    /// No warning where nothing is drawn (an HLG clip alone is copied, and said
    /// to be), nor for SDR 8-bit clips that are.
    func testNoWarningForCopiedHDROrDrawnSDR() throws {
        let hlg = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let copied = try CLIRunner.run(["inspect", "--no-levels", "--video", hlg])
        XCTAssertEqual(copied.status, 0, copied.stderr)
        XCTAssertFalse(copied.stdout.contains("tone-mapped") || copied.stdout.contains("may band"), copied.stdout)
        XCTAssertTrue(copied.stdout.contains("  output (copied): HLG (bt2020, arib-std-b67, bt2020nc, tv), 10-bit"), copied.stdout)
        let sdr = try CLIRunner.run(["inspect", "--no-levels", "--video", Fixture.path("clip-a.mp4"), "--video", Fixture.path("clip-b.mp4"),
                                     "--transition", "dissolve:0.5"])
        XCTAssertEqual(sdr.status, 0, sdr.stderr)
        XCTAssertFalse(sdr.stdout.contains("tone-mapped") || sdr.stdout.contains("may band"), sdr.stdout)
    }
}
