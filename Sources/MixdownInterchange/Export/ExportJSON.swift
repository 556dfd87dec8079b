import Foundation
import MixdownProjectFile

/// A JSON document as the timeline writers build it: objects keep their keys in
/// the order given (OTIO's own files start with `OTIO_SCHEMA`), numbers are
/// written as given.
indirect enum ExportJSON {
    case number(String)
    case string(String)
    case bool(Bool)
    case null
    case array([ExportJSON])
    case object([(String, ExportJSON)])

    /// A double as OTIO writes one: always with a fraction or exponent (`25.0`), so
    /// readers that type their fields take it as a double.
    static func double(_ value: Double) -> ExportJSON {
        guard value.isFinite else { return .null }
        return .number(value.description)
    }

    static func integer(_ value: Int) -> ExportJSON { .number(String(value)) }

    /// The value `JSONSerialization` read: numbers in their own digits, `true`
    /// and `false` as booleans.
    static func converting(_ value: Any) -> ExportJSON {
        switch value {
        case let text as String: return .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            if number is NSDecimalNumber { return .number(number.description) }
            switch String(cString: number.objCType) {
            case "f", "d": return .number(Double(number.description).map(\.description) ?? number.description)
            default: return .number(number.description)
            }
        case let array as [Any]: return .array(array.map(converting))
        case let object as [String: Any]: return .object(object.keys.sorted().map { ($0, converting(object[$0]!)) })
        default: return .null
        }
    }

    /// A value read from an OTIO file, to write again (for the project reader):
    /// objects with their keys sorted, non-finite numbers, which JSON has no
    /// literal for, as `null`.
    init(_ value: OTIOJSON) {
        switch value {
        case let .integer(number): self = .number(String(number))
        case let .number(number): self = .double(number)
        case let .string(text): self = .string(text)
        case let .bool(flag): self = .bool(flag)
        case .null: self = .null
        case let .array(elements): self = .array(elements.map(ExportJSON.init))
        case let .object(members): self = .object(members.keys.sorted().map { ($0, ExportJSON(members[$0]!)) })
        }
    }

    /// The pretty text (four-space indents, as OTIO writes), ending in a newline.
    func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case let .number(literal): text += literal
        case let .string(string): text += JSONValue.quoted(string)
        case let .bool(flag): text += flag ? "true" : "false"
        case .null: text += "null"
        case let .array(elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (i, element) in elements.enumerated() {
                text += indent + "    "
                element.write(to: &text, indent: indent + "    ")
                text += i == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case let .object(members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{\n"
            for (i, (key, value)) in members.enumerated() {
                text += indent + "    " + JSONValue.quoted(key) + ": "
                value.write(to: &text, indent: indent + "    ")
                text += i == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }
}
