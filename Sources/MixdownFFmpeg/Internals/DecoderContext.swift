internal import CFFmpeg

/// An opened decoder (`AVCodecContext`) for one audio or video stream of a `Demuxer`, freed with it.
///
/// Feed it with `send` and take frames with `receive` (libavcodec's send/receive
/// loop); the statuses that steer the loop (`again`, `endOfFile`,
/// `invalidData`) come back as `FFmpegStatus`.
package final class DecoderContext {
    let context: UnsafeMutablePointer<AVCodecContext>

    /// Opens a decoder for stream `index` of `input`, its packets' time base set
    /// to the stream's. An unspecified channel layout becomes the default one for
    /// its channel count.
    ///
    /// `threads` above 1 lets the codec decode on that many threads of its own
    /// (frame and slice threading, as the codec supports): frames still come out
    /// in order, a few packets later.
    ///
    /// - Throws: `unsupported` when libavcodec has no decoder for the codec or
    ///   says it does not implement what the stream needs (naming the codec and
    ///   profile), `unreadableMedia` when it refuses the stream otherwise,
    ///   `decodeFailed` out of memory.
    package init(input: Demuxer, stream index: Int, path: String, threads: Int = 1) throws(FFmpegError) {
        let stream = input.stream(index)
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
            context.pointee.thread_count = Int32(clamping: max(1, threads))
            status = avcodec_open2(context, decoder, nil)
        }
        if status < 0 {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&c)
            let refusal = FFmpegStatus(status)
            // A feature the decoder lacks (xHE-AAC's USAC in FFmpeg 5.1) is this
            // FFmpeg's limit, not damage: said as the codec and profile it cannot decode.
            guard refusal.isNotImplemented else { throw .unreadableMedia(path: path, reason: refusal.message) }
            let facts = input.facts(ofStream: index)
            let kind = facts.kind == .audio ? " audio" : facts.kind == .video ? " video" : ""
            let profile = facts.profileName.map { " (\($0))" } ?? ""
            throw .unsupported(path: path, reason: "\(facts.codecName)\(kind)\(profile) cannot be decoded by this FFmpeg (\(Demuxer.ffmpegVersion)): \(refusal.message)")
        }
        if context.pointee.codec_type == AVMEDIA_TYPE_AUDIO, context.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            let n = context.pointee.ch_layout.nb_channels
            av_channel_layout_uninit(&context.pointee.ch_layout)
            av_channel_layout_default(&context.pointee.ch_layout, n)
        }
        self.context = context
    }

    /// Opens FFmpeg's AAC decoder for a stream of `channels` at `sampleRate` Hz
    /// whose AudioSpecificConfig is `configuration` (an encoder's extradata), for
    /// packets in samples (time base 1/`sampleRate`).
    ///
    /// - Throws: `unsupported` without an AAC decoder, `decodeFailed` when it
    ///   refuses the configuration or is out of memory; errors name `path`.
    package init(aacConfiguration configuration: [UInt8], sampleRate: Int32, channels: Int, path: String) throws(FFmpegError) {
        guard let decoder = avcodec_find_decoder(AV_CODEC_ID_AAC) else {
            throw .unsupported(path: path, reason: "this FFmpeg has no AAC decoder")
        }
        guard let context = avcodec_alloc_context3(decoder),
              let extradata = av_mallocz(configuration.count + Int(AV_INPUT_BUFFER_PADDING_SIZE)) else {
            throw .decodeFailed(path: path, reason: "out of memory")
        }
        // The context owns (and frees) its extradata.
        extradata.copyMemory(from: configuration, byteCount: configuration.count)
        context.pointee.extradata = extradata.assumingMemoryBound(to: UInt8.self)
        context.pointee.extradata_size = Int32(configuration.count)
        context.pointee.sample_rate = sampleRate
        av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
        context.pointee.pkt_timebase = AVRational(num: 1, den: sampleRate)
        let status = avcodec_open2(context, decoder, nil)
        if status < 0 {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&c)
            throw .decodeFailed(path: path, reason: "AAC decoder: \(FFmpegStatus(status).message)")
        }
        self.context = context
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// The decoded audio's sample rate in Hz (0 when the stream does not say).
    package var sampleRate: Int32 { context.pointee.sample_rate }

    /// The decoded audio's channel count.
    package var channels: Int { Int(context.pointee.ch_layout.nb_channels) }

    /// Hands `packet` to the decoder (`avcodec_send_packet`); it keeps its own reference.
    ///
    /// A packet without data (an Ogg page's empty last packet) holds nothing to
    /// decode and is taken as sent: FFmpeg refuses one with `EINVAL` (to it only
    /// a packet without a buffer means anything, the end of the stream), which
    /// its CLI reports and decodes past.
    package func send(_ packet: Packet) -> FFmpegStatus {
        guard packet.pointer.pointee.size > 0 else { return FFmpegStatus(0) }
        return FFmpegStatus(avcodec_send_packet(context, packet.pointer))
    }

    /// Tells the decoder the input has ended, so `receive` drains its last frames.
    package func sendEndOfStream() {
        avcodec_send_packet(context, nil)
    }

    /// Drops every frame and reference the decoder holds (`avcodec_flush_buffers`),
    /// for a new start after a seek.
    package func flush() {
        avcodec_flush_buffers(context)
    }

    /// The next decoded frame into `frame` (`avcodec_receive_frame`): success,
    /// `again` when it needs a packet, `endOfFile` when drained.
    package func receive(_ frame: Frame) -> FFmpegStatus {
        FFmpegStatus(avcodec_receive_frame(context, frame.pointer))
    }
}
