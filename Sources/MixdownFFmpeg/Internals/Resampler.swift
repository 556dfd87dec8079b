internal import CFFmpeg
package import MixdownDSP
internal import MixdownTime

/// libswresample set up to turn decoded frames into stereo float planar at the
/// output rate, with Mixdown's channel conventions (see `ChannelMatrix`).
package final class Resampler {
    private let context: OpaquePointer
    /// The decoded audio's rate, in Hz.
    package let inputRate: Int32
    /// The output rate, in Hz.
    package let outputRate: Int32
    /// Output staging planes handed to `swr_convert`; grown, never shrunk.
    private var staging = AudioBuffer(capacity: 4096)
    /// Input samples fed since the start (or the last `reset`), silence included.
    private var fed: Int64 = 0

    /// The input's sample format and channel count, to tell a frame that differs.
    private let inputFormat: Int32
    private let inputChannels: Int32

    /// Sets up the conversion of frames like `frame` (its rate, format and channel
    /// layout) to stereo float planar at `outputRate` Hz.
    ///
    /// - Throws: `unsupported` when libswresample cannot convert the format.
    package convenience init(frame: Frame, outputRate: Int32, path: String) throws(FFmpegError) {
        let input = frame.pointer.pointee
        try self.init(layout: input.ch_layout, format: AVSampleFormat(rawValue: input.format), rate: input.sample_rate,
                      outputRate: outputRate, path: path)
    }

    /// Sets up the conversion of stereo float planar at `inputRate` Hz (an
    /// `AudioSlice`, ``convert(_:into:)``) to the same at `outputRate` Hz.
    ///
    /// - Throws: `unsupported` when libswresample cannot convert the rates.
    package convenience init(stereoFrom inputRate: Int32, to outputRate: Int32, path: String) throws(FFmpegError) {
        try self.init(layout: mx_layout_stereo(), format: AV_SAMPLE_FMT_FLTP, rate: inputRate, outputRate: outputRate, path: path)
    }

    private init(layout: AVChannelLayout, format: AVSampleFormat, rate: Int32, outputRate: Int32, path: String) throws(FFmpegError) {
        var inLayout = layout
        inputRate = rate
        inputFormat = format.rawValue
        inputChannels = layout.nb_channels
        self.outputRate = outputRate
        var swr: OpaquePointer?
        var outLayout = mx_layout_stereo()
        var status = swr_alloc_set_opts2(&swr, &outLayout, AV_SAMPLE_FMT_FLTP, outputRate, &inLayout, format, inputRate, 0, nil)
        guard status >= 0, let swr else {
            throw .unsupported(path: path, reason: "cannot convert this audio format: \(FFmpegStatus(status).message)")
        }
        if let matrix = ChannelMatrix.stereoFold(for: inLayout) {
            status = matrix.coefficients.withUnsafeBufferPointer {
                swr_set_matrix(swr, $0.baseAddress, Int32(matrix.inputChannels))
            }
        }
        if status >= 0 { status = swr_init(swr) }
        if status < 0 {
            var owned: OpaquePointer? = swr
            swr_free(&owned)
            throw .unsupported(path: path, reason: "cannot convert this audio format: \(FFmpegStatus(status).message)")
        }
        context = swr
    }

    /// Whether `frame` has the rate, sample format and channel count this
    /// resampler converts (a FLAC stream may change its rate mid-way).
    package func accepts(_ frame: Frame) -> Bool {
        let input = frame.pointer.pointee
        return input.sample_rate == inputRate && input.format == inputFormat && input.ch_layout.nb_channels == inputChannels
    }

    deinit {
        var owned: OpaquePointer? = context
        swr_free(&owned)
    }

    /// Forgets all history so the next input starts a fresh stream (after a seek).
    package func reset() {
        swr_close(context)
        swr_init(context)
        fed = 0
    }

    /// Output samples that correspond to `inputSamples` input samples, by MediaTime's rule (half up).
    package func outputCount(forInput inputSamples: Int64) -> Int64 {
        // Input samples are ticks of the input rate's clock.
        (try? TimeBase(sampleRate: inputRate))?.sampleIndex(ticks: inputSamples, sampleRate: outputRate) ?? 0
    }

    /// Converts `count` samples of `frame` from sample `offset` on, appending the result to `fifo`.
    /// A nil frame flushes the resampler's delay line: every input sample then
    /// has its output, however short the stream.
    package func convert(_ frame: Frame?, offset: Int, count: Int, into fifo: AudioFIFO) {
        guard let frame = frame?.pointer else { return flush(into: fifo) }
        let format = AVSampleFormat(rawValue: frame.pointee.format)
        let bytes = Int(av_get_bytes_per_sample(format))
        let planar = av_sample_fmt_is_planar(format) != 0
        let channels = Int(frame.pointee.ch_layout.nb_channels)
        let stride = planar ? bytes : bytes * channels
        let planes = (0..<(planar ? channels : 1)).map { UnsafePointer<UInt8>?(frame.pointee.extended_data[$0]!.advanced(by: offset * stride)) }
        convert(planes: planes, count: count, into: fifo)
    }

    /// Converts `slice` (a resampler made ``init(stereoFrom:to:path:)``), appending the result to `fifo`.
    package func convert(_ slice: AudioSlice, into fifo: AudioFIFO) {
        let planes = [slice.left.baseAddress, slice.right.baseAddress].map { $0.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) } }
        convert(planes: planes, count: slice.count, into: fifo)
    }

    /// Flushes the resampler's delay line into `fifo`: every input sample then
    /// has its output, however short the stream.
    package func flush(into fifo: AudioFIFO) {
        if inputRate != outputRate, fed < 4 * filterReach {
            // libswresample's flush extends the input by a reflection of half what it
            // holds, which for a stream shorter than its filter does not reach the
            // last samples' outputs (FFmpeg's CLI gives none for a one-sample file):
            // silence after the end lets the filter reach them.
            injectSilence(Int(filterReach))
        }
        convert(planes: nil, count: 0, into: fifo)
    }

    /// `swr_convert` of `count` samples in `planes` (nil: the flush) into `fifo`.
    private func convert(planes: [UnsafePointer<UInt8>?]?, count: Int, into fifo: AudioFIFO) {
        fed += Int64(count)
        let expected = Int(swr_get_out_samples(context, Int32(count))) + 32
        reserve(expected)
        let capacity = staging.capacity
        let output = staging.mutableSlice(0..<capacity)
        var outPlanes: [UnsafeMutablePointer<UInt8>?] = [
            UnsafeMutableRawPointer(output.left.baseAddress!).assumingMemoryBound(to: UInt8.self),
            UnsafeMutableRawPointer(output.right.baseAddress!).assumingMemoryBound(to: UInt8.self),
        ]
        let produced = outPlanes.withUnsafeMutableBufferPointer { out in
            guard var planes else { return swr_convert(context, out.baseAddress, Int32(capacity), nil, 0) }
            return planes.withUnsafeMutableBufferPointer { swr_convert(context, out.baseAddress, Int32(capacity), $0.baseAddress, Int32(count)) }
        }
        guard produced > 0 else { return }
        _ = fifo.write(staging.slice(0..<Int(produced)))
    }

    /// Feeds `count` input samples of silence, so output positions stay on the grid.
    package func injectSilence(_ count: Int) {
        guard count > 0 else { return }
        swr_inject_silence(context, Int32(count))
        fed += Int64(count)
    }

    /// Input samples that cover the filter's length, with margin: libswresample's
    /// default filter spans 32 taps of the lower rate on each side (more input
    /// samples when it downsamples).
    private var filterReach: Int64 {
        64 * max(1, (Int64(inputRate) + Int64(outputRate) - 1) / Int64(outputRate))
    }

    private func reserve(_ needed: Int) {
        guard needed > staging.capacity else { return }
        staging = AudioBuffer(capacity: needed)
    }
}
