import MixdownComposition
import MixdownTime

/// A composed picture: the clips' layout and video composition, the scans its
/// frames are decoded from, and how an export makes it.
public struct ComposedVideo: Sendable {
    /// The clips on the A/B tracks and the composition drawing them.
    public var timeline: VideoTimeline
    /// Each clip's scan, by clip index (`VideoTimeline.Placement.index`).
    public var clips: [VideoClipInfo]
    /// Which stretches an export copies from the clips and which it re-encodes;
    /// nil when the plan is for a preview, which draws no picture.
    public var smartRender: SmartRenderPlan?
    /// Whether an export re-encodes every frame rather than copying what no
    /// instruction changes (`--full-render`).
    public var fullRender: Bool

    /// The picture of `timeline` drawn from `clips`, exported by `smartRender`.
    public init(timeline: VideoTimeline, clips: [VideoClipInfo], smartRender: SmartRenderPlan?, fullRender: Bool = false) {
        self.timeline = timeline
        self.clips = clips
        self.smartRender = smartRender
        self.fullRender = fullRender
    }

    /// The scan of the clip `placement` plays.
    public func clip(of placement: VideoTimeline.Placement) -> VideoClipInfo { clips[placement.index] }

    /// The codec the export writes (FFmpeg's name): HEVC when the picture is HDR
    /// or the first clip is HEVC, else H.264, whether frames are copied or all
    /// re-encoded (`SmartRenderPlan.outputCodec(of:infos:)`).
    public var outputCodec: String { SmartRenderPlan.outputCodec(of: timeline, infos: clips) }

    /// The scans by path, as the writer of copied packets looks them up.
    public var clipInfos: [String: VideoClipInfo] {
        Dictionary(clips.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
