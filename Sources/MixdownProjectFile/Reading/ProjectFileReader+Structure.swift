import Foundation

// Objects, lists, keys and how values are quoted in messages.

extension ProjectFileReader {
    /// `value` as an object whose keys are all `known`, or `nil` (reported) if it is not an object.
    func object(_ value: Any, at path: JSONPath, known: [String], example: String) -> [String: Any]? {
        guard let fields = value as? [String: Any] else {
            report(path, found: Self.describe(value), expected: "an object like \(example)")
            return nil
        }
        return checkKeys(of: fields, at: path, known: known)
    }

    /// Reports every key of `fields` not in `known`, with the closest known key as a suggestion.
    @discardableResult
    func checkKeys(of fields: [String: Any], at path: JSONPath, known: [String]) -> [String: Any] {
        for key in fields.keys.sorted() where !known.contains(key) {
            let list = known.joined(separator: ", ")
            report(path.appending(key), found: JSONValue.quoted(key), expected: list,
                   kind: .unknownKey(suggestion: Self.suggestion(for: key, among: known)))
        }
        return fields
    }

    /// `value` as an array of items, each read by `item`; `nil` (reported) if it is not an array.
    func list<Item>(_ value: Any, at path: JSONPath, of name: String, _ item: (Any, JSONPath) -> Item?) -> [Item]? {
        guard let elements = value as? [Any] else {
            report(path, found: Self.describe(value), expected: "an array of \(name), like [{...}, {...}]")
            return nil
        }
        return elements.enumerated().compactMap { index, element in item(element, path.appending(index)) }
    }

    /// The value of an optional `key`, converted; `nil` when absent or wrong (then reported).
    /// With `nullMeansDefault`, `null` counts as absent.
    func read<T>(_ fields: [String: Any], _ key: some ProjectFileKey, at path: JSONPath, nullMeansDefault: Bool = false,
                 as convert: (Any, JSONPath) -> T?) -> T? {
        guard let value = fields[key] else { return nil }
        if nullMeansDefault, value is NSNull { return nil }
        return convert(value, path.appending(key))
    }

    /// The value of a required `key`, converted; reported as missing when absent.
    func require<T>(_ fields: [String: Any], _ key: some ProjectFileKey, at path: JSONPath, expected: String,
                    as convert: (Any, JSONPath) -> T?) -> T? {
        guard let value = fields[key] else {
            report(path.appending(key), found: "nothing", expected: expected, kind: .missingKey)
            return nil
        }
        return convert(value, path.appending(key))
    }

    // MARK: Suggestions

    /// The known key closest to `key`, if it is close enough to be a typo:
    /// case aside, at most 2 edits, and fewer than a third of the key's length (at least 1).
    static func suggestion(for key: String, among known: [String]) -> String? {
        let typed = Array(key.lowercased().unicodeScalars)
        let allowed = min(2, max(1, typed.count / 3))
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.key
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    // MARK: Describing values

    /// A parsed value as a message shows it: `"abc"`, `12.5`, `true`, `null`, `an array`, `an object`.
    static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case let text as String: return shortened(quoting: text)
        case let number as NSNumber:
            if isBoolean(number) { return number.boolValue ? "true" : "false" }
            return numberText(number)
        case let elements as [Any]: return elements.isEmpty ? "an empty array" : "an array"
        case is [String: Any]: return "an object"
        default: return "\(type(of: value))"
        }
    }

    /// A number as written: integers and exact decimals as digits, other values in shortest form.
    static func numberText(_ number: NSNumber) -> String {
        if number is NSDecimalNumber { return number.description }
        switch String(cString: number.objCType) {
        case "c", "s", "i", "l", "q": return String(number.int64Value)
        case "C", "S", "I", "L", "Q": return String(number.uint64Value)
        default:
            if case let .number(literal) = JSONValue.number(number.exactDouble) { return literal }
            return "\(number.exactDouble)"
        }
    }

    /// `value` as a number, unless it is not one or is a JSON `true`/`false`.
    static func number(_ value: Any) -> NSNumber? {
        guard !(value is String), let number = value as? NSNumber, !isBoolean(number) else { return nil }
        return number
    }

    /// Whether `JSONSerialization` made this number from `true` or `false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    static let maximumQuoted = 40

    /// `text` quoted as JSON, cut to ``maximumQuoted`` characters with `…`.
    static func shortened(quoting text: String) -> String {
        guard text.count > maximumQuoted else { return JSONValue.quoted(text) }
        return String(JSONValue.quoted(String(text.prefix(maximumQuoted - 1))).dropLast()) + "…\""
    }

    /// `text` cut to ``maximumQuoted`` characters with `…`.
    static func shortened(_ text: String) -> String {
        text.count > maximumQuoted ? String(text.prefix(maximumQuoted - 1)) + "…" : text
    }
}
