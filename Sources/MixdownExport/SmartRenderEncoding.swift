import MixdownBitstream
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits

/// The re-encoded spans of a smart render: each drawn by the compositor over its
/// timeline range and encoded by a fresh libx264 whose stream splices with the
/// copied clips' (their profile, at most their level, their reorder delay, and
/// parameter sets under id 1 so both sets live in one `avcC`).
final class SmartRenderEncoding {
    let settings: VideoEncoderSettings
    let parameterSets: [NALUnit]
    private let frames: ComposedVideoFrames
    private let path: String
    private let isCancelled: () -> Bool

    /// The encoder settings for spans that splice with `video`'s copied clips.
    ///
    /// - Throws: `MediaIOError.unsupported` when libx264 refuses them.
    init(video: ComposedVideo, smart: SmartRenderPlan, encoding: ComposedVideoEncoding.Choices, path: String,
         isCancelled: @escaping () -> Bool) throws(MediaIOError) {
        frames = ComposedVideoFrames(video: video)
        let composition = frames.timeline.videoComposition
        var settings = try ComposedVideoEncoding.settings(for: composition, encoding: encoding, path: path)
        // The copied clips' colour description stays the stream's: the spans leave theirs unset.
        settings.colour = .unspecified
        settings.parameterSetID = 1
        if let format = smart.format {
            settings.profile = Self.profile(format.profile)
            settings.level = Self.level(format.decoderConfiguration)
        }
        settings.maximumBFrames = smart.reorderDelay == 0 ? 0 : 3
        settings.bFramePyramid = smart.reorderDelay == 0 ? nil : smart.reorderDelay >= 2
        self.settings = settings
        parameterSets = try VideoEncoder(settings: settings, path: path).parameterSets
        self.path = path
        self.isCancelled = isCancelled
    }

    /// The feed of the span over `range`: its frames from 0 in the encoder's ticks.
    func feed(for range: MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed {
        ComposedVideoEncoding(frames: frames, range: range, encoder: try VideoEncoder(settings: settings, path: path), isCancelled: isCancelled)
    }

    /// x264's name of an FFmpeg profile name (`High` → `high`); nil lets x264 choose.
    static func profile(_ name: String?) -> String? {
        switch name?.lowercased() {
        case "high": "high"
        case "main": "main"
        case "baseline", "constrained baseline": "baseline"
        default: nil
        }
    }

    /// The level an avcC states (`31` → `3.1`).
    static func level(_ record: [UInt8]) -> String? {
        guard record.count > 3, record[0] == 1, record[3] > 0 else { return nil }
        return "\(record[3] / 10).\(record[3] % 10)"
    }
}
