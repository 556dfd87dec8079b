import MixdownBitstream
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits

/// The re-encoded spans of a smart render: each drawn by the compositor over its
/// timeline range and encoded by a fresh encoder whose stream splices with the
/// copied clips'. H.264: libx264 at their profile, at most their level, their
/// reorder delay, with parameter sets under id 1 so both sets live in one
/// `avcC`. HEVC: libx265 at their profile, tier, at most their level, their
/// wavefront setting, reorder delay, colours and pixel shape, its parameter sets
/// renumbered around theirs (`HEVCRenumbering`) so both live in one `hvcC`.
final class SmartRenderEncoding {
    let settings: VideoEncoderSettings
    /// The spans' parameter sets as the track's decoder configuration holds them.
    let parameterSets: [NALUnit]
    /// HEVC: the ids the spans' slices are renumbered to; nil for H.264.
    let renumbering: HEVCParameterSetIDs?
    /// The parameter sets every span's encoder must put out (before renumbering).
    private let encoderSets: [NALUnit]
    /// The encoder opened to learn the parameter sets, kept for the first span:
    /// opening libx265 at 1080p costs a tenth of a second.
    private var spare: VideoEncoder?
    private let frames: ComposedVideoFrames
    /// The copied clips' quarter turns, undone before encoding.
    private let turnsBack: Int
    private let path: String
    private let isCancelled: () -> Bool

    /// The encoder settings for spans that splice with `video`'s copied clips.
    ///
    /// - Throws: `MediaIOError.unsupported` when the encoder refuses them (a
    ///   level below what the picture needs) or the parameter sets cannot be renumbered.
    init(video: ComposedVideo, smart: SmartRenderPlan, encoding: ComposedVideoEncoding.Choices, path: String,
         isCancelled: @escaping () -> Bool) throws(MediaIOError) {
        frames = ComposedVideoFrames(video: video)
        let composition = frames.timeline.videoComposition
        var settings = try ComposedVideoEncoding.settings(for: composition, encoding: encoding, codec: smart.codec, path: path)
        if smart.quarterTurns % 2 == 1 { (settings.width, settings.height) = (settings.height, settings.width) }
        // The copied clips' reorder delay: 0 without B-frames, 1 without a pyramid, 2 with
        // (x264 gets there with 3 B-frames, x265 needs 4: measured in HEVCEncoderTests).
        switch smart.reorderDelay {
        case 0: settings.maximumBFrames = 0
        case 1: (settings.maximumBFrames, settings.bFramePyramid) = (3, false)
        default: (settings.maximumBFrames, settings.bFramePyramid) = (smart.codec == "hevc" ? 4 : 3, true)
        }
        if smart.codec == "hevc" {
            guard let hevc = smart.hevc else {
                throw .unsupported(path: path, reason: "smart render: the copied HEVC clips' parameter sets were not read; use --full-render")
            }
            settings.profile = hevc.profileIDC == 2 ? "main10" : "main"
            settings.level = hevc.level
            settings.highTier = hevc.highTier
            settings.wavefront = hevc.wavefront
            if let reference = Self.firstCopied(in: smart, of: video) { settings.describe(like: reference) }
            let probe = try VideoEncoder(settings: settings, path: path)
            let sets = probe.parameterSets
            spare = probe
            do {
                let ids = try HEVCRenumbering.ids(avoiding: hevc.parameterSets, stretch: sets)
                var renumbered: [NALUnit] = []
                for unit in sets { renumbered.append(try HEVCRenumbering.renumber(unit, to: ids)) }
                parameterSets = renumbered
                renumbering = ids
            } catch {
                throw .unsupported(path: path, reason: "smart render: the re-encoded stretches' HEVC parameter sets cannot be renumbered "
                    + "(\(error)); use --full-render")
            }
            encoderSets = sets
        } else {
            // The copied clips' colour description stays the stream's: the spans leave theirs unset.
            settings.colour = .unspecified
            settings.parameterSetID = 1
            if let format = smart.format {
                settings.profile = Self.profile(format.profile)
                settings.level = Self.level(format.decoderConfiguration)
            }
            let probe = try VideoEncoder(settings: settings, path: path)
            parameterSets = probe.parameterSets
            encoderSets = parameterSets
            spare = probe
            renumbering = nil
        }
        self.settings = settings
        turnsBack = smart.quarterTurns
        self.path = path
        self.isCancelled = isCancelled
    }

    /// The feed of the span over `range`: its frames from 0 in the encoder's ticks.
    ///
    /// - Throws: `MediaIOError.unsupported` when the encoder's parameter sets
    ///   differ from the first one's (the track's decoder configuration holds those).
    func feed(for range: MediaTimeRange) throws(MediaIOError) -> EncodedVideoFeed {
        let encoder: VideoEncoder
        if let spare {
            encoder = spare
            self.spare = nil
        } else {
            encoder = try VideoEncoder(settings: settings, path: path)
        }
        guard encoder.parameterSets == encoderSets else {
            throw .unsupported(path: path, reason: "smart render: a re-encoded stretch's parameter sets differ from the first's; use --full-render")
        }
        return ComposedVideoEncoding(frames: frames, range: range, encoder: encoder, turnsBack: turnsBack, isCancelled: isCancelled)
    }

    /// The scan of the first clip copied: the stream the spans describe themselves as.
    private static func firstCopied(in smart: SmartRenderPlan, of video: ComposedVideo) -> VideoClipInfo? {
        for span in smart.spans { if case let .copy(segment) = span { return video.clipInfos[segment.path] } }
        return nil
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
