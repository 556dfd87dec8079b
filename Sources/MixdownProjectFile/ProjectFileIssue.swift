/// One problem in a project file: where it is, what was there and what would work.
///
/// ``description`` is one line, such as
/// `music[0].automation[2].start: found "abc", expected a time like 12.5, "1:02.25" or "01:02:03.040"`.
public struct ProjectFileIssue: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is; decides how ``description`` reads.
    public enum Kind: Hashable, Sendable {
        /// A value of the wrong type, out of range or in conflict with another:
        /// `path: found F, expected E`.
        case invalidValue
        /// A required key is absent: `path: missing; expected E`.
        case missingKey
        /// A key the format does not define, most likely a typo:
        /// `path: unknown key; did you mean S?`, or, with no close match,
        /// `path: unknown key; expected one of E`.
        case unknownKey(suggestion: String?)
        /// The bytes are not a JSON document Mixdown reads (bad syntax,
        /// not UTF-8, nested too deeply): `line L, column C: found F, expected E`.
        case malformedFile(line: Int, column: Int)
        /// The project file itself cannot be read: `F` (such as `no such file`).
        /// The only kind that makes ``ProjectFileError/isUnreadable`` true.
        case unreadableFile
    }

    /// The JSON path of the value, like `music[0].automation[2].start`; empty
    /// for the document as a whole.
    public var path: String
    /// The value found, shortened for the message: `"abc"`, `-1`, `an array`, `nothing`.
    public var found: String
    /// What would have been accepted there.
    public var expected: String
    /// What kind of problem it is.
    public var kind: Kind

    /// Makes an issue; see ``Kind`` for how each kind reads.
    public init(path: String, found: String, expected: String, kind: Kind = .invalidValue) {
        self.path = path
        self.found = found
        self.expected = expected
        self.kind = kind
    }

    /// The problem in one line, starting with the JSON path when there is one.
    public var description: String {
        let message: String
        switch kind {
        case .invalidValue:
            message = "found \(found), expected \(expected)"
        case .missingKey:
            message = "missing; expected \(expected)"
        case let .unknownKey(suggestion?):
            message = "unknown key; did you mean \(suggestion)?"
        case .unknownKey(nil):
            message = "unknown key; expected one of \(expected)"
        case let .malformedFile(line, column):
            message = "line \(line), column \(column): found \(found), expected \(expected)"
        case .unreadableFile:
            message = found
        }
        return path.isEmpty ? message : "\(path): \(message)"
    }
}
