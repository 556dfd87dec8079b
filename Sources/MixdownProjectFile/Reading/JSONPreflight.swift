import Foundation

/// A cheap pass over a JSON file's bytes before `JSONSerialization` sees them.
///
/// It finds what the parser would crash on, mis-report or silently accept:
/// bytes that are not UTF-8, nesting deeper than ``maximumDepth`` (deep
/// recursion can exhaust the stack), numbers too large for a `Double`
/// (`1e400`), and keys given twice in one object (JSON keeps only the last);
/// and it names structural mistakes more precisely than the parser: unquoted
/// words, comments, missing or trailing commas, unterminated strings and
/// brackets. Each problem is placed by line and column or, where it can be,
/// by JSON path.
///
/// What is inside a token (escapes, number syntax, control characters) is
/// left to the parser, whose message is then used.
struct JSONPreflight {
    /// The deepest nesting of arrays and objects accepted; a project needs 4.
    static let maximumDepth = 64

    /// Problems that stop loading: the parser is not run.
    private(set) var fatal: [ProjectFileIssue] = []
    /// Keys given twice in one object; reported beside the other problems.
    private(set) var duplicateKeys: [ProjectFileIssue] = []

    private let bytes: [UInt8]
    private var stack: [Container] = []
    private var expecting = Expectation.value

    /// What may come next.
    private enum Expectation {
        case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
    }

    /// An array or object the scan is inside.
    private struct Container {
        var isObject: Bool
        var path: JSONPath
        var openedAt: Int
        var index = 0
        var key: String?
        var keys: Set<String> = []

        /// The path of the value the scan is at inside this container.
        var valuePath: JSONPath { isObject ? path.appending(key ?? "") : path.appending(index) }
    }

    /// Scans `bytes`, which should not start with a byte order mark.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        if let offset = Self.firstInvalidUTF8(in: bytes) {
            let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            fail(at: offset, found: utf16 ? "UTF-16 text" : String(format: "the byte 0x%02X, which is not UTF-8", bytes[offset]),
                 expected: "a UTF-8 text file")
            return
        }
        guard bytes.contains(where: { !Self.isWhitespace($0) }) else {
            fail(at: 0, found: bytes.isEmpty ? "an empty file" : "only white space",
                 expected: "a JSON object like {\"version\": 1, \"clips\": [...]}")
            return
        }
        scan()
    }

    // MARK: Scanning

    private mutating func scan() {
        var i = 0
        while i < bytes.count, fatal.isEmpty {
            let byte = bytes[i]
            if Self.isWhitespace(byte) { i += 1; continue }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard expectingValue(at: i) else { return }
                guard stack.count < Self.maximumDepth else {
                    fail(at: i, found: "arrays and objects nested more than \(Self.maximumDepth) deep",
                         expected: "at most \(Self.maximumDepth) levels of nesting")
                    return
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(isObject: isObject, path: stack.last?.valuePath ?? .root, openedAt: i))
                expecting = isObject ? .keyOrClose : .valueOrClose
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let isObject = byte == UInt8(ascii: "}")
                guard let top = stack.last else {
                    fail(at: i, found: character(at: i), expected: expectation)
                    return
                }
                guard top.isObject == isObject else {
                    fail(at: i, found: character(at: i), expected: closing(of: top))
                    return
                }
                guard [.keyOrClose, .valueOrClose, .commaOrClose].contains(expecting) else {
                    // In an object a key is expected only after ','; in an array a value.
                    let afterComma = expecting == (isObject ? .key : .value)
                    fail(at: i, found: character(at: i), expected: afterComma
                        ? "another \(isObject ? "key" : "value") after ',' (JSON allows no trailing comma)"
                        : expectation)
                    return
                }
                stack.removeLast()
                finishValue()
                i += 1
            case UInt8(ascii: ","):
                guard expecting == .commaOrClose, let last = stack.indices.last else {
                    fail(at: i, found: "','", expected: expectation)
                    return
                }
                if stack[last].isObject {
                    expecting = .key
                } else {
                    stack[last].index += 1
                    expecting = .value
                }
                i += 1
            case UInt8(ascii: ":"):
                guard expecting == .colon else {
                    fail(at: i, found: "':'", expected: expectation)
                    return
                }
                expecting = .value
                i += 1
            case UInt8(ascii: "\""):
                guard let end = endOfString(from: i) else {
                    fail(at: i, found: "a string with no closing quote", expected: "a closing \" on the same line")
                    return
                }
                if expecting == .key || expecting == .keyOrClose, let last = stack.indices.last {
                    noteKey(Array(bytes[(i + 1)..<end]), in: last)
                    expecting = .colon
                } else {
                    guard expectingValue(at: i) else { return }
                    finishValue()
                }
                i = end + 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard expectingValue(at: i) else { return }
                var end = i + 1
                while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
                checkNumber(String(decoding: bytes[i..<end], as: UTF8.self))
                finishValue()
                i = end
            case _ where Self.isWordByte(byte):
                var end = i + 1
                while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[i..<end], as: UTF8.self)
                guard ["true", "false", "null"].contains(word) else {
                    fail(at: i, found: ProjectFileReader.shortened(word), expected: expectation)
                    return
                }
                guard expectingValue(at: i) else { return }
                finishValue()
                i = end
            case UInt8(ascii: "/"):
                fail(at: i, found: "'/'", expected: expectation + " (JSON has no comments)")
                return
            case UInt8(ascii: "'"):
                fail(at: i, found: "a single quote", expected: expectation + " (JSON strings take double quotes)")
                return
            default:
                fail(at: i, found: character(at: i), expected: expectation)
                return
            }
        }
        if fatal.isEmpty, let open = stack.last {
            fail(at: bytes.count, found: "the end of the file", expected: closing(of: open))
        }
    }

    /// Whether a value may start here; reports what was expected if not.
    private mutating func expectingValue(at offset: Int) -> Bool {
        guard expecting == .value || expecting == .valueOrClose else {
            fail(at: offset, found: character(at: offset), expected: expectation)
            return false
        }
        return true
    }

    private mutating func finishValue() {
        expecting = stack.isEmpty ? .end : .commaOrClose
    }

    private static let anyValue = "a JSON value: a number, a \"string\", true, false, null, [...] or {...}"

    /// What the scan expected at its current place, in words.
    private var expectation: String {
        switch expecting {
        case .value: return Self.anyValue
        case .valueOrClose: return Self.anyValue + " or ']'"
        case .key: return "a key in double quotes, like \"version\""
        case .keyOrClose: return "a key in double quotes, like \"version\", or '}'"
        case .colon: return "':' after the key"
        case .commaOrClose: return stack.last?.isObject == true ? "',' or '}' after the value" : "',' or ']' after the value"
        case .end: return "the end of the file after the top-level value"
        }
    }

    private func closing(of container: Container) -> String {
        let (line, column) = Self.location(of: container.openedAt, in: bytes)
        return container.isObject
            ? "'}' to close the object opened at line \(line), column \(column)"
            : "']' to close the array opened at line \(line), column \(column)"
    }

    /// The offset of the quote that closes the string opening at `start`.
    private func endOfString(from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i
            case UInt8(ascii: "\n"): return nil
            default: i += 1
            }
        }
        return nil
    }

    private mutating func noteKey(_ raw: [UInt8], in container: Int) {
        let key: String
        if raw.contains(UInt8(ascii: "\\")) {
            // Escapes: let the parser decode the key; a bad escape is its to report.
            let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
            key = (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)) as? String
                ?? String(decoding: raw, as: UTF8.self)
        } else {
            key = String(decoding: raw, as: UTF8.self)
        }
        stack[container].key = key
        if !stack[container].keys.insert(key).inserted {
            duplicateKeys.append(ProjectFileIssue(
                path: stack[container].valuePath.description, found: "the key given twice",
                expected: "each key once per object (JSON would keep only the last value)"))
        }
    }

    private mutating func checkNumber(_ literal: String) {
        guard let value = Double(literal), !value.isFinite else { return }
        let path = stack.last?.valuePath ?? .root
        fatal.append(ProjectFileIssue(
            path: path.description, found: ProjectFileReader.shortened(literal),
            expected: "a number a JSON reader can hold (at most about 1.8e308)"))
    }

    private mutating func fail(at offset: Int, found: String, expected: String) {
        let (line, column) = Self.location(of: offset, in: bytes)
        fatal.append(ProjectFileIssue(path: "", found: found, expected: expected,
                                      kind: .malformedFile(line: line, column: column)))
    }

    /// The byte at `offset` quoted, or the end of the file.
    private func character(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        return Self.describeCharacter(at: offset, in: bytes)
    }

    // MARK: Bytes

    /// 1-based line and column (in characters) of byte `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The character starting at `offset`, in single quotes.
    static func describeCharacter(at offset: Int, in bytes: [UInt8]) -> String {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        guard let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F else {
            return String(format: "the control character U+%04X", bytes[offset])
        }
        return "'\(text)'"
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The offset of the first byte that does not start or continue a valid
    /// UTF-8 sequence (overlong forms and surrogates count as invalid).
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return i
            }
            guard i + length <= bytes.count, secondRange.contains(bytes[i + 1]) else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }
}
