import MixdownTime

/// Which stretches of a composed picture are copied from the clips and which
/// are drawn and re-encoded: the plan of a smart render.
///
/// A frame is copied when no instruction changes it (one layer, at full
/// opacity, unmoved and uncropped at that time: a fade re-encodes only its own
/// stretch) and its clip can be copied into the output (`SmartRenderClipCheck`:
/// in the output's codec, the first clip's (H.264 or HEVC), at the render size,
/// at the output's frame duration exactly, shown as stored or turned by quarter
/// turns like the first clip copied (one display matrix for the track, no
/// mirror), in the output's dynamic range and bit depth, with its parameter
/// sets and reorder delay; an HEVC clip also Main or Main 10, 4:2:0, without
/// tiles, layers or open GOPs: `HEVCSpliceFacts`). Copying
/// restarts only at an IDR picture that is shown (where the copied parameter
/// sets take effect again after re-encoded frames that used their own; pre-roll
/// that the clip's edit list hides, only at the timeline's start) and stops
/// just before a clean keyframe or at the clip's end; the frames between are
/// re-encoded, from the keyframe before each changed range to the first IDR
/// after it. Every frame of a clip that cannot be copied is re-encoded, with the
/// reason in ``notes``.
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
    /// The output video's codec, FFmpeg's name (`h264` or `hevc`): the first clip's.
    public let codec: String
    /// The copied clips' common stream format (the output's), nil when nothing is copied.
    public let format: VideoStreamFormat?
    /// The copied clips' reorder delay in frames: re-encoded stretches must have the
    /// same, so that decoding times keep increasing across every seam.
    public let reorderDelay: Int
    /// The clockwise quarter turns the copied clips are shown with (their display
    /// matrix, the output track's): re-encoded frames, drawn upright, are turned
    /// back by as many before encoding, to be stored as the copied ones are.
    public let quarterTurns: Int
    /// What re-encoded HEVC stretches must match to splice with the copied
    /// clips; nil for H.264 and when nothing is copied.
    package let hevc: HEVCSpliceFacts?
    /// Why clips or stretches are re-encoded beyond the changed ranges.
    public let notes: [String]

    init(spans: [Span], codec: String, format: VideoStreamFormat? = nil, reorderDelay: Int = 0, quarterTurns: Int = 0,
         hevc: HEVCSpliceFacts? = nil, notes: [String]) {
        self.quarterTurns = quarterTurns
        self.spans = spans
        self.codec = codec
        self.format = format
        self.reorderDelay = reorderDelay
        self.hevc = hevc
        self.notes = notes
    }

    /// Whether any frame is copied.
    public var copies: Bool { spans.contains { if case .copy = $0 { true } else { false } } }
}
