import Foundation
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import XCTest

/// No input crashes the loader, and valid JSON is never called malformed.
final class ProjectFileRobustnessTests: XCTestCase {
    /// A deterministic generator, so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testDeepNestingIsRefusedBeforeParsing() {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let depth = 200_000
            let json = #"{"version": 1, "clips": "# + String(repeating: open, count: depth) + String(repeating: close, count: depth) + "}"
            let error = loadError(json)
            XCTAssertEqual(error?.issues.count, 1)
            XCTAssertTrue(error?.description.contains("nested more than 64 deep") == true, "\(String(describing: error))")
        }
        // 64 levels are fine as JSON (and then wrong as a project).
        let json = #"{"version": 1, "clips": "# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        XCTAssertEqual(loadError(json)?.issues.first?.path, "clips[0]")
    }

    func testHugeNumbersAnywhere() throws {
        for literal in ["1e400", "-1e400", "1E999", "123456789e300000"] {
            let error = loadError(#"{"version": 1, "clips": [{"path": "a.mp4", "volume": \#(literal)}]}"#)
            XCTAssertEqual(error?.issues.map(\.path), ["clips[0].volume"], literal)
        }
        for literal in ["1e308", "99999999999999999999999999999999999999"] {
            XCTAssertNotNil(loadError(#"{"version": 1, "clips": [{"path": "a.mp4", "volume": \#(literal)}]}"#), literal)
        }
        XCTAssertEqual(try load(#"{"version": 1, "clips": [{"path": "a.mp4", "volume": 1e-400}]}"#).clips[0].volume, 0)
    }

    func testAWrongTypeAtEveryPlace() throws {
        let example = try XCTUnwrap(documentedExamples().first)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])
        let wrongValues: [Any] = [NSNull(), true, -1, 1e300, "x", [] as [Any], [1], [:] as [String: Any], ["path": 1]]
        var checked = 0
        for path in Self.paths(in: document) where !path.isEmpty {
            for wrong in wrongValues {
                let changed = Self.replacing(path, in: document, with: wrong)
                let data = try JSONSerialization.data(withJSONObject: changed)
                do {
                    _ = try Project(json: data, baseDirectory: "/p")
                } catch {
                    XCTAssertFalse(error.isUnreadable)
                    for issue in error.issues { XCTAssertFalse(issue.description.isEmpty) }
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }

    func testEveryTruncationFailsCleanly() throws {
        let example = Data(try XCTUnwrap(documentedExamples().first).utf8)
        for length in 0..<example.count {
            XCTAssertThrowsError(try Project(json: example.prefix(length), baseDirectory: "/p"), "\(length) bytes")
        }
    }

    func testRandomByteChangesNeverCrash() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.repoPath("fixtures/demo/project.json"))))
        var random = SplitMix(state: 6)
        let alphabet = Array(#"{}[]",:0123456789.-eE tfnul\"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            do {
                _ = try Project(json: Data(bytes), baseDirectory: "/p")
            } catch {
                XCTAssertFalse(error.issues.isEmpty)
                XCTAssertFalse(error.isUnreadable)
            }
        }
    }

    func testValidJSONIsNeverCalledMalformed() throws {
        var random = SplitMix(state: 42)
        for _ in 0..<500 {
            let value = Self.randomJSON(depth: 0, using: &random)
            let data = try JSONSerialization.data(withJSONObject: ["version": 1, "clips": [["path": "a.mp4"]], "extra": value])
            do {
                _ = try Project(json: data, baseDirectory: "/p")
                XCTFail("the unknown key should be reported")
            } catch {
                XCTAssertEqual(error.issues.map(\.path), ["extra"], String(decoding: data, as: UTF8.self))
            }
        }
    }

    func testLargeProjectsLoadQuickly() throws {
        let clips = Array(repeating: #"{"path": "a.mp4", "volume": "-3dB", "fadeIn": "0:01.5"}"#, count: 20_000).joined(separator: ",")
        let ramps = (0..<20_000).map { #"{"start": \#($0), "end": \#($0).5, "from": 1, "to": 0.5}"# }.joined(separator: ",")
        let json = #"{"version": 1, "clips": [\#(clips)], "music": [{"path": "m.mp3", "automation": [\#(ramps)]}]}"#
        let start = Date()
        let project = try load(json)
        XCTAssertEqual(project.clips.count, 20_000)
        XCTAssertEqual(project.music[0].automation.count, 20_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    // MARK: Helpers

    static func randomJSON(depth: Int, using random: inout SplitMix) -> Any {
        let choice = depth > 5 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<7, using: &random)
        switch choice {
        case 0: return NSNull()
        case 1: return Bool.random(using: &random)
        case 2: return Double.random(in: -1e300...1e300, using: &random)
        case 3: return Int.random(in: Int.min...Int.max, using: &random)
        case 4:
            let scalars = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
                Character(Unicode.Scalar(UInt32.random(in: 1...0x2FFF, using: &random)) ?? "x")
            }
            return String(scalars) + "\\\"/"
        case 5:
            return (0..<Int.random(in: 0..<5, using: &random)).map { _ in randomJSON(depth: depth + 1, using: &random) }
        default:
            var object: [String: Any] = [:]
            for i in 0..<Int.random(in: 0..<5, using: &random) {
                object["k\(i)\\\"é"] = randomJSON(depth: depth + 1, using: &random)
            }
            return object
        }
    }

    /// Every path to a value, as keys and indices.
    static func paths(in value: Any, prefix: [Any] = []) -> [[Any]] {
        var result: [[Any]] = [prefix]
        if let object = value as? [String: Any] {
            for (key, child) in object { result += paths(in: child, prefix: prefix + [key]) }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() { result += paths(in: child, prefix: prefix + [index]) }
        }
        return result
    }

    static func replacing(_ path: [Any], in value: Any, with replacement: Any) -> Any {
        guard let first = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        if var object = value as? [String: Any], let key = first as? String {
            object[key] = replacing(rest, in: object[key] as Any, with: replacement)
            return object
        }
        if var array = value as? [Any], let index = first as? Int {
            array[index] = replacing(rest, in: array[index], with: replacement)
            return array
        }
        return value
    }
}
