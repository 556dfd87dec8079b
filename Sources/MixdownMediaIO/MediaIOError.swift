internal import MixdownUnits

/// What went wrong while reading or writing media, naming the file and the reason.
///
/// Every case renders as one line for the user naming the file, so callers never
/// see FFmpeg error numbers. Errors about cutting clips (trims, keyframes,
/// compatibility) are `VideoStitchError`s of MixdownComposition.
public enum MediaIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input file does not exist or cannot be opened for reading.
    case missingInput(path: String, reason: String)
    /// The file exists but is not media FFmpeg can read, or is damaged.
    case unreadableMedia(path: String, reason: String)
    /// The file has no stream of the kind asked for (an audio stream, a video stream).
    case noStream(path: String, kind: String)
    /// The media is readable but uses something Mixdown cannot handle.
    case unsupported(path: String, reason: String)
    /// Decoding failed part-way through.
    case decodeFailed(path: String, reason: String)
    /// The output cannot be created (folder missing, permission, same path as an input).
    case cannotCreateOutput(path: String, reason: String)
    /// Writing or encoding the output failed part-way through.
    case writeFailed(path: String, reason: String)
    /// The work was cancelled (Ctrl-C or `cancel()`); nothing was left behind.
    case cancelled

    /// One line for the user: the path first (control characters escaped, a
    /// long one cut: `MessageText`), then what went wrong.
    public var description: String {
        switch self {
        case let .missingInput(path, reason): return "\(MessageText.shown(path)): cannot open: \(reason)"
        case let .unreadableMedia(path, reason): return "\(MessageText.shown(path)): not readable media: \(reason)"
        case let .noStream(path, kind): return "\(MessageText.shown(path)): has no \(kind) stream"
        case let .unsupported(path, reason): return "\(MessageText.shown(path)): unsupported: \(reason)"
        case let .decodeFailed(path, reason): return "\(MessageText.shown(path)): decoding failed: \(reason)"
        case let .cannotCreateOutput(path, reason): return "\(MessageText.shown(path)): cannot create output: \(reason)"
        case let .writeFailed(path, reason): return "\(MessageText.shown(path)): write failed: \(reason)"
        case .cancelled: return "interrupted: no output written"
        }
    }
}
