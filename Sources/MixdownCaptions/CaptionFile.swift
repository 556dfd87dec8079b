import Foundation
public import MixdownComposition

/// A caption file read: its track, its format and what in it has no effect.
///
/// The format is told by the content (a `WEBVTT` header, else SRT), not the
/// name. Text is UTF-8 (with or without a byte-order mark) or UTF-16 with one;
/// anything else is refused naming the first line that is not. A file with no
/// cue is read, with a warning: an empty WebVTT file is valid, and showing
/// nothing is what it asks.
public struct CaptionFile: Sendable {
    /// The largest file read; real caption files are a few hundred kilobytes.
    public static let maximumFileSize = 32 << 20

    /// Its cues, in `language`.
    public let track: CaptionTrack
    /// The format its content is in.
    public let format: CaptionFormat
    /// What was read but has no effect (no cue at all, a cue that ends where it starts).
    public let warnings: [CaptionWarning]

    /// Reads `path` as captions in `language` (an ISO 639-2 code).
    ///
    /// - Throws: ``CaptionError/missingFile(path:)`` or
    ///   ``CaptionError/unreadableFile(path:reason:)`` when it cannot be read;
    ///   ``CaptionError/malformed(path:line:reason:)`` naming the first line that is wrong.
    public init(path: String, language: String = "und") throws(CaptionError) {
        let bytes = try Self.contents(of: path)
        try self.init(bytes: bytes, path: path, language: language)
    }

    /// Reads captions from `bytes` as if from the file `path` (named in messages).
    ///
    /// - Throws: ``CaptionError/malformed(path:line:reason:)``.
    public init(bytes: [UInt8], path: String, language: String = "und") throws(CaptionError) {
        let lines = try CaptionText.lines(of: bytes, path: path)
        let format = CaptionFormat.detected(firstLine: lines.first)
        var reader = CueBlockReader(lines: lines, path: path, format: format)
        let cues = try reader.cues()
        var warnings = reader.warnings
        if cues.isEmpty {
            warnings.append(CaptionWarning(path: path, line: max(1, lines.count), message: "the file holds no cue: it shows nothing"))
        }
        track = CaptionTrack(language: language, cues: cues, path: path)
        self.format = format
        self.warnings = warnings
    }

    /// The track of `path` in `language`, warnings left out; see ``init(path:language:)``.
    public static func read(path: String, language: String = "und") throws(CaptionError) -> CaptionTrack {
        try CaptionFile(path: path, language: language).track
    }

    private static func contents(of path: String) throws(CaptionError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile(path: path) }
        guard !isDirectory.boolValue else { throw .unreadableFile(path: path, reason: "it is a folder") }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            throw .unreadableFile(path: path, reason: "it is not a regular file")
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumFileSize {
            throw .tooLarge(path: path, bytes: size)
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadableFile(path: path, reason: "permission denied") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
    }
}
