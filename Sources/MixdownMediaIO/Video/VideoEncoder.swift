public import MixdownBitstream
internal import MixdownFFmpeg
internal import MixdownTime

/// Encodes `Picture`s to H.264 with libx264 or HEVC with libx265, at 8 or 10
/// bits (`settings.bitDepth`: `yuv420p` or `yuv420p10le` into the encoder).
///
/// Give it pictures in presentation order, each with its presentation time in
/// ticks of `settings.timeBase` (increasing); it hands back the packets ready
/// so far, in decoding order, each with its presentation and decoding time and
/// duration in the same ticks, in Annex B form. `finish()` drains the frames it
/// holds back (the lookahead and B-frame delay). With `settings.globalHeader`
/// the parameter sets are in `extradata`, not in the packets. Not thread-safe.
public final class VideoEncoder {
    /// How it encodes.
    public let settings: VideoEncoderSettings
    /// The output this encoder feeds, for error messages.
    public let path: String
    /// With `globalHeader`, the parameter sets (H.264 SPS and PPS; HEVC VPS, SPS
    /// and PPS) in Annex B form, each after a 4-byte start code, as libx264 and
    /// libx265 put them out through libavcodec (not an `avcC` or `hvcC` record);
    /// empty otherwise.
    public let extradata: [UInt8]
    /// The parameter sets the stream uses, without start codes: from `extradata`,
    /// or without a global header from the first packet that carries them (empty
    /// until then).
    public internal(set) var parameterSets: [NALUnit]

    let context: VideoEncoderContext
    let frame = Frame()
    let packet = Packet()
    /// Each picture's duration in ticks by its presentation time, until its packet comes out.
    var durations: [Int64: Int64] = [:]
    /// A frame's length at the nominal rate, in ticks: the duration of a picture given without one.
    let frameTicks: Int64
    var lastPresentationTime: Int64?
    var finished = false

    /// Opens the encoder.
    ///
    /// - Parameters:
    ///   - settings: codec, size, timing, quality and stream description.
    ///   - path: the output the packets go to, named in error messages.
    /// - Throws: `MediaIOError.unsupported` when a setting is out of range or does
    ///   not exist for the codec, or the encoder refuses the settings; one that
    ///   names the level when the encoder refuses only `settings.level` (below
    ///   what the picture size and frame rate need).
    public init(settings: VideoEncoderSettings, path: String = "video encoder") throws(MediaIOError) {
        self.settings = settings
        self.path = path
        let options = try settings.encoderOptions(path: path)
        do {
            context = try VideoEncoderContext(encoder: settings.codec.encoderName, layout: Self.layout(of: settings),
                                              options: options, path: path)
        } catch {
            throw Self.naming(error, levelOf: settings, path: path)
        }
        extradata = context.extradata
        frameTicks = max(1, (try? settings.timeBase.ticks(settings.frameRate.frameDuration)) ?? 1)
        parameterSets = []
        parameterSets = parameterSetUnits(in: NALUnit.units(inAnnexB: extradata))
    }

    /// Whether `unit` is a parameter set of the encoder's codec.
    func isParameterSet(_ unit: NALUnit) -> Bool {
        switch settings.codec {
        case .h264: [7, 8].contains(unit.h264Type)
        case .hevc: [32, 33, 34].contains(unit.hevcType)
        }
    }

    /// Whether `unit` is a slice of an IDR picture.
    func isIDRSlice(_ unit: NALUnit) -> Bool {
        switch settings.codec {
        case .h264: unit.h264Type == 5
        case .hevc: [19, 20].contains(unit.hevcType)
        }
    }

    func parameterSetUnits(in units: [NALUnit]) -> [NALUnit] {
        units.filter(isParameterSet)
    }

    /// The picture, timing and stream description `settings` give the encoder.
    private static func layout(of settings: VideoEncoderSettings) -> VideoEncoderContext.Layout {
        VideoEncoderContext.Layout(
            width: settings.width, height: settings.height, pixelFormat: settings.pixelFormat, timeBase: settings.timeBase,
            frameRate: settings.frameRate, colour: settings.colour.names,
            sampleAspectRatio: (settings.sampleAspectRatio.width, settings.sampleAspectRatio.height),
            threads: settings.threads, globalHeader: settings.globalHeader)
    }

    /// `error` as a `MediaIOError`, naming the level when the encoder opens
    /// without it: x265 logs why it refuses a level on stderr (silenced), and
    /// libavcodec says only that it cannot open the encoder.
    private static func naming(_ error: FFmpegError, levelOf settings: VideoEncoderSettings, path: String) -> MediaIOError {
        let refusal = MediaIOError(error)
        guard let level = settings.level else { return refusal }
        var unlevelled = settings
        unlevelled.level = nil
        guard let options = try? unlevelled.encoderOptions(path: path),
              (try? VideoEncoderContext(encoder: settings.codec.encoderName, layout: layout(of: unlevelled),
                                        options: options, path: path)) != nil else { return refusal }
        return .unsupported(path: path, reason: "\(settings.codec.encoderName) refuses level \(level) for "
            + "\(settings.width)×\(settings.height) at \(settings.frameRate) fps (below what they need, or not one of its levels)")
    }
}
