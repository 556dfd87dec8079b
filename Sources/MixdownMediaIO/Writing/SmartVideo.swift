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
    /// The re-encoded spans' parameter sets (H.264: SPS and PPS; HEVC: VPS, SPS
    /// and PPS) under ids the copied clips do not use, added to the track's
    /// `avcC` or `hvcC`.
    public let parameterSets: [NALUnit]
    /// HEVC: the ids the re-encoded spans' slices are renumbered to (libx265's
    /// are all 0); nil for H.264, whose encoder takes an id.
    package let renumbering: HEVCParameterSetIDs?
    /// The time base of the re-encoded spans' encoders.
    public let encoderTimeBase: TimeBase
    /// Makes the feed of one re-encoded span: its packets in Annex B with times
    /// in `encoderTimeBase` (or the feed's own `timeBase`) from the span's start (its first frame at 0).
    public let encode: (MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed

    /// A smart video track from its parts.
    package init(plan: SmartRenderPlan, clipInfos: [String: VideoClipInfo], parameterSets: [NALUnit], renumbering: HEVCParameterSetIDs? = nil,
                 encoderTimeBase: TimeBase, encode: @escaping (MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed) {
        self.plan = plan
        self.clipInfos = clipInfos
        self.parameterSets = parameterSets
        self.renumbering = renumbering
        self.encoderTimeBase = encoderTimeBase
        self.encode = encode
    }

    /// How the re-encoded spans' units join the copied packets.
    var spliceUnits: SpliceUnits { renumbering.map { .hevc($0) } ?? .h264 }

    /// The track's decoder configuration: the first copied clip's `avcC` or
    /// `hvcC` with the re-encoded spans' parameter sets added, and the length
    /// size of its samples' NAL units; nil when the record cannot take them.
    func decoderConfiguration(of reference: VideoClipInfo) -> (record: [UInt8], lengthSize: Int)? {
        let source = reference.format.decoderConfiguration
        switch plan.codec {
        case "hevc":
            guard let record = HEVCDecoderConfiguration.merging(source, with: parameterSets),
                  let configuration = try? HEVCDecoderConfiguration(record: record) else { return nil }
            return (record, configuration.lengthSize)
        default:
            guard let record = AVCDecoderConfiguration.merging(source, with: parameterSets),
                  let lengthSize = AVCDecoderConfiguration.lengthSize(of: record) else { return nil }
            return (record, lengthSize)
        }
    }

    /// The scans of the clips whose packets are copied.
    var copiedClips: [VideoClipInfo] {
        plan.spans.compactMap { span in if case let .copy(segment) = span { clipInfos[segment.path] } else { nil } }
    }

    /// The first copied clip's scan: its stream is the output's.
    var reference: VideoClipInfo? { copiedClips.first }
}
