import MixdownUnits
import XCTest

/// VideoPreset: x264's presets by name, one parser, one default, and the
/// default CRF that goes with it.
final class VideoPresetTests: XCTestCase {
    func testOneParserOneDefault() throws {
        let names = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
        XCTAssertEqual(VideoPreset.allCases.map(\.rawValue), names, "x264's presets, fastest first")
        for name in names { XCTAssertEqual(try VideoPreset(parsing: name).description, name) }
        XCTAssertEqual(VideoPreset.standard, .veryfast, "chosen by measurement: docs/benchmarks.md")
        XCTAssertEqual(VideoQuality.standard.crf, 16, "the default preset's CRF: docs/benchmarks.md")
        for text in ["Medium", "VERYFAST", " fast", "fast ", "", "very fast", "5", "turbo", "medium\u{1b}"] {
            XCTAssertThrowsError(try VideoPreset(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, VideoPreset.expected)
            }
        }
        XCTAssertThrowsError(try VideoPreset(parsing: "turbo")) {
            XCTAssertEqual("\($0)", #""turbo": expected an x264 preset, one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo"#)
        }
        XCTAssertThrowsError(try VideoPreset(parsing: "medium\u{1b}")) {
            XCTAssertTrue("\($0)".hasPrefix(#""medium\u001b""#), "\($0)")
        }
    }
}
