import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a parsed SVG file, enough to query lanes, items and shapes.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    private(set) var children: [SVGElement] = []
    /// The element's own character data (not its children's).
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// An attribute as a number, or `nan` when missing or not a number.
    func number(_ attribute: String) -> Double { attributes[attribute].flatMap(Double.init) ?? .nan }

    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

    /// This element and everything under it, in document order.
    var descendants: [SVGElement] { [self] + children.flatMap(\.descendants) }

    /// Descendants (and self) of element `name` with `className` in their class list.
    func all(_ name: String, class className: String? = nil) -> [SVGElement] {
        descendants.filter { element in
            element.name == name && (className.map { element.classes.contains($0) } ?? true)
        }
    }

    /// The points of a `polyline`.
    var points: [(x: Double, y: Double)] {
        (attributes["points"] ?? "").split(separator: " ").compactMap { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
    }

    fileprivate func append(_ child: SVGElement) { children.append(child) }
}

/// Why a document did not parse: the parser's message and where.
struct SVGParseError: Error, CustomStringConvertible {
    var description: String
}

/// Parses `text` with Foundation's XMLParser (libxml2 on Linux): any
/// well-formedness error fails, as it would in a browser.
func parseSVG(_ text: String) throws -> SVGElement {
    let builder = SVGTreeBuilder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
        let message = parser.parserError.map { "\($0)" } ?? "no root element"
        throw SVGParseError(description: "not well-formed at line \(parser.lineNumber), column \(parser.columnNumber): \(message)")
    }
    return root
}

/// Builds the element tree as the parser reports it.
private final class SVGTreeBuilder: NSObject, XMLParserDelegate {
    var root: SVGElement?
    private var stack: [SVGElement] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        let element = SVGElement(name: elementName, attributes: attributeDict)
        if let parent = stack.last { parent.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
