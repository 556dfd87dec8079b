/// A JSON document as the project writer builds it, rendered with sorted keys
/// and two-space indentation so the same project always gives the same bytes.
/// (Package-visible for ``quoted(_:)``, which the timeline writers share.)
package enum JSONValue: Hashable, Sendable {
    /// A number, kept as the exact literal to write (`12.5`, `1e-05`).
    case number(String)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// A number for a `Double`: integral values without `.0`, others in the
    /// shortest form that reads back to the same `Double`. Non-finite values
    /// have no JSON literal and become strings (`"nan"`), which the loader
    /// then names as wrong.
    static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string("\(value)") }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(value.description)
    }

    static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The literal of a number, the text of a string, the rendering of anything else.
    var literal: String {
        switch self {
        case let .number(literal), let .string(literal): return literal
        default: return String(rendered().dropLast())
        }
    }

    /// The pretty text, ending in a newline.
    func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case let .number(literal): text += literal
        case let .string(string): text += Self.quoted(string)
        case let .bool(flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case let .array(elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (i, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += i == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case let .object(members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{\n"
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                text += indent + "  " + Self.quoted(key) + ": "
                members[key]!.write(to: &text, indent: indent + "  ")
                text += i == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    /// `text` as a JSON string literal: quotes, backslashes and control
    /// characters escaped, everything else as is.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
