internal import MixdownComposition

extension VideoEncoderSettings {
    /// The encoder's private options: preset, CRF, profile and the library's own
    /// parameters (`x264-params`, `x265-params`).
    ///
    /// - Throws: `unsupported` for a value out of range or a setting the codec's
    ///   encoder does not have, naming it.
    func encoderOptions(path: String) throws(MediaIOError) -> [(String, String)] {
        func refuse(_ reason: String) -> MediaIOError { .unsupported(path: path, reason: reason) }
        guard width >= 2, height >= 2, width % 2 == 0, height % 2 == 0 else {
            throw refuse("a \(codec.rawValue) picture's sides must be even and at least 2, not \(width)×\(height)")
        }
        guard (0...51).contains(quality) else { throw refuse("quality (CRF) \(quality) is not within 0 to 51") }
        if let frames = keyframeInterval, frames < 1 { throw refuse("a keyframe interval of \(frames) frames") }
        if let frames = maximumBFrames, !(0...16).contains(frames) { throw refuse("\(frames) B-frames in a row (0 to 16)") }
        if threads < 0 { throw refuse("\(threads) encoder threads") }
        if let count = lookaheadThreads, !(1...16).contains(count) { throw refuse("\(count) lookahead threads (1 to 16)") }
        if let id = parameterSetID, !(0...31).contains(id) { throw refuse("parameter set id \(id) is not within 0 to 31") }
        // x264 and x265 report an unknown preset on stderr themselves, before libavcodec's log takes over.
        guard Self.presets.contains(preset) else {
            throw refuse("no \(codec.encoderName) preset \"\(preset)\" (\(Self.presets.joined(separator: ", ")))")
        }
        guard bitDepth == 8 || bitDepth == 10 else { throw refuse("\(bitDepth)-bit pictures (8 or 10)") }
        let profiles = codec.profiles(bitDepth: bitDepth)
        if let profile, !profiles.contains(profile) {
            throw refuse("no \(codec.encoderName) profile \"\(profile)\" for \(bitDepth)-bit 4:2:0 pictures (\(profiles.joined(separator: ", ")))")
        }
        if codec == .h264, hdrMetadata != nil { throw refuse("HDR10 metadata (HEVC only)") }
        if codec == .hevc, parameterSetID != nil || stitchable {
            throw refuse("libx265 has no parameter set id or stitchable setting (H.264 only)")
        }
        if codec == .h264, wavefront != nil || highTier != nil {
            throw refuse("libx264 has no wavefront or tier setting (HEVC only)")
        }
        var options: [(String, String)] = [("preset", preset), ("crf", "\(quality)"), ("forced-idr", "1")]
        if let profile { options.append(("profile", profile)) }
        // The library's parameters: x264 and x265 share these names.
        var parameters: [String] = []
        if let frames = keyframeInterval { parameters.append("keyint=\(frames)") }
        if let frames = maximumBFrames { parameters.append("bframes=\(frames)") }
        if let pyramid = bFramePyramid {
            // x265 takes a boolean: it reads `normal` as false and only logs the error (reorder delay 1, not 2).
            let value = switch codec {
            case .h264: pyramid ? "normal" : "none"
            case .hevc: pyramid ? "1" : "0"
            }
            parameters.append("b-pyramid=\(value)")
        }
        if !keyframesAtSceneChanges { parameters.append("scenecut=0") }
        parameters.append("open-gop=\(openGOP ? 1 : 0)")
        if let count = lookaheadThreads { parameters.append("lookahead-threads=\(count)") }
        if let location = colour.chromaLocation, let index = Self.chromaLocations.firstIndex(of: location) {
            parameters.append("chromaloc=\(index)")
        }
        switch codec {
        case .h264:
            if let level { options.append(("level", level)) }
            if let id = parameterSetID { parameters.append("sps-id=\(id)") }
            if stitchable { parameters.append("stitchable=1") }
            options.append(("x264-params", parameters.joined(separator: ":")))
        case .hevc:
            if let level { parameters.append("level-idc=\(level)") }
            if let hdrMetadata { parameters += Self.hdr10Parameters(hdrMetadata) }
            if let highTier { parameters.append("high-tier=\(highTier ? 1 : 0)") }
            // Without a global header libavcodec asks for the sets before every keyframe: the only place they are then.
            if globalHeader { parameters.append("repeat-headers=0") }
            // Splice-friendly: one slice a picture, no SEI naming parameter set ids (hrd's buffering
            // period and active parameter sets), no per-picture hashes, version info, AUDs or sub-layers.
            parameters += ["aud=0", "hrd=0", "info=0", "hash=0", "temporal-layers=0", "radl=0", "slices=1"]
            if let wavefront { parameters.append("wpp=\(wavefront ? 1 : 0)") }
            // libx265 writes its log to stderr itself, bypassing FFmpeg's; failures still come back as codes.
            parameters.append("log-level=none")
            options.append(("x265-params", parameters.joined(separator: ":")))
        }
        return options
    }

    /// FFmpeg's name of the pixel format the encoder takes: `yuv420p`, or `yuv420p10le` at 10 bits.
    var pixelFormat: String { bitDepth == 10 ? "yuv420p10le" : "yuv420p" }

    /// x265's `master-display` (chromaticities in 0.00002, luminances in
    /// 0.0001 cd/m², green first) and `max-cll`; nothing for an incomplete display.
    static func hdr10Parameters(_ metadata: HDRStaticMetadata) -> [String] {
        let display = metadata.masteringDisplay
        guard let r = display.red, let g = display.green, let b = display.blue, let w = display.whitePoint,
              let low = display.minLuminance, let high = display.maxLuminance else { return [] }
        func xy(_ c: MasteringDisplay.Chromaticity) -> String { "(\(Int((c.x * 50_000).rounded())),\(Int((c.y * 50_000).rounded())))" }
        var parameters = ["master-display=G\(xy(g))B\(xy(b))R\(xy(r))WP\(xy(w))L(\(Int((high * 10_000).rounded())),\(Int((low * 10_000).rounded())))"]
        if let light = metadata.contentLightLevel {
            parameters.append("max-cll=\(light.maxContentLightLevel),\(light.maxFrameAverageLightLevel)")
        }
        return parameters
    }

    /// The speed presets of x264 and x265, fastest first.
    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// FFmpeg's chroma location names in the order of the VUI's
    /// `chroma_sample_loc_type` 0 to 5 (FFmpeg's enum less one).
    private static let chromaLocations = ["left", "center", "topleft", "top", "bottomleft", "bottom"]
}
