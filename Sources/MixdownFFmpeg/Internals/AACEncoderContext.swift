internal import CFFmpeg
package import MixdownTime

/// An opened AAC-LC stereo encoder (libavcodec's native `aac`, `AVCodecContext`), freed with it.
///
/// Its time base is 1/sample rate: frame and packet timestamps count samples.
package final class AACEncoderContext {
    let context: UnsafeMutablePointer<AVCodecContext>
    /// Samples per frame the encoder takes (1024); only the last frame may be shorter.
    package let frameSize: Int
    /// Priming samples the encoder puts before the audio (`initial_padding`, 1024).
    package let initialPadding: Int
    /// The AudioSpecificConfig (extradata), when opened with `globalHeader`; empty otherwise.
    package let extradata: [UInt8]
    /// The time base of frames and packets: 1/sample rate.
    package let timeBase: TimeBase

    /// Opens the encoder for planar float stereo at `sampleRate` Hz and `bitRate`
    /// bits per second; `globalHeader` puts the configuration in `extradata`
    /// rather than in every packet.
    ///
    /// - Throws: `unsupported` when libavcodec lacks the encoder or refuses the
    ///   settings; `writeFailed` out of memory.
    package init(sampleRate: Int32, bitRate: Int, globalHeader: Bool, path: String) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        guard let codec = avcodec_find_encoder_by_name("aac") else {
            throw .unsupported(path: path, reason: "libavcodec has no AAC encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw .writeFailed(path: path, reason: "out of memory") }
        context.pointee.sample_rate = sampleRate
        context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        var stereo = mx_layout_stereo()
        av_channel_layout_copy(&context.pointee.ch_layout, &stereo)
        context.pointee.bit_rate = Int64(bitRate)
        context.pointee.profile = FF_PROFILE_AAC_LOW
        context.pointee.time_base = AVRational(num: 1, den: sampleRate)
        if globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        let status = avcodec_open2(context, codec, nil)
        guard status >= 0, let timeBase = TimeBase(context.pointee.time_base) else {
            var owned: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&owned)
            throw .unsupported(path: path, reason: "cannot open the AAC encoder at \(sampleRate) Hz, \(bitRate) b/s: "
                + (status < 0 ? FFmpegStatus(status).message : "no time base"))
        }
        self.context = context
        self.timeBase = timeBase
        frameSize = Int(context.pointee.frame_size)
        initialPadding = Int(context.pointee.initial_padding)
        extradata = context.pointee.extradata.map {
            Array(UnsafeBufferPointer(start: $0, count: Int(context.pointee.extradata_size)))
        } ?? []
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Gives `frame` buffers for `frameSize` samples in the encoder's format,
    /// rate and layout (`av_frame_get_buffer`).
    package func allocateBuffers(of frame: Frame) -> FFmpegStatus {
        let f = frame.pointer
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.sample_rate = context.pointee.sample_rate
        av_channel_layout_copy(&f.pointee.ch_layout, &context.pointee.ch_layout)
        f.pointee.nb_samples = Int32(frameSize)
        return FFmpegStatus(av_frame_get_buffer(f, 0))
    }

    /// Hands `frame` (pts in samples) to the encoder, or with nil starts draining it
    /// (`avcodec_send_frame`).
    package func send(_ frame: Frame?) -> FFmpegStatus {
        FFmpegStatus(avcodec_send_frame(context, frame?.pointer))
    }

    /// The next encoded packet into `packet` (`avcodec_receive_packet`): success,
    /// `again` when it needs input, `endOfFile` when drained.
    package func receive(_ packet: Packet) -> FFmpegStatus {
        FFmpegStatus(avcodec_receive_packet(context, packet.pointer))
    }
}
