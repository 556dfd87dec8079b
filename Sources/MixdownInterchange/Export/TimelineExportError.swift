import MixdownTime
import MixdownUnits

/// Why a plan could not be laid out or written as an editor's timeline.
public enum TimelineExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A time of the layout does not fit Mixdown's time type (a timeline of centuries).
    case time(MediaTimeError)
    /// The output format named is not one Mixdown writes.
    case unknownFormat(String)
    /// The project's metadata could not be read back as JSON (a bug, not a user's error).
    case projectDocument(String)

    public var description: String {
        switch self {
        case let .time(error): "timeline export: \(error)"
        case let .unknownFormat(name):
            "\(MessageText.shown(name)): unknown timeline format, expected \(TimelineExportFormat.allCases.map(\.rawValue).joined(separator: " or ")) "
                + "(or an output ending in .otio or .xml)"
        case let .projectDocument(reason): "timeline export: the project's JSON could not be read back (\(reason))"
        }
    }
}
