import MixdownUnits
import XCTest

final class ColourTests: XCTestCase {
    func testHexAndNamesAreRead() throws {
        XCTAssertEqual(try Colour(parsing: "#1a2B3c"), Colour(red: 0x1A, green: 0x2B, blue: 0x3C))
        XCTAssertEqual(try Colour(parsing: "#abc"), Colour(red: 0xAA, green: 0xBB, blue: 0xCC))
        XCTAssertEqual(try Colour(parsing: "Grey"), Colour(red: 128, green: 128, blue: 128))
        XCTAssertEqual(try Colour(parsing: "BLACK"), .black)
        XCTAssertEqual(Colour(red: 0x0A, green: 0xFF, blue: 0).description, "#0aff00")
    }

    func testOnlyASCIIHexDigitsAreDigits() {
        for text in ["#ＡＢＣ", "#１２３４５６", "#12345", "#1234567", "#ggg", "123456", "#", "", "purple"] {
            XCTAssertThrowsError(try Colour(parsing: text), text) { error in
                XCTAssertEqual((error as? QuantityError)?.expected, Colour.expected, text)
            }
        }
    }
}
