import MixdownTime

/// A composition that cannot be built as asked.
public enum CompositionError: Error, Equatable, Sendable, CustomStringConvertible {
    case negativeTime(MediaTime)
    case rangeOutsideAsset(path: String, range: MediaTimeRange, duration: MediaTime)
    case overlappingSegments(existing: String, existingRange: MediaTimeRange, new: String, newRange: MediaTimeRange)
    case time(MediaTimeError)

    public var description: String {
        switch self {
        case let .negativeTime(t):
            return "time \(t) is before the start of the timeline"
        case let .rangeOutsideAsset(path, range, duration):
            return "\(path): range \(range) is outside the file, which lasts \(duration)"
        case let .overlappingSegments(existing, existingRange, new, newRange):
            return "\(new) at \(newRange) overlaps \(existing) at \(existingRange) on the same track"
        case let .time(error):
            return error.description
        }
    }
}
