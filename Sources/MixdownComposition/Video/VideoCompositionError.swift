import MixdownTime
import MixdownUnits

/// Why a video composition cannot be drawn, naming the first offending time,
/// as AVFoundation's validation delegate reports it.
public enum VideoCompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame duration is zero or negative.
    case invalidFrameDuration(MediaTime)
    /// No instruction at all for a timeline that is not empty.
    case noInstructions
    /// Nothing covers the timeline from `start` to `end`.
    case gap(start: MediaTime, end: MediaTime)
    /// The instruction starting at `start` overlaps the one before it, which ends at `previousEnd`.
    case overlap(start: MediaTime, previousEnd: MediaTime)
    /// The instructions end at `end`, not at the timeline's `duration`.
    case endMismatch(end: MediaTime, duration: MediaTime)
    /// The instruction at `time` draws a track that is not a video track of the composition.
    case unknownTrack(trackID: Int, at: MediaTime)
    /// The instruction at `time` has a property out of its bounds (named in `reason`).
    case invalidValue(at: MediaTime, reason: String)

    public var description: String {
        switch self {
        case .invalidFrameDuration(let duration):
            "video composition: the frame duration \(duration.readable) is not positive"
        case .noInstructions:
            "video composition: no instruction covers the timeline"
        case let .gap(start, end):
            "video composition: no instruction covers \(start.readable) to \(end.readable)"
        case let .overlap(start, previousEnd):
            "video composition: the instruction at \(start.readable) overlaps the one before it, which ends at \(previousEnd.readable)"
        case let .endMismatch(end, duration):
            "video composition: the instructions end at \(end.readable) but the timeline at \(duration.readable)"
        case let .unknownTrack(trackID, time):
            "video composition: the instruction at \(time.readable) draws track \(trackID), which is not a video track"
        case let .invalidValue(time, reason):
            "video composition: at \(time.readable), \(MessageText.shown(reason))"
        }
    }
}
