internal import CFFmpeg
package import MixdownDSP

/// A libavfilter graph over planar float stereo at one rate: `abuffer`, a chain
/// of filters given as FFmpeg's filter text, `abuffersink`; owned and freed with it.
///
/// Audio goes in through ``push(_:)`` and comes out through ``pull(into:)``;
/// ``finish()`` ends the input so the filters give up what they hold. Input is
/// handed to the graph in frames of ``frameSize`` samples whatever sizes the
/// caller pushes (only the last may be shorter), and the graph is run after
/// each one, so the output, and the moment a ``send(command:argument:to:)``
/// takes effect, depend only on the samples pushed and the order of calls,
/// never on the chunking. The graph runs on the calling thread (one thread,
/// no slice threading). Not thread-safe: one per thread.
package final class AudioFilterGraph {
    /// Samples per channel of each frame handed to the graph.
    package static let frameSize = 1024

    /// The graph's rate, in Hz.
    package let sampleRate: Int32
    /// libavfilter, opened on the first graph.
    private let av: MXAVFilterFunctions
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    /// Samples pushed but not yet a whole frame for the graph.
    private let pending: AudioFIFO
    /// What the sink gave and ``pull(into:)`` has not taken yet.
    private let output: AudioFIFO
    private let frame = Frame()
    /// Samples handed to the graph so far: the next frame's pts, in 1/rate ticks.
    private var fed: Int64 = 0
    private var finished = false
    /// What the error messages call the graph: its chain.
    private let name: String

    /// Builds `abuffer → chain → abuffersink` for planar float stereo at `sampleRate` Hz.
    ///
    /// - Parameter chain: filters as FFmpeg's filter text, `highpass=f=80,afftdn=nr=12`;
    ///   an instance named `@name` (`afftdn@denoise`) can take commands. `anull` passes audio through.
    /// - Throws: `unsupported` with FFmpeg's reason when the text does not parse,
    ///   names a filter this FFmpeg lacks, or the graph cannot be configured, or
    ///   libavfilter cannot be opened.
    package init(chain: String, sampleRate: Int32) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        self.sampleRate = sampleRate
        name = "filter graph \(chain)"
        let av = try LibAVFilter.functions(for: name)
        self.av = av
        guard let pending = AudioFIFO(capacity: Self.frameSize), let output = AudioFIFO(capacity: 4 * Self.frameSize),
              let graph = av.graph_alloc() else {
            throw .unsupported(path: name, reason: "out of memory")
        }
        self.pending = pending
        self.output = output
        self.graph = graph
        graph.pointee.nb_threads = 1
        let arguments = "sample_rate=\(sampleRate):sample_fmt=fltp:channel_layout=stereo:time_base=1/\(sampleRate)"
        var source: UnsafeMutablePointer<AVFilterContext>?
        var sink: UnsafeMutablePointer<AVFilterContext>?
        var status = FFmpegLog.capturing {
            av.graph_create_filter(&source, av.get_by_name("abuffer"), "in", arguments, nil, graph)
        }
        if status.isSuccess {
            status = FFmpegLog.capturing { av.graph_create_filter(&sink, av.get_by_name("abuffersink"), "out", nil, nil, graph) }
        }
        guard status.isSuccess, let source, let sink else {
            av.graph_free(&self.graph)
            throw .unsupported(path: name, reason: "cannot create the graph's ends: \(status.message)")
        }
        self.source = source
        self.sink = sink
        do throws(FFmpegError) {
            try constrainSink()
            try link(chain)
        } catch {
            av.graph_free(&self.graph)
            throw error
        }
    }

    deinit {
        av.graph_free(&graph)
    }

    /// Has the sink ask for planar float stereo at the graph's rate, so the chain
    /// converts back to it whatever its filters work in (double precision, say).
    private func constrainSink() throws(FFmpegError) {
        var format = AV_SAMPLE_FMT_FLTP.rawValue
        var rate = sampleRate
        var status = withUnsafeBytes(of: &format) { bytes in
            FFmpegStatus(av_opt_set_bin(sink, "sample_fmts", bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                        Int32(bytes.count), Int32(AV_OPT_SEARCH_CHILDREN)))
        }
        if status.isSuccess {
            status = withUnsafeBytes(of: &rate) { bytes in
                FFmpegStatus(av_opt_set_bin(sink, "sample_rates", bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            Int32(bytes.count), Int32(AV_OPT_SEARCH_CHILDREN)))
            }
        }
        if status.isSuccess {
            status = FFmpegStatus(av_opt_set(sink, "ch_layouts", "stereo", Int32(AV_OPT_SEARCH_CHILDREN)))
        }
        guard status.isSuccess else { throw .unsupported(path: name, reason: "cannot set the sink's format: \(status.message)") }
    }

    /// Parses `chain` between the source and the sink and configures the graph.
    private func link(_ chain: String) throws(FFmpegError) {
        // The chain's open ends, as avfilter_graph_parse_ptr takes them: its input
        // is the source's output ("in"), its output the sink's input ("out").
        var outputs = av.inout_alloc()
        var inputs = av.inout_alloc()
        guard let chainInput = outputs, let chainOutput = inputs else {
            av.inout_free(&outputs)
            av.inout_free(&inputs)
            throw .unsupported(path: name, reason: "out of memory")
        }
        chainInput.pointee.name = av_strdup("in")
        chainInput.pointee.filter_ctx = source
        chainInput.pointee.pad_idx = 0
        chainInput.pointee.next = nil
        chainOutput.pointee.name = av_strdup("out")
        chainOutput.pointee.filter_ctx = sink
        chainOutput.pointee.pad_idx = 0
        chainOutput.pointee.next = nil
        // The parser consumes both lists and hands back what it left open.
        var status = FFmpegLog.capturing { av.graph_parse_ptr(graph, chain, &inputs, &outputs, nil) }
        av.inout_free(&outputs)
        av.inout_free(&inputs)
        if status.isSuccess { status = FFmpegLog.capturing { av.graph_config(graph, nil) } }
        guard status.isSuccess else { throw .unsupported(path: name, reason: status.message) }
    }

    /// Appends the frames of `audio` (stereo, read during the call only) to the input.
    ///
    /// - Throws: `unsupported` after ``finish()``; `decodeFailed` with FFmpeg's reason when a filter fails.
    package func push(_ audio: AudioSlice) throws(FFmpegError) {
        guard !finished else { throw .unsupported(path: name, reason: "audio pushed after the end of the input") }
        var offset = 0
        while offset < audio.count {
            let taken = min(audio.count - offset, Self.frameSize - pending.count)
            guard pending.write(audio.slice(offset..<offset + taken)) == taken else {
                throw .decodeFailed(path: name, reason: "out of memory")
            }
            offset += taken
            if pending.count == Self.frameSize { try feed(Self.frameSize) }
        }
    }

    /// Ends the input: what is pending goes to the graph, then the end of the
    /// stream, and the filters' held samples come out. Idempotent.
    ///
    /// - Throws: `decodeFailed` with FFmpeg's reason when a filter fails.
    package func finish() throws(FFmpegError) {
        guard !finished else { return }
        if pending.count > 0 { try feed(pending.count) }
        finished = true
        let status = FFmpegLog.capturing { av.buffersrc_add_frame_flags(source, nil, 0) }
        guard status.isSuccess else { throw .decodeFailed(path: name, reason: status.message) }
        try drain()
    }

    /// Moves up to `destination.count` output frames into `destination` (stereo); returns how many.
    /// Fewer than asked means the graph has no more for now (or, after ``finish()``, at all).
    package func pull(into destination: MutableAudioSlice) -> Int {
        output.read(into: destination)
    }

    /// Drops up to `count` output frames from the front; returns how many.
    package func discard(_ count: Int) -> Int {
        let dropped = min(count, output.count)
        output.drain(dropped)
        return dropped
    }

    /// Output frames ready to be pulled.
    package var available: Int { output.count }

    /// Sends `command` with `argument` to the filter instance named `target`
    /// (`afftdn@denoise`, or a filter's name for every instance of it), as
    /// `avfilter_graph_send_command` does: it applies to the audio the graph
    /// has not yet processed, which is everything pushed after the last whole frame.
    ///
    /// - Throws: `unsupported` with FFmpeg's reason when no filter takes it.
    package func send(command: String, argument: String, to target: String) throws(FFmpegError) {
        let status = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { response in
            FFmpegLog.capturing { av.graph_send_command(graph, target, command, argument, response.baseAddress, 256, 0) }
        }
        guard status.isSuccess else {
            throw .unsupported(path: name, reason: "\(target) refused \(command) \(argument): \(status.message)")
        }
    }

    /// Hands the first `count` pending samples to the graph as one frame and runs it.
    private func feed(_ count: Int) throws(FFmpegError) {
        frame.unref()
        let raw = frame.pointer
        raw.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        raw.pointee.sample_rate = sampleRate
        raw.pointee.nb_samples = Int32(count)
        raw.pointee.pts = fed
        var stereo = mx_layout_stereo()
        var status = FFmpegStatus(av_channel_layout_copy(&raw.pointee.ch_layout, &stereo))
        if status.isSuccess { status = FFmpegStatus(av_frame_get_buffer(raw, 0)) }
        guard status.isSuccess, pending.read(into: frame, count: count) == count else {
            throw .decodeFailed(path: name, reason: "cannot make a frame: \(status.message)")
        }
        fed += Int64(count)
        // The source takes the frame's reference and leaves it blank.
        status = FFmpegLog.capturing { av.buffersrc_add_frame_flags(source, raw, 0) }
        guard status.isSuccess else { throw .decodeFailed(path: name, reason: status.message) }
        try drain()
    }

    /// Takes every frame the sink gives now into `output`.
    private func drain() throws(FFmpegError) {
        while true {
            frame.unref()
            let status = FFmpegLog.capturing { av.buffersink_get_frame(sink, frame.pointer) }
            if status == .again || status == .endOfFile { return }
            guard status.isSuccess else { throw .decodeFailed(path: name, reason: status.message) }
            let count = frame.sampleCount
            guard let left = frame.planarFloat(channel: 0), let right = frame.planarFloat(channel: 1) else {
                throw .decodeFailed(path: name, reason: "the chain gave audio that is not planar float stereo")
            }
            let written = output.write(left: left, right: right, count: count)
            guard written == count else { throw .decodeFailed(path: name, reason: "out of memory") }
        }
    }
}
