import MixdownUnits
import XCTest

/// Opacity: one parser, one range (0 to 1), one default (opaque), and a ramp
/// that never steps out of the range.
final class OpacityTests: XCTestCase {
    func testOneParserOneRangeOneDefault() throws {
        XCTAssertEqual(Opacity.standard.value, 1, "a layer is opaque until set")
        XCTAssertEqual(Opacity.transparent.value, 0)
        for (text, value) in [("0", 0.0), ("1", 1), ("0.5", 0.5), ("+0.25", 0.25), ("1.000", 1), ("-0", 0)] {
            XCTAssertEqual(try Opacity(parsing: text).value, value, text)
        }
        XCTAssertEqual(try Opacity(parsing: "-0").value.sign, .plus, "-0 reads as 0")
        for text in ["1.5", "-0.1", "50%", "0.5 dB", "half", "1e-1", "", "nan", " 0.5"] {
            XCTAssertThrowsError(try Opacity(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, "an opacity from 0 (transparent) to 1 (opaque), like 0.5")
            }
        }
        XCTAssertThrowsError(try Opacity(parsing: "1.5")) {
            XCTAssertEqual("\($0)", #""1.5": expected an opacity from 0 (transparent) to 1 (opaque), like 0.5"#)
        }
        for value in [1.000_000_1, -1e-300, .nan, .infinity] {
            XCTAssertThrowsError(try Opacity(value: value), "\(value)")
        }
        XCTAssertThrowsError(try Opacity(value: 2)) {
            XCTAssertEqual("\($0)", "2: expected an opacity from 0 (transparent) to 1 (opaque), like 0.5")
        }
        XCTAssertEqual(try Opacity(value: 0.25), 0.25)
        XCTAssertEqual(Opacity(floatLiteral: 0.3).description, "0.3")
        XCTAssertEqual((1 as Opacity).description, "1")
        XCTAssertLessThan(Opacity.transparent, .standard)
    }

    func testInterpolationStaysInRange() throws {
        let from: Opacity = 0.1, to: Opacity = 1
        XCTAssertEqual(from.interpolated(to: to, fraction: 0).value, 0.1)
        XCTAssertEqual(from.interpolated(to: to, fraction: 0.5).value, 0.55, accuracy: 1e-15)
        XCTAssertEqual(Opacity.standard.interpolated(to: .transparent, fraction: 0.25).value, 0.75)
        // Every fraction's value is an opacity, whatever the rounding of a + (b - a)·f.
        for a in stride(from: 0.0, through: 1, by: 0.07) {
            for f in stride(from: 0.0, through: 1, by: 0.013) {
                let value = try Opacity(value: a).interpolated(to: .standard, fraction: f).value
                XCTAssertTrue(Opacity.range.contains(value), "\(a) → 1 at \(f): \(value)")
            }
        }
    }
}
