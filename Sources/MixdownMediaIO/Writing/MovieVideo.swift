public import MixdownComposition

/// The video track of a movie being written.
public enum MovieVideo {
    /// The clips' packets copied as they are (stream copy), stitched by the plan.
    case copy(VideoStitchPlan)
    /// Packets of `encoder` (whose settings and parameter sets describe the
    /// track), pulled from `feed`.
    case encoded(VideoEncoder, feed: EncodedVideoFeed)
    /// The clips' unchanged frames copied, the others encoded (a smart render).
    case smart(SmartVideo)
}
