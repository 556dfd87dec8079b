internal import CFFmpeg
package import MixdownTime

/// An output container (`AVFormatContext` with a muxer) that frees itself: the
/// one place outputs are opened. Released before `finish()`, it closes the file
/// without a trailer.
///
/// Add the streams (`Muxer+Streams`), `open` (the header), `write` packets, `finish`.
package final class Muxer {
    /// The path named in error messages (the final one, not the temporary file).
    package let path: String
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Prepares FFmpeg's muxer `muxerName` (`mp4`, `mov`, `ipod`) to write to `url`.
    ///
    /// - Throws: `cannotCreateOutput` when libavformat lacks the muxer.
    package init(muxerName: String, url: String, path: String) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        self.path = path
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&ctx, nil, muxerName, url)
        guard status >= 0, let ctx else {
            throw .cannotCreateOutput(path: path, reason: "no \(muxerName) muxer: \(FFmpegStatus(status).message)")
        }
        context = ctx
    }

    deinit {
        if context.pointee.pb != nil { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether encoders must put their configuration in the stream header.
    package var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Opens the file and writes the header; `movflags` as for ffmpeg's `-movflags`.
    ///
    /// Stream time bases may change here (the muxer picks its own): read them after.
    /// With `videoTimeScale`, the video tracks and the movie count in it, so
    /// that a video track's edit list ends exactly at its latest pts + duration
    /// (in the default 1/1000 s it is rounded up, and a frame stored past the end
    /// to be hidden could fall inside it).
    package func open(movflags: String?, videoTimeScale: Int32? = nil) throws(FFmpegError) {
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            let status = avio_open(&context.pointee.pb, context.pointee.url, AVIO_FLAG_WRITE)
            guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        }
        var options: OpaquePointer?
        if let movflags { av_dict_set(&options, "movflags", movflags, 0) }
        if let videoTimeScale {
            av_dict_set_int(&options, "video_track_timescale", Int64(videoTimeScale), 0)
            av_dict_set_int(&options, "movie_timescale", Int64(videoTimeScale), 0)
        }
        defer { av_dict_free(&options) }
        let status = FFmpegLog.capturing { avformat_write_header(context, &options) }
        guard status.isSuccess else { throw .cannotCreateOutput(path: path, reason: "header: \(status.message)") }
    }

    /// The time base of output stream `index`, as the muxer chose it in `open`.
    package func timeBase(ofStream index: Int) -> TimeBase? {
        TimeBase(context.pointee.streams[index]!.pointee.time_base)
    }

    /// Hands `packet` (timestamps in the stream's time base) to the interleaving
    /// muxer as a packet of stream `stream`; the muxer takes its data, leaving it empty.
    ///
    /// - Throws: `writeFailed`.
    package func write(_ packet: Packet, stream: Int) throws(FFmpegError) {
        packet.pointer.pointee.stream_index = Int32(stream)
        packet.pointer.pointee.pos = -1
        let status = FFmpegLog.capturing { av_interleaved_write_frame(context, packet.pointer) }
        guard status.isSuccess else { throw .writeFailed(path: path, reason: status.message) }
    }

    /// Flushes the interleaving queue, writes the trailer (and the faststart pass), closes the file.
    ///
    /// - Throws: `writeFailed`.
    package func finish() throws(FFmpegError) {
        let status = FFmpegLog.capturing { av_write_trailer(context) }
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "trailer: \(status.message)") }
        if context.pointee.pb != nil {
            let closed = avio_closep(&context.pointee.pb)
            guard closed >= 0 else { throw .writeFailed(path: path, reason: FFmpegStatus(closed).message) }
        }
    }
}
