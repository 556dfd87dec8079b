import MixdownUnits
import XCTest

/// ISO 639-2 codes as caption files and subtitle tracks carry them: the form checked, nothing guessed.
final class LanguageCodeTests: XCTestCase {
    func testThreeLowercaseLettersAreRead() throws {
        for code in ["eng", "deu", "fra", "jpn", "und", "zxx"] {
            XCTAssertEqual(try LanguageCode(parsing: code).code, code)
            XCTAssertEqual(try LanguageCode(parsing: code).description, code)
        }
        XCTAssertEqual(LanguageCode.standard.code, "und")
    }

    func testAnythingElseIsRefusedQuotingIt() {
        for text in ["", "en", "EN", "Eng", "ENG", "engl", "english", " eng", "eng ", "e1g", "ëng", "ｅｎｇ", "en-US", "eng\n"] {
            XCTAssertThrowsError(try LanguageCode(parsing: text), text) { error in
                let error = error as? QuantityError
                XCTAssertEqual(error?.expected, LanguageCode.expected, text)
                XCTAssertEqual(error?.value, MessageText.quoted(text), text)
            }
        }
        XCTAssertEqual(LanguageCode.expected, "an ISO 639-2 language code, three lowercase letters like eng or deu (und: not known)")
    }
}
