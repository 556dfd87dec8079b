import Foundation
import MixdownTestSupport
import XCTest

/// The picture keeps exact time: its code never computes with `Double` seconds
/// (`.seconds`, or `Double(...)` of a time's parts) but with MixdownTime's exact
/// frame arithmetic (docs/time.md, "Frames"). The only uses left are the few
/// below that show a time in a message, each with its reason.
final class ExactTimeTests: XCTestCase {
    /// The picture's code: folders and files under Sources/.
    static let pictureSources = [
        "MixdownComposition/Video", "MixdownComposition/Stitching", "MixdownRender/Video", "MixdownMediaIO/Video",
        "MixdownExport/ComposedVideoEncoding.swift", "MixdownExport/SmartRenderEncoding.swift",
        "MixdownPlan/VideoPlan.swift", "MixdownPlan/VideoPlan+Cutting.swift", "MixdownPlan/ComposedVideo.swift",
        "MixdownPlanning/Planner+Picture.swift",
    ]

    /// Uses that may stay: (file under Sources/, code on the line, why).
    static let allowed: [(file: String, code: String, why: String)] = [
        // VideoStitchError.notOnKeyframe carries its times as seconds, only to print them
        // with MediaTime.readable(seconds:); nothing decides with them.
        ("MixdownComposition/Stitching/VideoStitchPlan+Cutting.swift", "time: requestedTime.seconds,", "an error message's time"),
        ("MixdownComposition/Stitching/VideoStitchPlan+Cutting.swift", "keyframeBefore: before.map { time($0.ticks).seconds },", "an error message's time"),
        ("MixdownComposition/Stitching/VideoStitchPlan+Cutting.swift", "keyframeAfter: after.map { time($0.ticks).seconds })", "an error message's time"),
    ]

    /// `.seconds`, and `Double(` of something named like a part of a time.
    static let patterns = [
        #"\.seconds\b"#,
        #"\bDouble\([^)]*\b(value|timescale|ticks|pts|dts|duration|frames|frameCount|numerator|denominator)\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The offending lines of `text`: (line number, code), comments left out.
    static func uses(in text: String) -> [(line: Int, code: String)] {
        var found: [(Int, String)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            // Comments may name `.seconds` to say why it is not used.
            let code = (line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line).trimmingCharacters(in: .whitespaces)
            let whole = NSRange(code.startIndex..., in: code)
            if patterns.contains(where: { $0.firstMatch(in: code, range: whole) != nil }) { found.append((index + 1, code)) }
        }
        return found
    }

    /// Every Swift file of the picture's code, by path under Sources/.
    private func pictureFiles() throws -> [String: String] {
        let sources = Fixture.packageRoot.appendingPathComponent("Sources")
        var files: [String: String] = [:]
        for entry in Self.pictureSources {
            let url = sources.appendingPathComponent(entry)
            let paths = entry.hasSuffix(".swift") ? [entry]
                : (FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".swift") }.map { entry + "/" + $0 }
            XCTAssertFalse(paths.isEmpty, "\(entry) holds no Swift file: update pictureSources")
            for path in paths { files[path] = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8) }
        }
        return files
    }

    func testThePictureComputesNoTimeInDoubleSeconds() throws {
        var unused = Set(Self.allowed.indices)
        for (path, text) in try pictureFiles().sorted(by: { $0.key < $1.key }) {
            for use in Self.uses(in: text) {
                if let index = Self.allowed.firstIndex(where: { $0.file == path && use.code.contains($0.code) }) {
                    unused.remove(index)
                } else {
                    XCTFail("Sources/\(path):\(use.line): time in Double seconds (\(use.code)); use MixdownTime's exact frame arithmetic, "
                        + "or, for a time only shown in a message, add the line to ExactTimeTests.allowed with why")
                }
            }
        }
        for index in unused.sorted() {
            XCTFail("ExactTimeTests.allowed[\(index)] (\(Self.allowed[index].file): \(Self.allowed[index].code)) matches no line: remove it")
        }
    }

    /// The scan finds what it is for, and lets comments and pixels be.
    func testTheScanFindsDoubleSeconds() {
        let caught = """
            let frames = (seconds / frameDuration.seconds + 1e-9).rounded(.down)
            let far = time.seconds - current.seconds > 2
            let rate = Double(frameRate.numerator) / Double(frameRate.denominator)
            let at = Double(packet.pts) * 0.001
            """
        XCTAssertEqual(Self.uses(in: caught).map(\.line), [1, 2, 3, 4])
        let passed = """
            // Not `.seconds`: exact.
            let width = Double(renderSize.width) // not Double(t.value)
            let text = MediaTime.readable(seconds: 1)
            let opacity = Int((layer.opacity(at: time) * 256).rounded())
            """
        XCTAssertEqual(Self.uses(in: passed).map(\.line), [])
    }
}
