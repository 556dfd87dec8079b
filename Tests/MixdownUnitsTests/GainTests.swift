import Foundation
import MixdownUnits
import XCTest

/// One grammar and one range for volumes, whether typed on the command line or in a project file.
final class GainTests: XCTestCase {
    func testFactorsAndDecibelsParse() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("1", 1), ("0.8", 0.8), ("15.8489", 15.8489), ("-6dB", pow(10, -6.0 / 20)), ("-6 dB", pow(10, -6.0 / 20)),
            ("+3db", pow(10, 3.0 / 20)), ("24dB", pow(10, 24.0 / 20)), ("24.000 DB", pow(10, 24.0 / 20)), ("-120dB", 1e-6),
            ("-0", 0), ("-0dB", 1), ("007", 7),
        ]
        for (text, factor) in cases {
            XCTAssertEqual(try Gain(parsing: text).factor, factor, accuracy: 1e-12, text)
        }
    }

    func testEverythingElseIsRefusedWithTheRange() {
        for text in ["", "loud", "0x1", "1e0", "inf", "nan", ".5", "5.", "-0.1", "15.85", "16", "24.0000001dB", "25dB",
                     "-6  dB", " -6dB", "-6dB ", "6 d B", "-6dBFS", "1..2", "+-6dB", "６dB"] {
            XCTAssertThrowsError(try Gain(parsing: text), text) { error in
                let error = error as? QuantityError
                XCTAssertEqual(error?.expected, Gain.expected, text)
                XCTAssertTrue(error?.value.hasPrefix("\"") ?? false, "the value is quoted: \(String(describing: error))")
            }
        }
        XCTAssertEqual((try? Gain(parsing: "15.85")), nil, "15.85 is above +24 dB (15.8489...)")
        XCTAssertTrue(Gain.expected.contains("15.8489"), "the message states the bound a user can type")
        XCTAssertEqual((try? Gain(parsing: "15.8489"))?.decibels ?? 99, 24, accuracy: 0.0001)
    }

    func testNumbersAreBoundedAsText() {
        XCTAssertNoThrow(try Gain(factor: Gain.maximum.factor))
        for factor in [-0.001, Gain.maximum.factor.nextUp, .nan, .infinity] {
            XCTAssertThrowsError(try Gain(factor: factor), "\(factor)")
        }
        XCTAssertEqual(try Gain(decibels: -.infinity), .silence)
        XCTAssertThrowsError(try Gain(decibels: 24.000001))
        XCTAssertThrowsError(try Gain(decibels: .nan))
        XCTAssertEqual(Gain.maximum.decibels, 24, accuracy: 1e-12)
    }

    func testMessageNamesValueReasonAndRange() {
        XCTAssertThrowsError(try Gain(parsing: "30dB")) { error in
            XCTAssertEqual("\(error)", #""30dB" (above +24 dB): expected "# + Gain.expected)
        }
        XCTAssertThrowsError(try Gain(parsing: "-0.5")) { error in
            XCTAssertEqual((error as? QuantityError)?.reason, "a factor cannot be negative")
        }
    }

    func testControlCharactersAreEscapedAndLongValuesCut() {
        XCTAssertThrowsError(try Gain(parsing: "\u{1B}[31mred\n")) { error in
            let value = (error as? QuantityError)?.value ?? ""
            XCTAssertFalse(value.unicodeScalars.contains { $0.value < 0x20 }, value)
            XCTAssertTrue(value.contains("\\u001b"), value)
        }
        XCTAssertThrowsError(try Gain(parsing: String(repeating: "9", count: 10_000))) { error in
            XCTAssertLessThanOrEqual((error as? QuantityError)?.value.count ?? 0, 43)
        }
    }
}
