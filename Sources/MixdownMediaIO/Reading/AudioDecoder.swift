internal import MixdownTime

/// Decodes one audio stream of any file FFmpeg reads to stereo float at a chosen rate.
///
/// Output sample 0 is the container's start (0 when that is negative: Opus
/// pre-skip). Encoder delay (AAC priming, MP3 delay) is removed through the
/// container's edit list and skip-samples, and a stream that starts later is
/// preceded by silence, so positions stay in sync with the container's other
/// streams. Where each later frame goes and where the audio ends follow one rule,
/// the one `MediaProbe` counts by (see `AudioPlacement`), so a decode delivers
/// exactly the probe's `endSample`. Channels: mono goes to both sides at unity
/// gain, 5.1 folds down with the ITU coefficients (see `ChannelMatrix`), any
/// other layout uses libswresample's rematrix. Not thread-safe: use one decoder
/// per thread.
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

    let source: AudioFrameSource
    let layout: AudioLayout
    var placement: AudioPlacement
    /// One tick per source sample (1/`sourceSampleRate`), for seek targets.
    let sourceTimeBase: TimeBase
    var resampler: Resampler
    let fifo: AudioFIFO
    /// Output index of the next sample `read` returns.
    public internal(set) var position: Int64 = 0
    /// Output index of the first sample in the FIFO.
    var fifoStart: Int64 = 0
    /// Whether the resampler has been started on the output grid.
    var anchored = false
    var drained = false
    /// After a seek: whether decoding restarted mid-stream (the output grid is re-derived).
    var seeked = false
    /// Axis index (source samples) before which decoded frames are not resampled: a seek by decoding.
    var resampleFrom: Int64 = 0
    /// Output index past the last real sample once the decoder has ended: the
    /// placed length scaled to the output rate and rounded, which trims the
    /// resampler's flush.
    var decodedEnd: Int64?

    /// Opens `path` and prepares to decode its best audio stream (or `streamIndex`).
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` when it has no audio stream (or `streamIndex` is not one);
    ///   `unsupported` for a codec or sample format that cannot be decoded.
    public init(path: String, sampleRate: Int32 = 48_000, streamIndex: Int? = nil) throws(MediaIOError) {
        self.path = path
        self.sampleRate = sampleRate
        let input = try Demuxer.open(path: path, audioOnly: true)
        guard let index = streamIndex ?? input.bestStream(.audio),
              index >= 0, index < input.streamCount,
              input.kind(ofStream: index) == .audio
        else { throw .noStream(path: path, kind: "audio") }
        self.streamIndex = index
        input.discardAll(except: [index])
        layout = try AudioLayout(input: input, stream: index)
        placement = layout.placement
        source = try AudioFrameSource(input: input, streamIndex: index)
        sourceSampleRate = source.codec.sampleRate
        sourceChannels = source.codec.channels
        guard sourceSampleRate > 0, sourceChannels > 0, let sourceTimeBase = try? TimeBase(sampleRate: sourceSampleRate) else {
            throw .unsupported(path: path, reason: "audio stream has no sample rate or channels")
        }
        self.sourceTimeBase = sourceTimeBase
        resampler = try Resampler(decoder: source.codec, outputRate: sampleRate, path: path)
        guard let fifo = AudioFIFO(capacity: 8192) else { throw .decodeFailed(path: path, reason: "out of memory") }
        self.fifo = fifo
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
