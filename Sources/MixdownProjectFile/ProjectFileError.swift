import MixdownUnits

/// Why a project file cannot be used: every problem found in it, each with its
/// JSON path, the value found and what was expected.
///
/// The loader reports all problems at once rather than stopping at the first,
/// so one edit can fix them all. ``description`` names the file and lists
/// the problems one per line.
public struct ProjectFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The project file as the user named it; `nil` for JSON given in memory.
    public var file: String?
    /// Every problem, in document order; never empty.
    public var issues: [ProjectFileIssue]

    /// Makes an error for `issues` found in `file`.
    public init(file: String?, issues: [ProjectFileIssue]) {
        self.file = file
        self.issues = issues
    }

    /// Whether the project file itself cannot be read (missing, a folder,
    /// no permission), rather than being wrong inside.
    public var isUnreadable: Bool {
        issues.contains { $0.kind == .unreadableFile }
    }

    /// `project.json: music[0].fadein: unknown key; did you mean fadeIn?` for
    /// one problem; for several, a first line counting them and then one
    /// indented line per problem.
    public var description: String {
        let name = file.map { MessageText.shown($0) } ?? "the project"
        guard issues.count != 1 else { return "\(name): \(issues[0])" }
        let header = "\(name): \(issues.count) problems"
        return ([header] + issues.map { "  \($0)" }).joined(separator: "\n")
    }
}
