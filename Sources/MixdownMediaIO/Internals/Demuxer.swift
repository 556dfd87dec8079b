import CFFmpeg

/// An opened container (demuxer) that frees itself; the one place inputs are opened.
final class InputFile {
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens `path` and reads enough of it to know its streams.
    ///
    /// `audioOnly` leaves the video streams out of that analysis for MP4/MOV, whose
    /// headers already give every stream's timing: FFmpeg would otherwise decode
    /// video frames just to describe them (time and memory an audio reader never needs).
    init(path: String, audioOnly: Bool = false) throws(MediaIOError) {
        _ = FFmpegLog.silenced
        self.path = path
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_open_input(&ctx, path, nil, nil)
        guard status >= 0, let ctx else {
            if status == mx_averror(ENOENT) || status == mx_averror(EACCES) || status == mx_averror(EISDIR) {
                throw .missingInput(path: path, reason: ffmpegMessage(status))
            }
            throw .unreadableMedia(path: path, reason: ffmpegMessage(status))
        }
        context = ctx
        let format = String(cString: ctx.pointee.iformat.pointee.name)
        if format == "wav" {
            // FFmpeg re-probes 16-bit PCM in WAV for hidden MP3/DTS by running every
            // demuxer's probe over up to 32 packets (128 KB), which cost more than the
            // rest of opening a voice-over take. The first packet is still probed.
            ctx.pointee.probesize = 32
        }
        if audioOnly, format.hasPrefix("mov") {
            var hasVideo = false
            for i in 0..<Int(ctx.pointee.nb_streams) where ctx.pointee.streams[i]!.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
                ctx.pointee.streams[i]!.pointee.discard = AVDISCARD_ALL
                hasVideo = true
            }
            if hasVideo, let pb = ctx.pointee.pb {
                // The demuxer seeks to each audio sample, and buffered avio reads through
                // the video frames in between (a seek shorter than its 32 KB buffer plus
                // read-ahead threshold becomes a read): the whole file for its audio.
                // Direct mode makes each packet one read(2) after a real seek. Set once
                // the header is parsed, where buffered small reads still pay.
                pb.pointee.direct = 1
            }
        }
        let found = avformat_find_stream_info(ctx, nil)
        if found < 0 {
            var owned: UnsafeMutablePointer<AVFormatContext>? = ctx
            avformat_close_input(&owned)
            throw .unreadableMedia(path: path, reason: ffmpegMessage(found))
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// The stream FFmpeg would pick for `type`, or nil.
    func bestStream(_ type: AVMediaType) -> Int? {
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        return index >= 0 ? Int(index) : nil
    }

    /// Makes the demuxer skip every stream but `keep`, so it does not hand us their packets.
    func discardAll(except keep: Set<Int>) {
        for i in 0..<streamCount where !keep.contains(i) {
            stream(i).pointee.discard = AVDISCARD_ALL
        }
    }

    /// Reads the next packet into `packet`; false at end of file.
    func read(into packet: UnsafeMutablePointer<AVPacket>) throws(MediaIOError) -> Bool {
        let status = av_read_frame(context, packet)
        if status == MX_AVERROR_EOF { return false }
        if status < 0 { throw .decodeFailed(path: path, reason: ffmpegMessage(status)) }
        return true
    }
}
