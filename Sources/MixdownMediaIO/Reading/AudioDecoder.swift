import CFFmpeg

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
    /// The source stream's own sample rate and channel count.
    public let sourceSampleRate: Int32
    public let sourceChannels: Int
    /// Index of the decoded stream in its container.
    public let streamIndex: Int

    let input: InputFile
    let stream: UnsafeMutablePointer<AVStream>
    var codec: UnsafeMutablePointer<AVCodecContext>
    var resampler: Resampler
    let fifo: OpaquePointer
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
    public init(path: String, sampleRate: Int32 = 48_000, streamIndex: Int? = nil) throws(MediaIOError) {
        self.path = path
        self.sampleRate = sampleRate
        input = try InputFile(path: path, audioOnly: true)
        guard let index = streamIndex ?? input.bestStream(AVMEDIA_TYPE_AUDIO),
              index >= 0, index < input.streamCount,
              input.stream(index).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        else { throw .noStream(path: path, kind: "audio") }
        self.streamIndex = index
        stream = input.stream(index)
        input.discardAll(except: [index])
        codec = try Self.openCodec(stream, path: path)
        sourceSampleRate = codec.pointee.sample_rate
        sourceChannels = Int(codec.pointee.ch_layout.nb_channels)
        guard sourceSampleRate > 0, sourceChannels > 0 else {
            var c: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&c)
            throw .unsupported(path: path, reason: "audio stream has no sample rate or channels")
        }
        do {
            resampler = try Resampler(codec: codec, outputRate: sampleRate, path: path)
        } catch {
            var c: UnsafeMutablePointer<AVCodecContext>? = codec
            avcodec_free_context(&c)
            throw error
        }
        fifo = av_audio_fifo_alloc(AV_SAMPLE_FMT_FLTP, 2, 8192)
        let start = input.context.pointee.start_time
        origin = start == MX_NOPTS_VALUE ? 0 : av_rescale_q(start, mx_time_base_q(), stream.pointee.time_base)
        knownEnd = Self.exactEnd(input: input, stream: stream, origin: origin, rate: sampleRate)
    }

    deinit {
        av_audio_fifo_free(fifo)
        var c: UnsafeMutablePointer<AVCodecContext>? = codec
        avcodec_free_context(&c)
    }

    static func openCodec(_ stream: UnsafeMutablePointer<AVStream>, path: String) throws(MediaIOError) -> UnsafeMutablePointer<AVCodecContext> {
        let par = stream.pointee.codecpar!
        guard let decoder = avcodec_find_decoder(par.pointee.codec_id) else {
            throw .unsupported(path: path, reason: "no decoder for codec \(String(cString: avcodec_get_name(par.pointee.codec_id)))")
        }
        guard let context = avcodec_alloc_context3(decoder) else {
            throw .decodeFailed(path: path, reason: "out of memory")
        }
        var status = avcodec_parameters_to_context(context, par)
        if status >= 0 {
            context.pointee.pkt_timebase = stream.pointee.time_base
            status = avcodec_open2(context, decoder, nil)
        }
        if status < 0 {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&c)
            throw .unreadableMedia(path: path, reason: ffmpegMessage(status))
        }
        if context.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let n = context.pointee.ch_layout.nb_channels
            av_channel_layout_uninit(&context.pointee.ch_layout)
            av_channel_layout_default(&context.pointee.ch_layout, n)
        }
        return context
    }

    /// Only MP4/MOV durations come from an exact sample table and edit list; other
    /// containers estimate theirs, so they are not used to cut the decoder's tail.
    static func exactEnd(input: InputFile, stream: UnsafeMutablePointer<AVStream>, origin: Int64, rate: Int32) -> Int64? {
        let name = String(cString: input.context.pointee.iformat.pointee.name)
        guard name.hasPrefix("mov"), stream.pointee.duration != MX_NOPTS_VALUE else { return nil }
        let start = stream.pointee.start_time == MX_NOPTS_VALUE ? 0 : stream.pointee.start_time
        return stream.pointee.time_base.samples(ticks: start + stream.pointee.duration - origin, rate: rate)
    }

    /// Reads up to `count` frames into the two channel buffers; returns how many.
    ///
    /// Fewer than `count` only at the end of the stream; 0 means the end.
    public func read(left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>, count: Int) throws(MediaIOError) -> Int {
        try fill(upTo: position + Int64(count))
        let available = Int(min(readable, Int64(count)))
        guard available > 0 else { return 0 }
        var planes: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(left), UnsafeMutableRawPointer(right)]
        let got = planes.withUnsafeMutableBufferPointer { av_audio_fifo_read(fifo, $0.baseAddress, Int32(available)) }
        position += Int64(got)
        fifoStart = position
        return Int(got)
    }
}
