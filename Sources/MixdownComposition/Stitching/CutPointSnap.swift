import MixdownTime
import MixdownUnits

/// A trim point that the plan moved to where stream copy can cut, reported so
/// the caller can tell the user and move the clip's audio with it.
public struct CutPointSnap: Sendable, Equatable, CustomStringConvertible {
    /// Which end of the clip moved.
    public enum Edge: String, Sendable {
        /// The start of the clip.
        case inPoint = "in-point"
        /// The end of the clip.
        case outPoint = "out-point"
    }

    /// Where the cut may land: a keyframe, or any frame boundary (streams
    /// without B-frames), or the clip's end.
    public enum Target: String, Sendable {
        /// A clean keyframe (closed GOP).
        case keyframe
        /// Any frame, in a stream without B-frames.
        case frameBoundary = "frame boundary"
        /// The clip's last frame's end.
        case clipEnd = "clip end"
    }

    /// The clip's path.
    public let path: String
    /// Which end of the clip moved.
    public let edge: Edge
    /// What was asked for, in the clip's own time.
    public let requested: MediaTime
    /// Where the cut is, in the clip's own time; always at or before `requested`.
    public let actual: MediaTime
    /// What the cut moved to.
    public let target: Target

    /// Records that `edge` of `path` moved from `requested` to `actual`, onto `target`.
    public init(path: String, edge: Edge, requested: MediaTime, actual: MediaTime, target: Target) {
        self.path = path
        self.edge = edge
        self.requested = requested
        self.actual = actual
        self.target = target
    }

    /// One line, e.g. `clip-a.mp4: in-point 1.5s moved back to the keyframe at 1s`.
    public var description: String {
        "\(MessageText.shown(path)): \(edge.rawValue) \(requested.readable) moved back to the \(target.rawValue) at \(actual.readable)"
    }
}
