import Foundation
import MixdownCaptions
import MixdownComposition
import MixdownTestSupport
import MixdownTime
import XCTest

/// SRT and WebVTT read into cues: times exact to the millisecond, styled runs,
/// entities, WebVTT's settings and blocks, encodings; and bad files refused
/// naming the file and the line.
final class CaptionReadingTests: XCTestCase {
    private func read(_ text: String, name: String = "subs.srt") throws -> CaptionFile {
        try CaptionFile(bytes: Array(text.utf8), path: name, language: "eng")
    }

    private func ms(_ value: Int64) -> MediaTime { .milliseconds(value) }

    private func range(_ start: Int64, _ end: Int64) throws -> MediaTimeRange {
        try MediaTimeRange(start: .milliseconds(start), end: .milliseconds(end))
    }

    func testSRTTimesLinesAndTags() throws {
        let file = try read("""
            1
            00:00:01,000 --> 00:00:02,500
            Hello <i>there</i>,
            <b>bold</b> &amp; <u>under</u> &lt;3&gt;

            2
            01:02:03,004 --> 01:02:04,999
            <font color="#ff0000">Red</font> {\\an8}top

            """)
        XCTAssertEqual(file.format, .srt)
        XCTAssertEqual(file.track.language, "eng")
        XCTAssertEqual(file.warnings, [])
        let cues = file.track.cues
        XCTAssertEqual(cues.count, 2)
        XCTAssertEqual(cues[0].timeRange, try range(1000, 2500))
        XCTAssertEqual(cues[0].timeRange.start.timescale, 1000)
        // 1 h 2 min 3.004 s = 3 723 004 ms.
        XCTAssertEqual(cues[1].timeRange, try range(3_723_004, 3_724_999))
        XCTAssertEqual(cues[0].identifier, "1")
        XCTAssertEqual(cues[0].lines, [
            [TextRun("Hello "), TextRun("there", isItalic: true), TextRun(",")],
            [TextRun("bold", isBold: true), TextRun(" & under <3>")],
        ])
        XCTAssertEqual(cues[0].text, "Hello there,\nbold & under <3>")
        XCTAssertEqual(cues[1].text, "Red top")
        XCTAssertEqual(cues[0].runs.map(\.text), ["Hello ", "there", ",\n", "bold", " & under <3>"])
    }

    func testWebVTTBlocksIdentifiersAndSettings() throws {
        let file = try read("""
            WEBVTT - a header
            Kind: captions

            STYLE
            ::cue { color: yellow }

            NOTE a comment
            over two lines

            REGION
            id:fred width:40%

            intro
            00:01.250 --> 00:03.000 line:10% position:25% align:start
            <v Roger>Hi&nbsp;you &lrm;<c.loud>there</c>

            00:00:04.000 --> 00:00:05.125 line:-1 align:middle size:50%
            <i>slanted
            still slanted</i>

            12:00.000 --> 01:00:00.001 line:3 position:110% align:sideways
            text <00:12:30.000>later
            """, name: "subs.vtt")
        XCTAssertEqual(file.format, .webVTT)
        let cues = file.track.cues
        XCTAssertEqual(cues.count, 3)
        XCTAssertEqual(cues[0].identifier, "intro")
        XCTAssertEqual(cues[0].timeRange, try range(1250, 3000))
        XCTAssertEqual(cues[0].settings, CaptionCueSettings(line: .percent(10), position: 25, align: .start))
        XCTAssertEqual(cues[0].text, "Hi\u{00A0}you \u{200E}there")
        XCTAssertNil(cues[1].identifier)
        XCTAssertEqual(cues[1].timeRange, try range(4000, 5125))
        XCTAssertEqual(cues[1].settings, CaptionCueSettings(line: .number(-1), align: .center))
        XCTAssertEqual(cues[1].lines, [[TextRun("slanted", isItalic: true)], [TextRun("still slanted", isItalic: true)]])
        // 12 min = 720 000 ms; 1 h + 1 ms = 3 600 001 ms; out-of-range or unknown values are ignored.
        XCTAssertEqual(cues[2].timeRange, try range(720_000, 3_600_001))
        XCTAssertEqual(cues[2].settings, CaptionCueSettings(line: .number(3)))
        XCTAssertEqual(cues[2].text, "text later")
    }

    func testOverlappingCuesAreKept() throws {
        let file = try read("""
            1
            00:00:01,000 --> 00:00:04,000
            first

            2
            00:00:02,000 --> 00:00:03,000
            second
            """)
        XCTAssertEqual(file.track.cues.map(\.timeRange), [try range(1000, 4000), try range(2000, 3000)])
    }

    /// A cue that follows the one before with no blank line still starts where its timing line (and SRT number) is.
    func testCuesWithoutBlankLinesBetweenThem() throws {
        let srt = try read("1\n00:00:01,000 --> 00:00:02,000\nfirst\n2\n00:00:03,000 --> 00:00:04,000\nsecond\n")
        XCTAssertEqual(srt.track.cues.map(\.text), ["first", "second"])
        XCTAssertEqual(srt.track.cues.map(\.identifier), ["1", "2"])
        XCTAssertEqual(srt.track.cues.map(\.timeRange), [try range(1000, 2000), try range(3000, 4000)])
        let vtt = try read("WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n00:03.000 --> 00:04.000\nsecond\n")
        XCTAssertEqual(vtt.track.cues.map(\.text), ["first", "second"])
        XCTAssertEqual(vtt.track.cues.map(\.timeRange), [try range(1000, 2000), try range(3000, 4000)])
    }

    func testEncodings() throws {
        let text = "1\r\n00:00:00,500 --> 00:00:01,750\r\nÉté 夏 🎬\r\n"
        let utf8 = Array(text.utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var little: [UInt8] = [0xFF, 0xFE], big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for (name, bytes) in [("UTF-8", utf8), ("UTF-8 BOM", bom + utf8), ("UTF-16LE", little), ("UTF-16BE", big)] {
            let file = try CaptionFile(bytes: bytes, path: "subs.srt")
            XCTAssertEqual(file.track.cues.map(\.text), ["Été 夏 🎬"], name)
            XCTAssertEqual(file.track.cues.map(\.timeRange), [try range(500, 1750)], name)
            XCTAssertEqual(file.track.language, "und", name)
        }
        // A lone high surrogate (0xD800) on line 3 of UTF-16: refused there.
        var broken: [UInt8] = [0xFF, 0xFE]
        for unit in Array("1\n00:00:00,500 --> 00:00:01,750\nab".utf16) + [0xD800, 0x0A] {
            broken += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let error = caught(CaptionError.self, try CaptionFile(bytes: broken, path: "subs.srt"))
        XCTAssertEqual(error.map(String.init(describing:)),
                       "subs.srt:3: the text is not valid UTF-16: save the file as UTF-8, or UTF-16 with a byte-order mark")
    }

    /// Each refusal: one line naming the file and the line that is wrong.
    func testRefusalsNameTheFileAndLine() throws {
        let cases: [(String, Int, String)] = [
            ("1\n00:00:01,000 --> 00:00:02,5x0\nhi\n", 2, #"malformed time "00:00:02,5x0""#),
            ("1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n00:00:05,000 --> 00:00:04,000\nback\n", 6,
             "the cue ends at 4s (00:00:04,000), before it starts at 5s (00:00:05,000)"),
            ("1\n00:00:01,000 00:00:02,000\nhi\n", 2, "missing `-->`"),
            ("WEBVTT\n\n00:01.000 --> 00:61.000\nhi\n", 3, #"malformed time "00:61.000""#),
            ("1\n00:00:01,000 --> 00:00:02,000\nCaf\u{E9}\n", 3, "not valid UTF-8"),
        ]
        for (index, (text, line, problem)) in cases.enumerated() {
            // The last case: a Latin-1 é (0xE9) where UTF-8 is expected.
            var bytes = Array(text.utf8)
            if index == 4 { bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x0A] }
            let error = caught(CaptionError.self, try CaptionFile(bytes: bytes, path: "dir/subs.srt"))
            guard case let .malformed(path, errorLine, _)? = error else {
                XCTFail("case \(index): \(String(describing: error))")
                continue
            }
            XCTAssertEqual(path, "dir/subs.srt")
            XCTAssertEqual(errorLine, line, "case \(index)")
            let message = String(describing: error!)
            XCTAssertTrue(message.hasPrefix("dir/subs.srt:\(line): "), message)
            XCTAssertTrue(message.contains(problem), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
    }

    func testMissingFileAndEmptyFile() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("none.srt")
        XCTAssertEqual(caught(CaptionError.self, try CaptionFile(path: missing)), .missingFile(path: missing))
        XCTAssertEqual(caught(CaptionError.self, try CaptionFile(path: folder.path))?.isUnreadable, true)
        // An empty file (or a WebVTT header alone) is read with a warning: it shows nothing.
        let empty = folder.file("empty.srt")
        try Data().write(to: URL(fileURLWithPath: empty))
        let file = try CaptionFile(path: empty, language: "fra")
        XCTAssertEqual(file.track.cues, [])
        XCTAssertEqual(file.warnings.map(\.description), ["\(empty):1: the file holds no cue: it shows nothing"])
        XCTAssertEqual(try read("WEBVTT\n").track.cues, [])
        // A cue that ends where it starts is dropped with a warning naming its line.
        let zero = try read("1\n00:00:01,000 --> 00:00:01,000\nnever\n\n2\n00:00:02,000 --> 00:00:03,000\nshown\n")
        XCTAssertEqual(zero.track.cues.map(\.text), ["shown"])
        XCTAssertEqual(zero.warnings.map(\.line), [2])
    }

    func testReadingAFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("subs.vtt")
        try Data("WEBVTT\n\n00:00.000 --> 00:00.040\nfirst frame\n".utf8).write(to: URL(fileURLWithPath: path))
        let track = try CaptionFile.read(path: path, language: "deu")
        XCTAssertEqual(track, CaptionTrack(language: "deu", cues: [CaptionCue(timeRange: try range(0, 40), lines: [[TextRun("first frame")]])],
                                           path: path))
    }
}
