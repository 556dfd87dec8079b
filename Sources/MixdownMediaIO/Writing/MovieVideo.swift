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

extension MovieVideo {
    /// Whether the track ends with copied frames its clip's edit list hides past
    /// the clip's end: the output's edit list must then end exactly where they start.
    var endsInHiddenFrames: Bool {
        let last: VideoSegment?
        let infos: [String: VideoClipInfo]
        switch self {
        case let .copy(plan): (last, infos) = (plan.segments.last, plan.clipInfos)
        case let .smart(video):
            guard case let .copy(segment)? = video.plan.spans.last else { return false }
            (last, infos) = (segment, video.clipInfos)
        case .encoded: return false
        }
        guard let last, let info = infos[last.path] else { return false }
        return info.hidesFrames(pastEndOf: last)
    }
}
