import MixdownTime
import MixdownUnits

/// Why clips cannot be stitched into one stream-copied video track as asked.
///
/// ``description`` is one line naming the clip and the offending value.
public enum VideoStitchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A video track needs at least one clip.
    case noClips
    /// A clip's stream was not scanned, so nothing is known about its packets.
    case clipNotScanned(path: String)
    /// A clip cannot follow the clip before it in one stream-copied video track;
    /// `differences` names each parameter with both values, e.g. `size 320x240 vs 640x360`.
    case incompatibleClips(path: String, previous: String, differences: [String])
    /// A stream-copy in-point that is not on a keyframe; the neighbouring keyframes
    /// are in seconds of the clip's own time, nil when there is none on that side.
    case notOnKeyframe(path: String, time: Double, keyframeBefore: Double?, keyframeAfter: Double?)
    /// An in- or out-point outside the clip or in the wrong order, or a stream with no frames.
    case invalidTrim(path: String, reason: String)
    /// A timestamp that cannot be represented as a time on the timeline.
    case timestampOutOfRange(path: String, reason: String)

    public var description: String {
        switch self {
        case .noClips:
            return "a video track needs at least one clip"
        case let .clipNotScanned(path):
            return "\(MessageText.shown(path)): the clip's video was not scanned"
        case let .incompatibleClips(path, previous, differences):
            return "\(MessageText.shown(path)) cannot follow \(MessageText.shown(previous)) in one video track: "
                + differences.joined(separator: "; ")
        case let .notOnKeyframe(path, time, before, after):
            let neighbours = [before.map { "\(MediaTime.readable(seconds: $0)) before" },
                              after.map { "\(MediaTime.readable(seconds: $0)) after" }].compactMap { $0 }.joined(separator: ", ")
            return "\(MessageText.shown(path)): in-point \(MediaTime.readable(seconds: time)) is not on a keyframe (stream copy cuts only there); "
                + "nearest keyframes: \(neighbours.isEmpty ? "none" : neighbours)"
        case let .invalidTrim(path, reason):
            return "\(MessageText.shown(path)): invalid trim: \(reason)"
        case let .timestampOutOfRange(path, reason):
            return "\(MessageText.shown(path)): unsupported: \(reason)"
        }
    }
}
