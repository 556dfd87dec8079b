/// What went wrong while reading or writing media, naming the file and the reason.
///
/// Every case renders as one line for the user; the CLI maps cases to exit codes
/// (see `exitCode`), so callers never see FFmpeg error numbers.
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
    /// A clip cannot share a stream-copied video track with the clip before it;
    /// `differences` names each parameter with both values, e.g. `size 320x240 vs 640x360`.
    case incompatibleClips(path: String, previous: String, differences: [String])
    /// A stream-copy in-point that is not on a keyframe; the neighbouring keyframes
    /// are in seconds of the clip's own time, nil when there is none on that side.
    case notOnKeyframe(path: String, time: Double, keyframeBefore: Double?, keyframeAfter: Double?)
    /// An in- or out-point outside the clip or in the wrong order.
    case invalidTrim(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missingInput(path, reason): return "\(path): cannot open: \(reason)"
        case let .unreadableMedia(path, reason): return "\(path): not readable media: \(reason)"
        case let .noStream(path, kind): return "\(path): has no \(kind) stream"
        case let .unsupported(path, reason): return "\(path): unsupported: \(reason)"
        case let .decodeFailed(path, reason): return "\(path): decoding failed: \(reason)"
        case let .cannotCreateOutput(path, reason): return "\(path): cannot create output: \(reason)"
        case let .writeFailed(path, reason): return "\(path): write failed: \(reason)"
        case .cancelled: return "interrupted: no output written"
        case let .incompatibleClips(path, previous, differences):
            return "\(path) cannot follow \(previous) in one video track: \(differences.joined(separator: "; "))"
        case let .notOnKeyframe(path, time, before, after):
            let neighbours = [before.map { "\(seconds($0)) before" }, after.map { "\(seconds($0)) after" }]
                .compactMap { $0 }.joined(separator: ", ")
            return "\(path): in-point \(seconds(time)) is not on a keyframe (stream copy cuts only there); "
                + "nearest keyframes: \(neighbours.isEmpty ? "none" : neighbours)"
        case let .invalidTrim(path, reason): return "\(path): invalid trim: \(reason)"
        }
    }

    /// The sysexits-style exit code documented in the README.
    public var exitCode: Int32 {
        switch self {
        case .missingInput: return 66
        case .unreadableMedia, .noStream, .unsupported, .decodeFailed: return 65
        case .cannotCreateOutput: return 73
        case .writeFailed: return 74
        case .cancelled: return 130
        case .incompatibleClips: return 65
        case .notOnKeyframe, .invalidTrim: return 64
        }
    }

    /// Seconds for messages: up to 6 decimals, trailing zeros dropped, `s` suffix.
    private func seconds(_ value: Double) -> String {
        let micros = Int64((value * 1_000_000).rounded())
        var fraction = String(micros.magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = "\(micros < 0 ? "-" : "")\(micros.magnitude / 1_000_000)"
        return whole + (fraction.isEmpty ? "" : "." + fraction) + "s"
    }
}
