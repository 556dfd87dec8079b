import MixdownUnits
import XCTest

/// `--cache-size`: powers of 1024, 1M to 1024T, one parser, shown back in its units.
final class CacheSizeTests: XCTestCase {
    func testSizesAsUsersTypeThem() throws {
        let cases: [(String, Int64)] = [
            ("500M", 500 << 20), ("4G", 4 << 30), ("4g", 4 << 30), ("1.5G", 3 << 29), ("4 GiB", 4 << 30), ("4GB", 4 << 30),
            ("1024K", 1 << 20), ("1048576", 1 << 20), ("1024T", 1 << 50),
        ]
        for (text, bytes) in cases {
            XCTAssertEqual(try CacheSize(parsing: text).bytes, bytes, text)
        }
        XCTAssertEqual(CacheSize.standard.bytes, 4 << 30)
        XCTAssertEqual(CacheSize.standard.description, "4G")
        XCTAssertEqual(try CacheSize(parsing: "1.5G").description, "1.5G")
        XCTAssertEqual(CacheSize.shown(175_319_880), "167.2M")
        XCTAssertEqual(CacheSize.shown(300), "300")
    }

    func testOtherValuesAreRefusedWithTheRange() {
        for text in ["", "G", "-1G", "0", "1023K", "1025T", "4X", "1e9", "four"] {
            XCTAssertThrowsError(try CacheSize(parsing: text), text) { error in
                guard let error = error as? QuantityError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.expected, CacheSize.expected, text)
            }
        }
        XCTAssertThrowsError(try CacheSize(bytes: 1000))
    }
}
