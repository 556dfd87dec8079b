import CFFmpeg

/// An output container (muxer) context that frees itself: the one place outputs are
/// opened. Released before `finish()`, it closes the file without a trailer.
final class OutputFile {
    /// The path named in error messages (the final one, not the temporary file).
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Prepares muxer `muxerName` to write to `url`.
    init(muxerName: String, url: String, path: String) throws(MediaIOError) {
        _ = FFmpegLog.silenced
        self.path = path
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&ctx, nil, muxerName, url)
        guard status >= 0, let ctx else {
            throw .cannotCreateOutput(path: path, reason: "no \(muxerName) muxer: \(ffmpegMessage(status))")
        }
        context = ctx
    }

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether encoders must put their configuration in the stream header.
    var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    func newStream() throws(MediaIOError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw .cannotCreateOutput(path: path, reason: "out of memory")
        }
        return stream
    }

    /// Opens the file and writes the header; `movflags` as for ffmpeg's `-movflags`.
    ///
    /// Stream time bases may change here (the muxer picks its own): read them after.
    func open(movflags: String?) throws(MediaIOError) {
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            let status = avio_open(&context.pointee.pb, context.pointee.url, AVIO_FLAG_WRITE)
            guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: ffmpegMessage(status)) }
        }
        var options: OpaquePointer?
        if let movflags { av_dict_set(&options, "movflags", movflags, 0) }
        defer { av_dict_free(&options) }
        let status = avformat_write_header(context, &options)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: "header: \(ffmpegMessage(status))") }
    }

    /// Hands `packet` to the interleaving muxer, which takes its reference.
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(MediaIOError) {
        packet.pointee.pos = -1
        let status = av_interleaved_write_frame(context, packet)
        guard status >= 0 else { throw .writeFailed(path: path, reason: ffmpegMessage(status)) }
    }

    /// Flushes the interleaving queue, writes the trailer (and the faststart pass), closes the file.
    func finish() throws(MediaIOError) {
        let status = av_write_trailer(context)
        guard status >= 0 else { throw .writeFailed(path: path, reason: "trailer: \(ffmpegMessage(status))") }
        if context.pointee.pb != nil {
            let closed = avio_closep(&context.pointee.pb)
            guard closed >= 0 else { throw .writeFailed(path: path, reason: ffmpegMessage(closed)) }
        }
    }
}
