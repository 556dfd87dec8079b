internal import MixdownUnits

/// Why a caption file cannot be used, as one line naming the file and, for
/// what is wrong inside it, the line: `subs.srt:12: malformed time "00:01:02.5x" …`.
///
/// A file that cannot be read at all (``missingFile(path:)``,
/// ``unreadableFile(path:reason:)``: `EX_NOINPUT`, 66, as a missing media file)
/// is told apart from one whose content is wrong (``malformed(path:line:reason:)``
/// and ``tooLarge(path:bytes:)``: `EX_DATAERR`, 65).
public enum CaptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case missingFile(path: String)
    /// The file cannot be opened: a folder, not a regular file, no permission; `reason` says which.
    case unreadableFile(path: String, reason: String)
    /// The file's content is wrong at `line` (1 for the first): a malformed
    /// time, a cue that ends before it starts, a missing `-->`, text that is
    /// neither UTF-8 nor UTF-16 with a byte-order mark.
    case malformed(path: String, line: Int, reason: String)
    /// The file is larger than ``CaptionFile/maximumFileSize``: not a caption file.
    case tooLarge(path: String, bytes: Int)

    /// The file the error is about, as it was named.
    public var path: String {
        switch self {
        case let .missingFile(path), let .unreadableFile(path, _), let .malformed(path, _, _), let .tooLarge(path, _): path
        }
    }

    /// Whether the file itself cannot be read (exit 66 at the command line),
    /// rather than being wrong inside (65).
    public var isUnreadable: Bool {
        switch self {
        case .missingFile, .unreadableFile: true
        case .malformed, .tooLarge: false
        }
    }

    /// `subs.srt:12: the cue ends at 1.5s, before it starts at 2s`;
    /// `subs.srt: no such caption file`.
    public var description: String {
        switch self {
        case let .missingFile(path):
            "\(MessageText.shown(path)): no such caption file"
        case let .unreadableFile(path, reason):
            "\(MessageText.shown(path)): cannot read the caption file: \(reason)"
        case let .malformed(path, line, reason):
            "\(MessageText.shown(path)):\(line): \(reason)"
        case let .tooLarge(path, bytes):
            "\(MessageText.shown(path)): a file of \(bytes >> 20) MB is not a caption file "
                + "(at most \(CaptionFile.maximumFileSize >> 20) MB)"
        }
    }
}
