/// Where a value sits in a JSON document, written the way users read it:
/// `music[0].automation[2].start`.
///
/// Keys that are not plain identifiers are quoted, `clips[0]["my key"]`; the
/// document itself is the empty path, described as `""`.
struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down into an object or an array.
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    private(set) var components: [Component] = []

    /// The whole document.
    static let root = JSONPath()

    /// The value under `key` of the object at this path.
    func appending(_ key: String) -> JSONPath {
        var path = self
        path.components.append(.key(key))
        return path
    }

    /// The element at `index` of the array at this path.
    func appending(_ index: Int) -> JSONPath {
        var path = self
        path.components.append(.index(index))
        return path
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .index(index):
                text += "[\(index)]"
            case let .key(key) where Self.isIdentifier(key):
                text += text.isEmpty ? key : "." + key
            case let .key(key):
                text += "[" + JSONValue.quoted(key) + "]"
            }
        }
        return text
    }

    /// ASCII letters, digits and `_`, not starting with a digit.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
