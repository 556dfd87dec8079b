import MixdownTime

/// Which stretches of a composed picture are copied from the clips and which
/// are drawn and re-encoded: the plan of a smart render.
///
/// A frame is copied when no instruction changes it (one layer, at full
/// opacity, unmoved and uncropped at that time: a fade re-encodes only its own
/// stretch) and its clip can be copied into the output (`SmartRenderClipCheck`:
/// H.264 at the render size, shown as stored (no display matrix but the
/// identity), at the output's frame duration exactly, with the same parameter
/// sets and reorder delay as the first clip copied). Copying restarts only at
/// an IDR picture that is shown (where the copied parameter sets take effect
/// again after re-encoded frames that used their own; pre-roll that the clip's
/// edit list hides, only at the timeline's start) and stops just before a clean
/// keyframe or at the clip's end; the frames between are re-encoded, from the
/// keyframe before each changed range to the first IDR after it. Every frame of a
/// clip that cannot be copied is re-encoded, with the reason in ``notes``.
public struct SmartRenderPlan: Sendable {
    /// One stretch of the output video, in timeline order.
    public enum Span: Sendable, CustomStringConvertible {
        /// Packets copied as they are, placed on the timeline by the segment.
        case copy(VideoSegment)
        /// Frames drawn by the compositor and encoded, over a timeline range.
        case encode(MediaTimeRange, reason: String)

        /// Where the span plays on the timeline.
        public var timeRange: MediaTimeRange {
            switch self {
            case let .copy(segment): segment.timelineRange
            case let .encode(range, _): range
            }
        }

        public var description: String {
            switch self {
            case let .copy(segment): "copy \(segment.timelineRange) from \(segment.path)"
            case let .encode(range, reason): "re-encode \(range) (\(reason))"
            }
        }
    }

    /// The spans, covering the timeline end to end.
    public let spans: [Span]
    /// The copied clips' common stream format (the output's), nil when nothing is copied.
    public let format: VideoStreamFormat?
    /// The copied clips' reorder delay in frames: re-encoded stretches must have the
    /// same, so that decoding times keep increasing across every seam.
    public let reorderDelay: Int
    /// Why clips or stretches are re-encoded beyond the changed ranges.
    public let notes: [String]

    /// Whether any frame is copied.
    public var copies: Bool { spans.contains { if case .copy = $0 { true } else { false } } }
}
