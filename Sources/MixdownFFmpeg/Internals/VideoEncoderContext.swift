internal import CFFmpeg
package import MixdownTime

/// An opened video encoder (`AVCodecContext`), freed with it: libx264, libx265, or
/// libavcodec's PNG encoder for stills.
///
/// Options go to `avcodec_open2` as a dictionary, so one the encoder does not
/// know is reported rather than ignored (the keys inside `x264-params` and
/// `x265-params` are the encoder library's own: libavcodec only logs a warning
/// for a bad one).
package final class VideoEncoderContext {
    let context: UnsafeMutablePointer<AVCodecContext>
    /// The codec configuration the encoder put out with `globalHeader` (for
    /// libx264 and libx265, the parameter sets in Annex B form); empty otherwise.
    package let extradata: [UInt8]

    /// The encoder's picture, timing and stream description.
    package struct Layout {
        package var width: Int
        package var height: Int
        /// FFmpeg's pixel format name (`yuv420p`, `rgb24`).
        package var pixelFormat: String
        package var timeBase: TimeBase
        package var frameRate: FrameRate?
        package var colour: ColourNames = (nil, nil, nil, nil, nil)
        /// The pixel shape, `width:height`.
        package var sampleAspectRatio: (width: Int32, height: Int32) = (1, 1)
        /// Threads the encoder may use; 0 lets it choose.
        package var threads: Int = 0
        /// Puts the codec configuration in `extradata` rather than in the stream.
        package var globalHeader: Bool = false

        /// A layout of the given picture, timing and stream description.
        package init(width: Int, height: Int, pixelFormat: String, timeBase: TimeBase, frameRate: FrameRate?,
                     colour: ColourNames = (nil, nil, nil, nil, nil), sampleAspectRatio: (width: Int32, height: Int32) = (1, 1),
                     threads: Int = 0, globalHeader: Bool = false) {
            self.width = width
            self.height = height
            self.pixelFormat = pixelFormat
            self.timeBase = timeBase
            self.frameRate = frameRate
            self.colour = colour
            self.sampleAspectRatio = sampleAspectRatio
            self.threads = threads
            self.globalHeader = globalHeader
        }
    }

    /// Opens the encoder libavcodec calls `name` with `layout` and the private
    /// `options` (`preset`, `crf`, `x264-params`…).
    ///
    /// - Throws: `unsupported` when libavcodec lacks the encoder, an option is
    ///   unknown, or the encoder refuses the settings (with its reason);
    ///   `writeFailed` out of memory.
    package init(encoder name: String, layout: Layout, options: [(String, String)], path: String) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw .unsupported(path: path, reason: "this FFmpeg (\(Demuxer.ffmpegVersion)) has no \(name) encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else { throw .writeFailed(path: path, reason: "out of memory") }
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        let format = av_get_pix_fmt(layout.pixelFormat)
        context.pointee.width = Int32(layout.width)
        context.pointee.height = Int32(layout.height)
        context.pointee.pix_fmt = format
        context.pointee.time_base = layout.timeBase.rational
        if let rate = layout.frameRate { context.pointee.framerate = AVRational(num: rate.numerator, den: rate.denominator) }
        context.pointee.sample_aspect_ratio = AVRational(num: layout.sampleAspectRatio.width, den: layout.sampleAspectRatio.height)
        context.pointee.thread_count = Int32(clamping: layout.threads)
        if layout.globalHeader { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        do {
            try apply(layout.colour, to: context, path: path)
        } catch {
            avcodec_free_context(&owned)
            throw error
        }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        let status = format == AV_PIX_FMT_NONE ? FFmpegStatus(mx_averror(EINVAL))
            : FFmpegLog.capturing { avcodec_open2(context, codec, &dictionary) }
        let unknown = Self.keys(of: dictionary)
        guard status.isSuccess, unknown.isEmpty else {
            avcodec_free_context(&owned)
            let reason = unknown.isEmpty ? status.message : "no option \(unknown.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw .unsupported(path: path, reason: "cannot open the \(name) encoder for \(layout.width)×\(layout.height) "
                + "\(layout.pixelFormat): \(reason)")
        }
        self.context = context
        extradata = context.pointee.extradata.map {
            Array(UnsafeBufferPointer(start: $0, count: Int(context.pointee.extradata_size)))
        } ?? []
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Hands `frame` to the encoder, or with nil starts draining it (`avcodec_send_frame`).
    package func send(_ frame: Frame?) -> FFmpegStatus {
        FFmpegLog.capturing { avcodec_send_frame(context, frame?.pointer) }
    }

    /// The next encoded packet into `packet` (`avcodec_receive_packet`): success,
    /// `again` when it needs input, `endOfFile` when drained.
    package func receive(_ packet: Packet) -> FFmpegStatus {
        FFmpegStatus(avcodec_receive_packet(context, packet.pointer))
    }

    /// The keys left in a dictionary.
    private static func keys(of dictionary: OpaquePointer?) -> [String] {
        var keys: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            keys.append(String(cString: next.pointee.key))
            entry = next
        }
        return keys
    }
}
