internal import MixdownTime

/// Decodes one audio stream of any file FFmpeg reads to stereo float at a chosen rate.
///
/// Output sample 0 is source time 0: encoder delay (AAC priming, MP3 delay) is
/// removed through the container's edit list and skip-samples, and a stream that
/// starts later than 0 is preceded by silence, so positions stay in sync with the
/// container's other streams. Channels: mono goes to both sides at unity gain,
/// 5.1 folds down with the ITU coefficients (see `ChannelMatrix`), any other layout
/// uses libswresample's rematrix. Not thread-safe: use one decoder per thread.
public final class AudioDecoder {
    /// The input path, as given.
    public let path: String
    /// Output sample rate in Hz.
    public let sampleRate: Int32
    /// The source stream's own sample rate, in Hz.
    public let sourceSampleRate: Int32
    /// The source stream's own channel count (before the fold-down to stereo).
    public let sourceChannels: Int
    /// Index of the decoded stream in its container.
    public let streamIndex: Int

    let input: Demuxer
    /// The decoded stream's time base: packet and frame timestamps are its ticks.
    let timeBase: TimeBase
    /// One tick per source sample (1/`sourceSampleRate`), for seek targets.
    let sourceTimeBase: TimeBase
    var codec: DecoderContext
    var resampler: Resampler
    let fifo: AudioFIFO
    let packet = Packet()
    let frame = Frame()
    /// Output index of the next sample `read` returns.
    public internal(set) var position: Int64 = 0
    /// Output index of the first sample in the FIFO.
    var fifoStart: Int64 = 0
    /// Where the next resampled sample lands, once the stream has been anchored.
    var anchored = false
    var drained = false
    /// After a seek: whether decoding restarted mid-stream (the output grid is re-derived).
    var seeked = false
    /// Input-rate sample index before which packets are dropped undecoded (seeking by demuxing).
    var skipPacketsBefore: Int64 = 0
    /// Output index past the last real sample, from the container's duration when it is exact.
    let knownEnd: Int64?
    /// Input-rate index (from output sample 0) just past the last decoded sample fed to the resampler.
    var inputEnd: Int64 = 0
    /// Output index past the last real sample once the decoder has ended: the decoded
    /// length scaled to the output rate and rounded, which trims the resampler's flush.
    var decodedEnd: Int64?
    /// Stream ticks of output sample 0: the container's start time, which is where
    /// FFmpeg puts the first real sample (MP3 reports its encoder delay this way).
    let origin: Int64

    /// Opens `path` and prepares to decode its best audio stream (or `streamIndex`).
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` when it has no audio stream (or `streamIndex` is not one);
    ///   `unsupported` for a codec or sample format that cannot be decoded.
    public init(path: String, sampleRate: Int32 = 48_000, streamIndex: Int? = nil) throws(MediaIOError) {
        self.path = path
        self.sampleRate = sampleRate
        input = try Demuxer.open(path: path, audioOnly: true)
        guard let index = streamIndex ?? input.bestStream(.audio),
              index >= 0, index < input.streamCount,
              input.kind(ofStream: index) == .audio
        else { throw .noStream(path: path, kind: "audio") }
        self.streamIndex = index
        input.discardAll(except: [index])
        codec = try DecoderContext(input: input, stream: index, path: path)
        sourceSampleRate = codec.sampleRate
        sourceChannels = codec.channels
        guard sourceSampleRate > 0, sourceChannels > 0, let sourceTimeBase = try? TimeBase(sampleRate: sourceSampleRate) else {
            throw .unsupported(path: path, reason: "audio stream has no sample rate or channels")
        }
        self.sourceTimeBase = sourceTimeBase
        let timing = input.timing(ofStream: index)
        guard let timeBase = timing.timeBase else {
            throw .unsupported(path: path, reason: "audio stream has no time base")
        }
        self.timeBase = timeBase
        resampler = try Resampler(decoder: codec, outputRate: sampleRate, path: path)
        guard let fifo = AudioFIFO(capacity: 8192) else { throw .decodeFailed(path: path, reason: "out of memory") }
        self.fifo = fifo
        origin = input.startTime.map { rescale($0, from: .microseconds, to: timeBase) } ?? 0
        knownEnd = Self.exactEnd(format: input.format, timing: timing, origin: origin, rate: sampleRate)
    }

    /// Only MP4/MOV durations come from an exact sample table and edit list; other
    /// containers estimate theirs, so they are not used to cut the decoder's tail.
    static func exactEnd(format: ContainerFormat, timing: StreamTiming, origin: Int64, rate: Int32) -> Int64? {
        guard format.hasExactStreamDurations, let duration = timing.duration else { return nil }
        let start = timing.startTime ?? 0
        return timing.samples(ticks: start + duration - origin, rate: rate)
    }

    /// Reads up to `count` frames into the two channel buffers; returns how many.
    ///
    /// Fewer than `count` only at the end of the stream; 0 means the end.
    public func read(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) throws(MediaIOError) -> Int {
        try fill(upTo: position + Int64(count))
        let available = Int(min(readable, Int64(count)))
        guard available > 0 else { return 0 }
        let got = fifo.read(left: left, right: right, count: available)
        position += Int64(got)
        fifoStart = position
        return got
    }
}
