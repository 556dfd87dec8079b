import MixdownUnits
import XCTest

/// User text in messages: control characters never reach a terminal raw, and a
/// huge value never makes a huge message (issue 12, item 17).
final class MessageTextTests: XCTestCase {
    func testQuotedEscapesAndCuts() {
        XCTAssertEqual(MessageText.quoted("loud"), #""loud""#)
        XCTAssertEqual(MessageText.quoted("a\"b\\c"), #""a\"b\\c""#)
        XCTAssertEqual(MessageText.quoted("x\u{1B}[31m\ny\r"), #""x\u001b[31m\u000ay\u000d""#)
        XCTAssertEqual(MessageText.quoted(String(repeating: "a", count: 41)), "\"" + String(repeating: "a", count: 40) + "…\"")
        XCTAssertEqual(MessageText.quoted(String(repeating: "a", count: 40)), "\"" + String(repeating: "a", count: 40) + "\"")
        XCTAssertEqual(MessageText.quoted("abcdef", limit: 3), #""abc…""#)
    }

    func testShownKeepsPrintablePathsAsTyped() {
        for path in ["/media/clip a.mp4", "vo@2.wav", "C:\\music\\bed.mp3", "Müsik/ça.wav", "日本語.wav", "🎵.mp3"] {
            XCTAssertEqual(MessageText.shown(path), path)
        }
    }

    func testShownEscapesEveryControlCharacter() {
        XCTAssertEqual(MessageText.shown("a\nb.wav"), #"a\u000ab.wav"#)
        XCTAssertEqual(MessageText.shown("\u{1B}]0;title\u{07}.wav"), #"\u001b]0;title\u0007.wav"#)
        XCTAssertEqual(MessageText.shown("del\u{7F}c1\u{9B}"), #"del\u007fc1\u009b"#)
        // Marks that make a terminal show the name reversed or on another line.
        XCTAssertEqual(MessageText.shown("evil\u{202E}vaw.exe"), #"evil\u202evaw.exe"#)
        XCTAssertEqual(MessageText.shown("a\u{2028}b\u{2066}c"), #"a\u2028b\u2066c"#)
        for scalar in (0..<0x20).compactMap(Unicode.Scalar.init) {
            XCTAssertFalse(MessageText.shown("x\(scalar)y").unicodeScalars.contains(scalar), "U+\(scalar.value)")
            XCTAssertFalse(MessageText.quoted("x\(scalar)y").unicodeScalars.contains(scalar), "U+\(scalar.value)")
        }
    }

    func testShownCutsTheMiddleKeepingTheFileName() {
        let path = "/" + String(repeating: "d", count: 10_000_000) + "/take-3.wav"
        let shown = MessageText.shown(path)
        XCTAssertEqual(shown.unicodeScalars.count, 200)
        XCTAssertTrue(shown.hasPrefix("/ddd"))
        XCTAssertTrue(shown.hasSuffix("ddd/take-3.wav"))
        XCTAssertTrue(shown.contains("…"))
        XCTAssertEqual(MessageText.shown(String(repeating: "x", count: 200)), String(repeating: "x", count: 200))
        XCTAssertEqual(MessageText.shown("0123456789", limit: 8), "01…56789")
    }
}
