import Foundation
import MixdownUnits

/// A small writer for SVG 1.1 text: elements with escaped attributes and text,
/// numbers in a fixed, locale-independent form.
struct SVGDocument {
    private(set) var lines: [String] = []
    private var depth = 0

    /// Opens an element that holds others; balance with ``close(_:)``.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        append("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    /// Closes the innermost open element, which must be `name`.
    mutating func close(_ name: String) {
        depth -= 1
        append("</\(name)>")
    }

    /// An element with no children, or with `text` as its only content.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
        if let text {
            append("<\(name)\(Self.attributes(attributes))>\(text.xmlEscaped)</\(name)>")
        } else {
            append("<\(name)\(Self.attributes(attributes))/>")
        }
    }

    /// A comment, for people reading the file; `--` cannot occur inside one.
    mutating func comment(_ text: String) {
        append("<!-- \(text.replacingOccurrences(of: "--", with: "- -")) -->")
    }

    /// The document with the XML declaration in front.
    var text: String {
        (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"] + lines).joined(separator: "\n") + "\n"
    }

    private mutating func append(_ line: String) {
        lines.append(String(repeating: "  ", count: max(0, depth)) + line)
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\($0.1.xmlEscaped)\"" }.joined()
    }

    /// A coordinate or length, to a hundredth of a pixel.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.2f", value)
        // Trailing zeros only cost bytes: 12.50 → 12.5, 3.00 → 3.
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A time in seconds for data attributes: exact to the microsecond.
    static func seconds(_ value: Double) -> String {
        String(format: "%.6f", value)
    }

    /// `points` as the value of a polyline's `points` attribute.
    static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }
}
