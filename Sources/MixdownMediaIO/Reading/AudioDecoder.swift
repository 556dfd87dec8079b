internal import MixdownFFmpeg
public import MixdownDSP
internal import MixdownTime
public import MixdownUnits

/// Decodes one audio stream of any file FFmpeg reads to stereo float at a chosen
/// rate (or at the stream's own).
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
    /// The rate of the samples `read` gives, in Hz: the `SampleRate` the decoder
    /// was made with, or the stream's own (``init(sourceRateOf:streamIndex:)``),
    /// which, as a file states it, may lie outside `SampleRate.range`.
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
    /// Made when the first frame is decoded: a file opened without FFmpeg's
    /// analysis (its facts known from an earlier opening) leaves some codecs'
    /// rate and layout to the decoder (MP3, raw AAC, AC-3).
    var resampler: Resampler?
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
    /// After a seek in a `.counted` stream: the axis index (source samples) the
    /// packets before which are counted rather than decoded, set once the first
    /// frame has landed.
    var countingTarget: Int64?
    /// Output index past the last real sample once the decoder has ended: the
    /// placed length scaled to the output rate and rounded, which trims the
    /// resampler's flush.
    var decodedEnd: Int64?

    /// Opens `path` and prepares to decode its best audio stream (or `streamIndex`),
    /// resampled to `sampleRate`.
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` when it has no audio stream (or `streamIndex` is not one);
    ///   `unsupported` for a codec or sample format that cannot be decoded.
    ///
    /// The first opening of a file runs FFmpeg's stream analysis; later ones of
    /// the same version of it (in this process) read its header only and reuse
    /// what the first found (`AudioFacts`).
    public convenience init(path: String, sampleRate: SampleRate = .standard, streamIndex: Int? = nil) throws(MediaIOError) {
        let (input, facts) = try Self.open(path: path, streamIndex: streamIndex)
        try self.init(input: input, facts: facts, sampleRate: sampleRate.hertz)
    }

    /// Opens `path` and prepares to decode its best audio stream (or `streamIndex`)
    /// at the stream's own rate, whatever it is: the file's audio as it is, to
    /// measure it rather than mix it.
    ///
    /// - Throws: as ``init(path:sampleRate:streamIndex:)``.
    public convenience init(sourceRateOf path: String, streamIndex: Int? = nil) throws(MediaIOError) {
        let (input, facts) = try Self.open(path: path, streamIndex: streamIndex)
        try self.init(input: input, facts: facts, sampleRate: facts.layout.sampleRate)
    }

    /// Decodes the stream `facts` describe, from where `input` stands (its start),
    /// at `sampleRate` Hz (a session's rate, or the stream's own).
    init(input: Demuxer, facts: AudioFacts, sampleRate: Int32) throws(MediaIOError) {
        path = input.path
        self.sampleRate = sampleRate
        streamIndex = facts.layout.streamIndex
        layout = facts.layout
        placement = layout.placement
        source = try AudioFrameSource(input: input, streamIndex: streamIndex)
        sourceSampleRate = layout.sampleRate
        sourceChannels = facts.channels
        guard sourceChannels > 0, let sourceTimeBase = try? TimeBase(sampleRate: sourceSampleRate) else {
            throw .unsupported(path: path, reason: "audio stream has no sample rate or channels")
        }
        self.sourceTimeBase = sourceTimeBase
        guard let fifo = AudioFIFO(capacity: 8192) else { throw .decodeFailed(path: path, reason: "out of memory") }
        self.fifo = fifo
    }

    /// The rate (Hz) and channel count of `path`'s best audio stream, before
    /// any resampling or fold-down to stereo: what a decoder of it would give as
    /// ``sourceSampleRate`` and ``sourceChannels``.
    static func sourceFormat(of path: String) throws(MediaIOError) -> (sampleRate: Int32, channels: Int) {
        let facts = try open(path: path, streamIndex: nil).1
        return (facts.layout.sampleRate, facts.channels)
    }

    /// Opens `path` for its best audio stream (or `streamIndex`): with the facts
    /// an earlier opening found, or analysed, remembering what it finds.
    private static func open(path: String, streamIndex: Int?) throws(MediaIOError) -> (Demuxer, AudioFacts) {
        let snapshot = try Demuxer.snapshot(of: path)
        if let facts = AudioFacts.remembered(for: path, snapshot: snapshot),
           streamIndex == nil || streamIndex == facts.layout.streamIndex,
           let input = try? Demuxer.open(path: path, audioOnly: true, analysing: false),
           facts.layout.streamIndex < input.streamCount, input.kind(ofStream: facts.layout.streamIndex) == .audio {
            input.discardAll(except: [facts.layout.streamIndex])
            return (input, facts)
        }
        let input = try Demuxer.open(path: path, audioOnly: true)
        guard let index = streamIndex ?? input.bestStream(.audio),
              index >= 0, index < input.streamCount,
              input.kind(ofStream: index) == .audio
        else { throw .noStream(path: path, kind: "audio") }
        input.discardAll(except: [index])
        let facts = AudioFacts(layout: try AudioLayout(input: input, stream: index),
                               channels: input.facts(ofStream: index).audio?.channels ?? 0)
        if streamIndex == nil || streamIndex == input.bestStream(.audio) { AudioFacts.remember(facts, for: path, snapshot: snapshot, format: input.format) }
        return (input, facts)
    }

    /// Reads the next frames into `destination` (stereo), from its first frame;
    /// returns how many.
    ///
    /// It fills `destination` but at the end of the stream, where it reads what
    /// is left; 0 means the end. For a stream read block by block, see
    /// ``forEachBlock(frames:blockSize:isCancelled:_:)``.
    public func read(into destination: MutableAudioSlice) throws(MediaIOError) -> Int {
        try fill(upTo: position + Int64(destination.count))
        let available = Int(min(readable, Int64(destination.count)))
        guard available > 0 else { return 0 }
        let got = fifo.read(into: destination.slice(0..<available))
        position += Int64(got)
        fifoStart = position
        return got
    }
}
