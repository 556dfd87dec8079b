internal import MixdownFFmpeg

/// Decoded frames of one audio stream, one at a time, each told whether it is
/// the last: the demux-and-decode loop that `AudioDecoder` plays and
/// `MediaProbe` counts.
///
/// A packet the decoder rejects as damaged is skipped, as players do; a packet
/// the demuxer cannot read ends the stream. A stream that gives no frame at all
/// is refused: FFmpeg opened a decoder for it but
/// cannot decode it (FFmpeg 5.1 and 32-bit FLAC).
final class AudioFrameSource {
    let input: Demuxer
    let streamIndex: Int
    private(set) var codec: DecoderContext
    private let packet = Packet()
    /// The frame handed out last, and the one decoded ahead of it.
    private var current = Frame()
    private var ahead = Frame()
    private var aheadReady = false
    private var started = false
    private var endOfInput = false
    /// Whether decoding started at the stream's first packet (not after a seek).
    private var fromStart = true
    /// Frames decoded since the last restart.
    private(set) var frameCount = 0
    /// Packets of the stream read since the last restart.
    private(set) var packetCount = 0
    /// Packets ending before this many ticks are dropped undecoded (a seek by demuxing).
    var skipPacketsEndingBefore: Int64?
    /// A seek by counting: once the decoder has given its first frame, packets
    /// whose samples the decoder's header check tells (MPEG audio) are counted
    /// instead of decoded while `samplesSoFar` stays within this many; nil
    /// decodes every packet. The first packet that cannot be counted ends it.
    var countingLimit: Int64?
    /// Samples of the frames decoded plus the packets counted since the restart.
    private(set) var samplesSoFar: Int64 = 0
    /// Samples counted undecoded just before the frame `next` handed out last.
    private(set) var countedBeforeCurrent: Int64 = 0
    /// Samples counted undecoded after the last frame: the stream ended while counting.
    var countedAtEnd: Int64 { aheadReady ? 0 : pendingCount }
    private var countedBeforeAhead: Int64 = 0
    /// Whether a packet was counted since the restart (the decoder is flushed before the next one).
    private var countedAny = false
    /// Samples counted since the last frame decoded.
    private var pendingCount: Int64 = 0

    /// Decodes stream `streamIndex` of `input` from where the demuxer stands: a
    /// fresh one stands at its start.
    init(input: Demuxer, streamIndex: Int) throws(MediaIOError) {
        self.input = input
        self.streamIndex = streamIndex
        codec = try ffmpeg(DecoderContext(input: input, stream: streamIndex, path: input.path))
    }

    var path: String { input.path }

    /// The next frame and whether it is the stream's last; nil past the last.
    ///
    /// The frame is valid until the next call.
    func next() throws(MediaIOError) -> (frame: Frame, isLast: Bool)? {
        if !started {
            started = true
            aheadReady = try decode(into: ahead)
        }
        guard aheadReady else { return nil }
        swap(&current, &ahead)
        countedBeforeCurrent = countedBeforeAhead
        aheadReady = try decode(into: ahead)
        return (current, !aheadReady)
    }

    /// Starts over from the stream's first packet with a fresh decoder (after
    /// `avcodec_flush_buffers` the AAC decoder keeps its noise generator's state,
    /// so a decode from the start would differ from the first one).
    func restart() throws(MediaIOError) {
        try rewind()
        fromStart = true
    }

    /// Seeks the demuxer to the keyframe at or before `ticks` with a fresh decoder;
    /// false when the container cannot (the caller then demuxes from the start).
    func restart(at ticks: Int64) throws(MediaIOError) -> Bool {
        try rewind()
        guard input.seek(stream: streamIndex, to: ticks, backward: true).isSuccess else {
            try rewind()
            return false
        }
        fromStart = false
        return true
    }

    /// Seeks the demuxer to byte `offset` of the file with a fresh decoder (a
    /// look at a raw stream's last frames); false when the container cannot.
    func restart(atByte offset: Int64) throws(MediaIOError) -> Bool {
        try rewind()
        guard input.seek(toByte: offset).isSuccess else {
            try rewind()
            return false
        }
        fromStart = false
        return true
    }

    private func rewind() throws(MediaIOError) {
        try input.rewind()
        codec = try ffmpeg(DecoderContext(input: input, stream: streamIndex, path: path))
        current.unref()
        ahead.unref()
        aheadReady = false
        started = false
        endOfInput = false
        frameCount = 0
        packetCount = 0
        skipPacketsEndingBefore = nil
        countingLimit = nil
        samplesSoFar = 0
        countedBeforeCurrent = 0
        countedBeforeAhead = 0
        pendingCount = 0
        countedAny = false
    }

    /// Decodes the next frame into `frame`; false at the end of the stream.
    private func decode(into frame: Frame) throws(MediaIOError) -> Bool {
        while true {
            let status = codec.receive(frame)
            if status.isSuccess {
                frameCount += 1
                samplesSoFar += Int64(frame.sampleCount)
                countedBeforeAhead = pendingCount
                pendingCount = 0
                return true
            }
            if status == .endOfFile {
                if frameCount == 0, fromStart, skipPacketsEndingBefore == nil, !isEmpty { throw undecodable() }
                return false
            }
            // Damaged data (reported here by decoders that decode as packets arrive) is
            // skipped like a rejected packet.
            if status == .invalidData { continue }
            guard status == .again else { throw .decodeFailed(path: path, reason: status.message) }
            try sendNextPacket()
        }
    }

    private func sendNextPacket() throws(MediaIOError) {
        guard !endOfInput else {
            codec.sendEndOfStream()
            return
        }
        while true {
            // A read error ends the stream where the file stops making sense (a file
            // cut short while it is read): what was decoded plays, and a render that
            // planned more reports where it ended.
            guard (try? input.read(into: packet)) == true else {
                endOfInput = true
                codec.sendEndOfStream()
                return
            }
            defer { packet.unref() }
            guard packet.streamIndex == streamIndex else { continue }
            packetCount += 1
            if let pts = packet.pts, let skip = skipPacketsEndingBefore, pts + max(0, packet.duration) < skip { continue }
            if counted(packet) { continue }
            let status = codec.send(packet)
            // A damaged packet is skipped, as players do; the decoder resynchronises.
            if !status.isSuccess && status != .invalidData && status != .again {
                throw .decodeFailed(path: path, reason: status.message)
            }
            return
        }
    }

    /// Whether `packet` was counted rather than decoded (see `countingLimit`).
    /// Decoding resumes with the decoder flushed, as a fresh decoder starting
    /// at that packet would: the frames counted are not there to draw on (an
    /// MP3's bit reservoir), which the pre-roll covers.
    private func counted(_ packet: Packet) -> Bool {
        guard let limit = countingLimit, frameCount > 0 else { return false }
        if let samples = codec.mpegAudioFrameLength(of: packet), samplesSoFar + Int64(samples) <= limit {
            samplesSoFar += Int64(samples)
            pendingCount += Int64(samples)
            countedAny = true
            return true
        }
        countingLimit = nil
        if countedAny { codec.flush() }
        return false
    }

    /// Whether the stream holds nothing to decode: no packet, and no duration stated.
    private var isEmpty: Bool {
        packetCount == 0 && (input.timing(ofStream: streamIndex).duration ?? 0) <= 0
    }

    /// Why a stream that FFmpeg opened gives no sound: it cannot decode it.
    private func undecodable() -> MediaIOError {
        let facts = input.facts(ofStream: streamIndex)
        let bits = input.bitsPerSample(ofStream: streamIndex).map { " with \($0)-bit samples" } ?? ""
        let read = packetCount == 0 ? "no packet of it can be read" : "every packet of it is rejected"
        return .unsupported(path: path, reason: "\(facts.codecName) audio\(bits) in \(input.format.displayName) cannot be decoded by this FFmpeg (\(Demuxer.ffmpegVersion)): \(read)")
    }
}
