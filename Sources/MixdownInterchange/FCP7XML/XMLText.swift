import MixdownUnits

/// A small builder of indented XML text: elements, text and attributes escaped.
struct XMLText {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE xmeml>\n"
    private var depth = 0

    /// Opens `name` with `attributes`, runs `body` inside it, closes it.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], _ body: (inout XMLText) -> Void) {
        text += indent + "<" + name + Self.attributes(attributes) + ">\n"
        depth += 1
        body(&self)
        depth -= 1
        text += indent + "</" + name + ">\n"
    }

    /// `<name>value</name>`, or `<name/>` for an empty value.
    mutating func leaf(_ name: String, _ value: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + Self.attributes(attributes) + (value.isEmpty ? "/>\n" : ">" + value.xmlEscaped + "</" + name + ">\n")
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\($0.1.xmlEscaped)\"" }.joined()
    }
}
