import MixdownTime
import MixdownUnits

/// A composition that cannot be built as asked.
public enum CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A placement or asset length before time zero.
    case negativeTime(MediaTime)
    /// A source range that is not inside the asset.
    case rangeOutsideAsset(path: String, range: MediaTimeRange, duration: MediaTime)
    /// A placement that overlaps a segment already on the track.
    case overlappingSegments(existing: String, existingRange: MediaTimeRange, new: String, newRange: MediaTimeRange)
    /// A track would hold more than `limit` segments (``CompositionTrack/maximumSegmentCount``).
    case tooManySegments(path: String, limit: Int)
    /// Time arithmetic failed (for example overflow).
    case time(MediaTimeError)

    public var description: String {
        switch self {
        case let .negativeTime(t):
            return "time \(t.readable) is before the start of the timeline"
        case let .rangeOutsideAsset(path, range, duration):
            return "\(MessageText.shown(path)): range \(range.readable) is outside the file, which lasts \(duration.readable)"
        case let .overlappingSegments(existing, existingRange, new, newRange):
            return "\(MessageText.shown(new)) at \(newRange.readable) overlaps \(MessageText.shown(existing)) at \(existingRange.readable) on the same track"
        case let .tooManySegments(path, limit):
            return "\(MessageText.shown(path)): a track holds at most \(limit) segments (pieces of files placed on it)"
        case let .time(error):
            return error.description
        }
    }
}
