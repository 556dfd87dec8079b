import MixdownTime

/// A clip to stitch into a video track, with optional trims.
///
/// `inPoint` and `outPoint` are in the clip's own time (0 = its start), in
/// seconds as exact `MediaTime`s; nil means the clip's first or last frame. They
/// are rounded half up to the video stream's time base before being matched to
/// frames, keyframes and the clip end.
public struct VideoClipRequest: Sendable, Equatable {
    /// The clip's path.
    public var path: String
    /// Where the clip's video starts; must be on a keyframe (see `VideoStitchPlan`).
    public var inPoint: MediaTime?
    /// Where it ends (exclusive); moved back to the nearest possible cut.
    public var outPoint: MediaTime?

    /// A clip at `path`, whole unless trimmed.
    public init(path: String, inPoint: MediaTime? = nil, outPoint: MediaTime? = nil) {
        self.path = path
        self.inPoint = inPoint
        self.outPoint = outPoint
    }
}
