internal import MixdownTime

/// Reads what a media file holds: container, streams, timing, keyframes.
///
/// A full probe reads every packet (none is decoded) to count keyframes, measure
/// their spacing and count audio samples exactly, so it takes time proportional to
/// the file. A quick probe reads the headers and the first packets only.
public enum MediaProbe {
    /// How much of the file to read.
    public enum Depth: Sendable {
        /// Every packet: keyframes, packet counts, exact sample counts everywhere.
        case full
        /// Headers and first packets: exact sample counts only where the container
        /// states them; truncation judged from the index against the file size.
        case quick
    }

    /// Probes the file at `path`.
    ///
    /// - Throws: `missingInput` or `unreadableMedia` when the file cannot be
    ///   opened as media; `decodeFailed` when reading its packets fails.
    public static func probe(path: String, depth: Depth = .full) throws(MediaIOError) -> MediaInfo {
        let input = try Demuxer.open(path: path, audioOnly: depth == .quick)
        let duration = input.duration
        let bitRate = input.bitRate
        var streams = (0..<input.streamCount).map { describe(input.facts(ofStream: $0), index: $0) }
        switch depth {
        case .full: try scanPackets(input, into: &streams)
        case .quick: try readHeaders(input, into: &streams)
        }
        return MediaInfo(
            path: path,
            container: input.formatName,
            duration: duration.map { Double($0) / Double(1_000_000) },
            bitRate: bitRate > 0 ? bitRate : nil,
            streams: streams)
    }

    private static func describe(_ facts: StreamFacts, index: Int) -> StreamInfo {
        let tb = facts.timing.timeBase
        func seconds(_ ticks: Int64?) -> Double? {
            guard let ticks, let tb else { return nil }
            return Double(ticks) * Double(tb.numerator) / Double(tb.denominator)
        }
        var info = StreamInfo(
            index: index, kind: facts.kind,
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
