import Foundation
import MixdownProject

extension Project {
    /// The largest project file read; real ones are a few kilobytes.
    public static let maximumFileSize = 16 << 20

    /// Reads and checks a project file; relative media paths in it are
    /// resolved against the file's folder.
    ///
    /// Every problem is reported at once, each with its JSON path, the value
    /// found and what was expected (the format is in docs/project-format.md).
    /// Media files are not opened; see ``mediaPaths``.
    ///
    /// - Throws: ``ProjectFileError`` with exit code 66 when the file is
    ///   missing, a directory or unreadable, 65 when its content is wrong.
    public static func load(contentsOf path: String) throws(ProjectFileError) -> Project {
        let data = try readFile(path)
        do {
            return try Project(json: data, baseDirectory: (path as NSString).deletingLastPathComponent)
        } catch {
            throw ProjectFileError(file: path, issues: error.issues)
        }
    }

    /// Reads and checks a project from JSON bytes, as ``load(contentsOf:)`` does
    /// for a file; relative media paths are resolved against `baseDirectory`
    /// (empty for the current folder).
    ///
    /// - Throws: ``ProjectFileError`` (exit code 65) listing every problem.
    public init(json: Data, baseDirectory: String) throws(ProjectFileError) {
        var bytes = [UInt8](json)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }

        let preflight = JSONPreflight(bytes: bytes)
        guard preflight.fatal.isEmpty else { throw ProjectFileError(file: nil, issues: preflight.fatal) }

        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ProjectFileError(file: nil, issues: [Self.syntaxIssue(error, in: bytes)])
        }

        let reader = ProjectFileReader(baseDirectory: baseDirectory)
        let project = reader.project(from: document)
        let issues = preflight.duplicateKeys + reader.issues
        guard let project, issues.isEmpty else { throw ProjectFileError(file: nil, issues: issues) }
        self = project
    }

    private static func readFile(_ path: String) throws(ProjectFileError) -> Data {
        func unreadable(_ reason: String) -> ProjectFileError {
            ProjectFileError(file: path, issues: [
                ProjectFileIssue(path: "", found: reason, expected: "a readable project file", kind: .unreadableFile),
            ])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw unreadable("is a directory, not a project file") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            throw unreadable("is not a regular file")
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumFileSize {
            throw ProjectFileError(file: path, issues: [ProjectFileIssue(
                path: "", found: "a file of \(size / (1 << 20)) MB",
                expected: "a project file of at most \(maximumFileSize >> 20) MB", kind: .malformedFile(line: 1, column: 1))])
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw unreadable("cannot be read: permission denied") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw unreadable("cannot be read: \(error.localizedDescription)")
        }
    }

    /// A `JSONSerialization` error as an issue at the line and column it names.
    private static func syntaxIssue(_ error: Error, in bytes: [UInt8]) -> ProjectFileIssue {
        var reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var offset = bytes.count
        if let range = reason.range(of: #" around (line \d+, column \d+|character \d+)\.?$"#, options: .regularExpression) {
            let text = reason[range]
            if let characterRange = text.range(of: #"character \d+"#, options: .regularExpression),
               let value = Int(text[characterRange].dropFirst("character ".count)) {
                offset = min(max(value, 0), bytes.count)
            }
            reason.removeSubrange(range)
        }
        while reason.hasSuffix(".") { reason.removeLast() }
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        let (line, column) = JSONPreflight.location(of: offset, in: bytes)
        let found = offset < bytes.count ? JSONPreflight.describeCharacter(at: offset, in: bytes) : "the end of the file"
        return ProjectFileIssue(path: "", found: found, expected: "valid JSON (\(reason))",
                                kind: .malformedFile(line: line, column: column))
    }
}
