public import MixdownBitstream
public import MixdownComposition
public import MixdownTime

/// A smart-rendered video track: the plan's copied spans as they are, its
/// re-encoded spans from feeds made on demand.
public struct SmartVideo {
    /// The spans and the copied clips' format.
    public let plan: SmartRenderPlan
    /// The scans of the copied clips, by path (`VideoStitchPlan.clipInfos`).
    public let clipInfos: [String: VideoClipInfo]
    /// The re-encoded spans' parameter sets (SPS and PPS under ids the copied
    /// clips do not use), added to the track's `avcC`.
    public let parameterSets: [NALUnit]
    /// The time base of the re-encoded spans' packets.
    public let encoderTimeBase: TimeBase
    /// Makes the feed of one re-encoded span: its packets in Annex B with times
    /// in `encoderTimeBase` from the span's start (its first frame at 0).
    public let encode: (MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed

    /// A smart video track from its parts.
    public init(plan: SmartRenderPlan, clipInfos: [String: VideoClipInfo], parameterSets: [NALUnit], encoderTimeBase: TimeBase,
                encode: @escaping (MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed) {
        self.plan = plan
        self.clipInfos = clipInfos
        self.parameterSets = parameterSets
        self.encoderTimeBase = encoderTimeBase
        self.encode = encode
    }

    /// The first copied clip's scan: its stream is the output's.
    var reference: VideoClipInfo? {
        for span in plan.spans { if case let .copy(segment) = span { return clipInfos[segment.path] } }
        return nil
    }
}
