internal import MixdownBitstream
public import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime
public import MixdownUnits

/// Writes the export: the stitched video by stream copy and the mix as AAC, in one
/// MP4, MOV or M4A file (like `AVAssetExportSession` with a passthrough video track).
///
/// Drive it with the rendered audio: call `writeAudio` with consecutive stereo float
/// blocks at `sampleRate`, sample 0 being timeline time 0, then `finish()`. The
/// video packets are pulled from the clips lazily as the audio advances, so that
/// the file is interleaved by time and memory does not grow with its length.
/// Write `plan.duration.sampleIndex(sampleRate:)` samples to make audio and video
/// end together (within one AAC frame).
///
/// Or, made with `init(path:video:encodedAudio:)`, hand it AAC packets encoded
/// elsewhere (by `AACEncoder`s with the same `AACSettings`, e.g. stretches encoded
/// on several threads) with `writeEncodedAudio`, in order, each starting where the
/// one before ended, the first at -1024 (the priming): the same interleaving, the
/// same stream parameters and priming edit list as when the writer encodes.
///
/// The file appears at `path` only when `finish()` succeeds: until then it is a
/// hidden temporary file in the same folder, removed if the writer is released
/// unfinished (an error, a cancellation), leaving any earlier file at `path` as it
/// was. With `fastStart` (the default) the index (`moov`) is moved before the media
/// data at the end, a second pass over the file. Caption tracks given to an
/// initialiser become `mov_text` subtitle streams after the audio. Not thread-safe.
public final class MovieWriter {
    /// Where the file appears on `finish()`.
    public let path: String
    /// The output container, from `path`'s extension.
    public let container: MovieContainer
    /// Audio sample rate of the blocks `writeAudio` expects and of the AAC stream.
    public let sampleRate: SampleRate
    /// The video track being copied, nil for an audio-only file.
    public let videoPlan: VideoStitchPlan?
    /// Audio samples accepted so far (per channel); with encoded audio, the samples
    /// the packets written so far cover, the priming not counted.
    public var audioSamplesWritten: Int64 {
        acceptsEncodedAudio ? max(0, nextAudioPts ?? 0) : encoder.samplesReceived
    }
    /// Whether the writer takes encoded packets (`writeEncodedAudio`) rather than samples.
    public let acceptsEncodedAudio: Bool
    /// The AudioSpecificConfig in the file's audio track (`esds`).
    public var audioCodecConfiguration: [UInt8] { encoder.codecConfiguration }
    /// Video frames (packets) written so far.
    public var videoFramesWritten: Int { video?.packetsRead ?? 0 }

    // Released unfinished, the output closes and the temporary file is unlinked
    // (in either order: POSIX keeps an open, unlinked file out of the folder).
    let target: AtomicOutputFile
    let output: Muxer
    /// Encodes the samples given to `writeAudio`; with encoded audio, it only
    /// supplies the stream parameters (the same settings give the same ones).
    let encoder: AACEncoder
    let video: (any VideoFeed)?
    let audioIndex: Int
    /// The soft subtitle tracks, one `mov_text` stream each, after the audio's.
    let subtitleStreams: [SubtitleStream]
    /// The video stream's index; -1 without video.
    let videoIndex: Int
    /// The audio stream's time base, as the muxer chose it when writing the header
    /// (the video's is `video.timeBase`).
    let audioTimeBase: TimeBase
    let packet = Packet()
    /// Carries `writeEncodedAudio`'s packets to the muxer.
    let encodedPacket = Packet()
    /// With encoded audio: the pts (in samples) the next packet must have.
    var nextAudioPts: Int64?
    /// With encoded audio: a packet shorter than a frame came, so it was the last.
    var audioEnded = false
    /// The last video packet's decoding time written, in the video stream's ticks.
    var lastVideoDts = Int64.min
    var finished = false
    var failed = false

    /// Creates the output and writes its header.
    ///
    /// - Parameters:
    ///   - path: `.mp4`, `.mov` or (audio only) `.m4a`.
    ///   - plan: the stitched video track; nil for audio only.
    ///   - sampleRate: of the audio blocks and the AAC stream (`SampleRate.standard`, 48 kHz, by default).
    ///   - audioBitRate: AAC bit rate, both channels together.
    ///   - fastStart: put the index first, for playback while downloading.
    ///   - inputs: the other files the export reads (audio sources): the output may
    ///     not be any of them, nor any clip of the plan.
    ///   - captions: soft subtitle tracks, each written as a `mov_text` stream
    ///     tagged with its language, its cues in timeline time (overlapping cues
    ///     shown together); they never change how the video is written.
    /// - Throws: `cannotCreateOutput` for an unknown extension, video in `.m4a`, an
    ///   output that is one of the inputs, or a folder that cannot be written;
    ///   `unsupported` (before anything is created) for a video codec the container
    ///   cannot hold (`MovieContainer.canHold(videoCodec:)`) or a plan whose clips
    ///   were not scanned by `VideoClipInfo(path:)`.
    public convenience init(path: String, video plan: VideoStitchPlan?, sampleRate: SampleRate = .standard,
                            audioBitRate: AudioBitRate = .standard, fastStart: Bool = true, inputs: [String] = [],
                            captions: [CaptionTrack] = []) throws(MediaIOError) {
        try self.init(path: path, video: plan.map { MovieVideo.copy($0) }, settings: AACSettings(sampleRate: sampleRate, bitRate: audioBitRate),
                      encoded: false, fastStart: fastStart, inputs: inputs, captions: captions)
    }

    /// Creates the output and writes its header, with a video track copied
    /// (`.copy`) or encoded elsewhere (`.encoded`), or none; otherwise as
    /// `init(path:video:sampleRate:...)`.
    public convenience init(path: String, movieVideo video: MovieVideo?, sampleRate: SampleRate = .standard,
                            audioBitRate: AudioBitRate = .standard, fastStart: Bool = true, inputs: [String] = [],
                            captions: [CaptionTrack] = []) throws(MediaIOError) {
        try self.init(path: path, video: video, settings: AACSettings(sampleRate: sampleRate, bitRate: audioBitRate),
                      encoded: false, fastStart: fastStart, inputs: inputs, captions: captions)
    }

    /// Creates the output and writes its header, for AAC packets encoded elsewhere
    /// (`writeEncodedAudio`) rather than samples.
    ///
    /// The audio track gets the stream parameters (decoder configuration, encoder
    /// delay) of an `AACEncoder` opened with `settings`: encode the packets with the
    /// same settings. Parameters and errors otherwise as `init(path:video:...)`.
    public convenience init(path: String, video plan: VideoStitchPlan?, encodedAudio settings: AACSettings,
                            fastStart: Bool = true, inputs: [String] = [], captions: [CaptionTrack] = []) throws(MediaIOError) {
        try self.init(path: path, video: plan.map { MovieVideo.copy($0) }, settings: settings, encoded: true, fastStart: fastStart, inputs: inputs,
                      captions: captions)
    }

    /// As `init(path:video:encodedAudio:...)`, with a video track copied or encoded elsewhere.
    public convenience init(path: String, movieVideo video: MovieVideo?, encodedAudio settings: AACSettings,
                            fastStart: Bool = true, inputs: [String] = [], captions: [CaptionTrack] = []) throws(MediaIOError) {
        try self.init(path: path, video: video, settings: settings, encoded: true, fastStart: fastStart, inputs: inputs, captions: captions)
    }

    private init(path: String, video movieVideo: MovieVideo?, settings: AACSettings, encoded: Bool,
                 fastStart: Bool, inputs: [String], captions: [CaptionTrack]) throws(MediaIOError) {
        var plan: VideoStitchPlan?
        var encodedVideo: (encoder: VideoEncoder, feed: EncodedVideoFeed)?
        var smart: (video: SmartVideo, reference: VideoClipInfo, parameters: StreamCopyParameters, record: [UInt8], lengthSize: Int)?
        switch movieVideo {
        case .copy(let stitch)?: plan = stitch
        case let .encoded(encoder, feed)?: encodedVideo = (encoder, feed)
        case let .smart(video)?:
            guard let reference = video.reference, let parameters = reference.streamParameters as? StreamCopyParameters,
                  let configuration = video.decoderConfiguration(of: reference) else {
                throw .unsupported(path: path, reason: "smart render: the copied clips' decoder configuration (\(video.plan.codec == "hevc" ? "hvcC" : "avcC")) "
                    + "cannot take the re-encoded stretches' parameter sets")
            }
            smart = (video, reference, parameters, configuration.record, configuration.lengthSize)
        case nil: break
        }
        let sampleRate = settings.sampleRate
        guard let container = MovieContainer(path: path) else {
            throw .cannotCreateOutput(path: path, reason: "unknown extension: use .mp4, .mov or .m4a")
        }
        if movieVideo != nil, !container.allowsVideo {
            throw .cannotCreateOutput(path: path, reason: "an .m4a file holds audio only")
        }
        let copied = try plan.map { plan throws(MediaIOError) in try Self.streamParameters(of: plan) }
        if let plan, let copied { try container.checkCanHold(copied.codecName, from: plan.segments[0].path) }
        self.path = path
        self.container = container
        self.sampleRate = sampleRate
        videoPlan = plan
        acceptsEncodedAudio = encoded
        target = try AtomicOutputFile(path: path, inputs: (plan?.segments.map(\.path) ?? []) + inputs)
        output = try ffmpeg(Muxer(muxerName: container.muxerName, url: target.temporaryPath, path: path))
        encoder = try AACEncoder(sampleRate: sampleRate, bitRate: settings.bitRate,
                                 globalHeader: output.needsGlobalHeader, path: path)

        var videoStream: Int?
        if let copied, let plan {
            videoStream = try ffmpeg(output.addVideoStream(copying: copied, codecTag: Self.codecTag(copying: Array(plan.clipInfos.values))))
        }
        if let encodedVideo {
            // libx265's sets are all in its extradata (a global header), none in its packets.
            let tag = encodedVideo.encoder.settings.codec == .hevc ? "hvc1" : nil
            videoStream = try ffmpeg(output.addVideoStream(encodedBy: encodedVideo.encoder.context, codecTag: tag))
        }
        if let smart {
            try container.checkCanHold(smart.parameters.codecName, from: smart.reference.path)
            videoStream = try ffmpeg(output.addVideoStream(copying: smart.parameters, extradata: smart.record,
                                                           codecTag: Self.codecTag(copying: smart.video.copiedClips)))
        }
        let audioStream = try ffmpeg(output.addAudioStream(encodedBy: encoder.context))
        subtitleStreams = try Self.addSubtitleStreams(captions, to: output, path: path)

        // A track ending in hidden frames needs its edit list exact: the movie counts in the track's ticks.
        let muxer = output
        let trackTicks = movieVideo?.endsInHiddenFrames == true ? videoStream.flatMap { muxer.timeBase(ofStream: $0) } : nil
        try ffmpeg(muxer.open(movflags: fastStart ? "+faststart" : nil,
                              videoTimeScale: trackTicks.flatMap { MovieContainer.videoTrackTimeScale(ticksPerSecond: $0.denominator) }))
        audioIndex = audioStream
        videoIndex = videoStream ?? -1
        guard let audioTimeBase = output.timeBase(ofStream: audioStream) else {
            throw .cannotCreateOutput(path: path, reason: "the muxer gave the audio stream no time base")
        }
        self.audioTimeBase = audioTimeBase
        if let videoStream {
            guard let videoTimeBase = output.timeBase(ofStream: videoStream) else {
                throw .cannotCreateOutput(path: path, reason: "the muxer gave the video stream no time base")
            }
            if let plan {
                video = try VideoPacketSource(plan: plan, timeBase: videoTimeBase)
            } else if let smart {
                video = SmartVideoFeed(video: smart.video, lengthSize: smart.lengthSize, timeBase: videoTimeBase)
            } else if let encodedVideo {
                video = EncodedVideoFeedAdapter(feed: encodedVideo.feed, encoderTimeBase: encodedVideo.feed.timeBase ?? encodedVideo.encoder.settings.timeBase,
                                                timeBase: videoTimeBase)
            } else {
                video = nil
            }
        } else {
            video = nil
        }
        try writeSubtitles()
    }

    /// The sample entry of a track that copies `clips`' packets: `hvc1` for
    /// HEVC whose decoder configurations hold a VPS, an SPS and a PPS and whose
    /// packets carry none (what `hvc1` promises, and what Apple's players need:
    /// they refuse `hev1`, which libavformat keeps for a copied stream); nil,
    /// the source's own tag (`hev1` for sets in the packets), otherwise.
    private static func codecTag(copying clips: [VideoClipInfo]) -> String? {
        let complete = !clips.isEmpty && clips.allSatisfy { clip in
            let sets = NALUnit.parameterSets(inDecoderConfiguration: clip.format.decoderConfiguration, codecName: "hevc")?.units ?? []
            return clip.format.codec == "hevc" && Set(sets.map(\.hevcType)).isSuperset(of: [32, 33, 34]) && clip.bitstream.inBandParameterSets.isEmpty
        }
        return complete ? "hvc1" : nil
    }

    /// What the scan of the plan's first clip kept to describe its stream: the
    /// output's video stream is a copy of it (the clips are compatible).
    private static func streamParameters(of plan: VideoStitchPlan) throws(MediaIOError) -> StreamCopyParameters {
        let first = plan.segments[0].path
        guard let parameters = plan.clipInfos[first]?.streamParameters as? StreamCopyParameters else {
            throw .unsupported(path: first, reason: "the clip's video was not scanned")
        }
        return parameters
    }
}
