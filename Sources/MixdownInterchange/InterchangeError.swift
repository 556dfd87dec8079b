import MixdownTime
import MixdownUnits

/// Why a timeline could not be read from, or written for, an editor: one line
/// naming the file, the item (by its name and JSON path) and what is wrong.
public enum InterchangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be read: missing, a folder, no permission (exit code 66).
    case unreadable(file: String, reason: String)
    /// The file is not an OTIO timeline this Mixdown reads, or a value in it is
    /// wrong; `path` is the JSON path (`tracks.children[1].children[3].source_range`).
    case invalid(file: String, path: String, reason: String)
    /// A clip's media is not where the timeline says, nor where `--media-root`
    /// and `--relink` lead (exit code 66); `tried` lists the paths looked at.
    case missingMedia(file: String, item: String, tried: [String])
    /// A construct Mixdown cannot express (a speed change, a freeze frame), with
    /// the item and where it plays on the timeline.
    case refused(file: String, item: String, time: MediaTime, reason: String)
    /// The timeline could not be written.
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(MessageText.shown(file)): \(reason)"
        case let .invalid(file, path, reason):
            return "\(MessageText.shown(file))\(path.isEmpty ? "" : ": " + path): \(reason)"
        case let .missingMedia(file, item, tried):
            let paths = tried.map { MessageText.shown($0) }.joined(separator: ", then ")
            let found = tried.isEmpty ? "has no media file" : "media not found at \(paths)"
            return "\(MessageText.shown(file)): \(item): \(found) "
                + "(give --media-root DIR or --relink OLD=NEW, or --allow-missing to import it as silence)"
        case let .refused(file, item, time, reason):
            return "\(MessageText.shown(file)): \(item) at \(time.readable): \(reason)"
        case let .cannotWrite(file, reason):
            return "\(MessageText.shown(file)): cannot write: \(reason)"
        }
    }

    /// Whether the error is about something missing (the file, a clip's media)
    /// rather than something wrong in it: exit code 66 instead of 65.
    public var isMissingInput: Bool {
        switch self {
        case .unreadable, .missingMedia: return true
        case .invalid, .refused, .cannotWrite: return false
        }
    }
}
