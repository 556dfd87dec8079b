import Foundation

/// A JSON value of an OTIO file, as OpenTimelineIO's own reader accepts it:
/// bare `NaN`, `Infinity` and `-Infinity` tokens, and 64-bit integers kept exact.
indirect enum OTIOJSON: Hashable, Sendable, Decodable {
    case integer(Int64)
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([OTIOJSON])
    case object([String: OTIOJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([OTIOJSON].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: OTIOJSON].self))
        }
    }

    /// Parses `data`: JSON with OpenTimelineIO's extensions (JSON5's bare
    /// non-finite numbers), or the parser's reason why it is not JSON.
    static func parse(_ data: Data) -> Result<OTIOJSON, NotJSON> {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        do {
            return .success(try decoder.decode(OTIOJSON.self, from: spellingOutInf(data)))
        } catch {
            var reason: String?
            if case let DecodingError.dataCorrupted(context) = error, let underlying = context.underlyingError {
                reason = String(describing: underlying)
            }
            return .failure(NotJSON(reason: reason))
        }
    }

    /// `data` with each bare `Inf` token (which OpenTimelineIO's reader
    /// accepts beside `Infinity`, as RapidJSON does) spelt out as JSON5's
    /// `Infinity`; strings are left as they are.
    static func spellingOutInf(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var inString = false, escaped = false
        var index = 0
        let isWord = { (byte: UInt8) in (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F }
        while index < bytes.count {
            let byte = bytes[index]
            result.append(byte)
            index += 1
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            if byte == 0x22 { inString = true; continue }
            // "Inf" not inside a longer word: I n f, with no word byte before or after.
            if byte == 0x49, index + 1 < bytes.count, bytes[index] == 0x6E, bytes[index + 1] == 0x66,
               index < 2 || !isWord(bytes[index - 2]), index + 2 >= bytes.count || !isWord(bytes[index + 2]) {
                result += Array("nfinity".utf8)
                index += 2
            }
        }
        return Data(result)
    }

    /// Why bytes are not JSON, as the parser says it.
    struct NotJSON: Error {
        /// The parser's own words, when it has any.
        var reason: String?
    }

    /// The number this value holds (an integer taken as a `Double`).
    var double: Double? {
        switch self {
        case let .integer(value): return Double(value)
        case let .number(value): return value
        default: return nil
        }
    }

    var object: [String: OTIOJSON]? {
        if case let .object(members) = self { return members }
        return nil
    }

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    /// How a message shows a value found: a short quote of strings, the kind of anything else.
    var shown: String {
        switch self {
        case let .integer(value): return String(value)
        case let .number(value): return String(value)
        case let .string(text): return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case let .bool(flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
