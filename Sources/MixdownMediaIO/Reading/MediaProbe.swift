internal import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownSystem
internal import MixdownTime

/// Reads what a media file holds: container, streams, timing, keyframes.
///
/// A full probe reads every packet to count keyframes and measure their
/// spacing, and decodes the played audio stream to count its samples exactly,
/// so it takes time proportional to the file. A quick probe reads the headers,
/// the first packets and the played audio's first frame only. The played audio
/// stream (`MediaInfo.audioStreamIndex`) is described on the axis an
/// `AudioDecoder` plays it on: `StreamInfo.firstSample` and
/// `StreamInfo.sampleCount` are what a decode delivers.
public enum MediaProbe {
    /// How much of the file to read.
    public enum Depth: Sendable {
        /// Every packet, and the played audio decoded in full: keyframes, packet
        /// counts, exact sample counts everywhere.
        case full
        /// The headers, and the played audio decoded in full (other streams'
        /// packets are not read): exact sample counts everywhere, no keyframes.
        case audio
        /// Headers, first packets and the played audio's first frame: exact
        /// sample counts only where the container states them; truncation judged
        /// from the index against the file size.
        case quick
    }

    /// Probes the file at `path`.
    ///
    /// - Throws: `missingInput` or `unreadableMedia` when the file cannot be
    ///   opened as media; `unsupported` for audio FFmpeg opens but cannot decode;
    ///   `decodeFailed` when reading its packets fails.
    public static func probe(path: String, depth: Depth = .full) throws(MediaIOError) -> MediaInfo {
        try MediaFile(path: path, analysingVideo: depth == .full).probe(depth)
    }

    /// Probes `input`, which stands at its start with no stream discarded.
    static func probe(_ input: Demuxer, snapshot: FileSnapshot, depth: Depth) throws(MediaIOError) -> MediaInfo {
        let path = input.path
        let duration = input.duration
        let bitRate = input.bitRate
        let facts = (0..<input.streamCount).map { input.facts(ofStream: $0) }
        var streams = facts.indices.map { describe(facts[$0], index: $0) }
        // The played audio first: a stream FFmpeg cannot decode is refused before
        // anything else is read.
        let played = input.bestStream(.audio)
        var extent: (first: Int64, end: Int64?, layout: AudioLayout)?
        if let played {
            let measured = try measurePlayedAudio(input, stream: played, decoding: depth != .quick)
            extent = measured
            // The render's decoders of this file then skip FFmpeg's stream analysis.
            AudioFacts.remember(AudioFacts(layout: measured.layout, channels: streams[played].channels ?? 0), for: path, snapshot: snapshot, format: input.format)
            for i in streams.indices where depth == .full || streams[i].kind == .audio { input.undiscard(stream: i) }
            try input.rewind()
        }
        var firstPackets: [Int: [UInt8]] = [:]
        switch depth {
        case .full: try scanPackets(input, into: &streams, firstVideoPackets: &firstPackets)
        case .audio, .quick: try readHeaders(input, into: &streams)
        }
        for i in streams.indices {
            if let video = facts[i].video, !input.isAttachedPicture(stream: i) {
                streams[i].colour = VideoColourDescription(video, codec: facts[i].codecName, firstPacket: firstPackets[i])
            }
        }
        estimateAudioLengths(input, into: &streams)
        if let played, let extent { describePlayedAudio(input, extent: extent, into: &streams[played]) }
        return MediaInfo(
            path: path,
            container: input.formatName,
            duration: duration.map { Double($0) / Double(1_000_000) },
            bitRate: bitRate > 0 ? bitRate : nil,
            streams: streams,
            audioStreamIndex: played)
    }

    private static func describe(_ facts: StreamFacts, index: Int) -> StreamInfo {
        let tb = facts.timing.timeBase
        func seconds(_ ticks: Int64?) -> Double? {
            guard let ticks, let tb else { return nil }
            return Double(ticks) * Double(tb.numerator) / Double(tb.denominator)
        }
        var info = StreamInfo(
            index: index, kind: StreamInfo.Kind(facts.kind),
            codec: facts.codecName,
            profile: facts.profileName,
            timeBase: tb,
            startTime: seconds(facts.timing.startTime),
            duration: seconds(facts.timing.duration),
            bitRate: facts.bitRate > 0 ? facts.bitRate : nil,
            packetCount: 0,
            indexedPacketCount: facts.frameCount > 0 ? Int(facts.frameCount) : nil)
        if let audio = facts.audio {
            info.sampleRate = Int(audio.sampleRate)
            info.channels = audio.channels
            info.channelLayout = audio.layoutName
            info.encoderDelay = 0
        }
        if let video = facts.video {
            info.width = video.width
            info.height = video.height
            info.pixelFormat = video.pixelFormat
            info.frameRate = video.averageFrameRate
            info.rotation = video.rotation
        }
        return info
    }
}

extension StreamInfo.Kind {
    /// The kind of a stream of FFmpeg's media type `type`.
    init(_ type: MediaType) {
        switch type {
        case .audio: self = .audio
        case .video: self = .video
        case .subtitle: self = .subtitle
        case .data: self = .data
        case .other: self = .other
        }
    }
}
