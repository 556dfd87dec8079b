public import MixdownDSP
internal import MixdownFFmpeg
public import MixdownUnits

/// Decodes AAC packets an encoder handed out (`EncodedAudioPacket`s), from
/// memory: the samples a player decodes from the file the packets are written
/// to, for checking an export while its file is still being written.
///
/// Feed packets in stream order with ``decode(_:into:)``. A packet at
/// presentation time `p` decodes to the samples of timeline frames `p ..< p +
/// 1024` (the first packet, at `-encoderDelay`, to the priming), clipped to its
/// duration. AAC frames overlap: the first packet fed decodes against silence,
/// so to decode from the middle of a stream, feed the packet before the first
/// one wanted and drop its samples (bands coded as noise then decode to other
/// noise of the same energy, as after a seek in the file). Planar float stereo
/// out, at the stream's rate.
///
/// Not thread-safe: one decoder per thread.
public final class AACPacketDecoder {
    /// Frames a packet stands for (the last packet of a stream, fewer).
    public static let frameSize = 1024
    /// Samples per second per channel.
    public let sampleRate: SampleRate
    private let codec: DecoderContext
    private let packet = Packet()
    private let frame = Frame()
    /// A decoded frame's samples, copied out of FFmpeg's planes; grown, never shrunk.
    private var samples = AudioBuffer(capacity: AACPacketDecoder.frameSize)
    /// What errors name: the output being checked.
    private let path: String

    /// A decoder for packets encoded with `settings` (stereo) under `configuration`
    /// (the encoder's AudioSpecificConfig, `AACEncoder.codecConfiguration`).
    ///
    /// - Throws: `unsupported` or `decodeFailed` naming `path` when FFmpeg cannot
    ///   decode that configuration.
    public init(settings: AACSettings, configuration: [UInt8], path: String) throws(MediaIOError) {
        sampleRate = settings.sampleRate
        self.path = path
        codec = try ffmpeg(DecoderContext(aacConfiguration: configuration, sampleRate: settings.sampleRate.hertz, channels: 2, path: path))
    }

    /// Decodes `audio` and hands its samples to `body`: the frames (stereo), and
    /// the timeline frame of the first one. The view is valid only during the call.
    ///
    /// - Throws: `decodeFailed` naming the path when FFmpeg refuses the packet or
    ///   gives other than planar float stereo; what `body` throws.
    public func decode(_ audio: EncodedAudioPacket, into body: (AudioSlice, Int64) throws(MediaIOError) -> Void)
        throws(MediaIOError) {
        let status = packet.setBytes(audio.bytes)
        guard status.isSuccess else { throw .decodeFailed(path: path, reason: "AAC packet: \(status.message)") }
        packet.pts = audio.presentationTime
        packet.dts = audio.presentationTime
        packet.duration = audio.duration
        let sent = codec.send(packet)
        packet.unref()
        guard sent.isSuccess else { throw .decodeFailed(path: path, reason: "AAC packet at \(audio.presentationTime): \(sent.message)") }
        var first = audio.presentationTime
        while true {
            let received = codec.receive(frame)
            if received == .again || received == .endOfFile { return }
            guard received.isSuccess else {
                throw .decodeFailed(path: path, reason: "AAC packet at \(audio.presentationTime): \(received.message)")
            }
            defer { frame.unref() }
            guard let left = frame.planarFloat(channel: 0), let right = frame.planarFloat(channel: 1) else {
                throw .decodeFailed(path: path, reason: "the AAC decoder gave other than planar float stereo")
            }
            let count = min(frame.sampleCount, Int(audio.presentationTime + audio.duration - first))
            if count > 0 {
                if count > samples.capacity { samples = AudioBuffer(capacity: count) }
                let copy = samples.mutableSlice(0..<count)
                copy.left.baseAddress!.update(from: left, count: count)
                copy.right.baseAddress!.update(from: right, count: count)
                try body(samples.slice(0..<count), first)
            }
            first += Int64(frame.sampleCount)
        }
    }
}
