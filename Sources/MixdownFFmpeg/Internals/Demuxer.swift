internal import CFFmpeg
internal import MixdownTime

/// An opened input container (`AVFormatContext`) that frees itself.
///
/// `init(path:)` reads the header only; `Demuxer.open(path:audioOnly:)` (in
/// MixdownMediaIO's Reading) is the one place inputs are opened, with Mixdown's
/// settings for each container, and runs `findStreamInfo()`. Stream facts come out as Swift values
/// (`Demuxer+Streams`); timestamps are plain integers of ticks of each stream's
/// time base; container-level times are in `TimeBase.microseconds`.
package final class Demuxer {
    /// The path as opened, named in errors.
    package let path: String
    /// FFmpeg's short name of the container, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `wav`.
    package let formatName: String
    let context: UnsafeMutablePointer<AVFormatContext>
    /// Each stream's start and duration (ticks) as the header states them, before
    /// `findStreamInfo()` fills in what it leaves unknown from the other streams
    /// or the file (a fragmented MP4's video gets the whole file's duration).
    package let headerTimings: [(start: Int64?, duration: Int64?)]

    /// Opens `path` and reads its header (`avformat_open_input`), with the
    /// demuxer's `options` (FFmpeg's names and values, as `-pattern_type none`
    /// takes them; those the chosen demuxer does not have are ignored).
    ///
    /// - Throws: `missingInput` when the file does not exist or cannot be opened
    ///   (no such file, permission, a folder); `unreadableMedia` otherwise.
    package init(path: String, options: [String: String] = [:]) throws(FFmpegError) {
        _ = FFmpegLog.silenced
        self.path = path
        var ctx: UnsafeMutablePointer<AVFormatContext>?
        var dictionary: OpaquePointer?
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        defer { av_dict_free(&dictionary) }
        let status = FFmpegLog.capturing { avformat_open_input(&ctx, path, nil, &dictionary) }
        guard status.isSuccess, let ctx else {
            if [ENOENT, EACCES, EISDIR].contains(where: { status.rawValue == mx_averror($0) }) {
                throw .missingInput(path: path, reason: status.message)
            }
            throw .unreadableMedia(path: path, reason: status.message)
        }
        context = ctx
        formatName = String(cString: ctx.pointee.iformat.pointee.name)
        headerTimings = (0..<Int(ctx.pointee.nb_streams)).map { i in
            let stream = ctx.pointee.streams[i]!.pointee
            return (stream.start_time == MX_NOPTS_VALUE ? nil : stream.start_time,
                    stream.duration == MX_NOPTS_VALUE || stream.duration <= 0 ? nil : stream.duration)
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&owned)
    }

    /// Reads packets (decoding some) until every stream is described
    /// (`avformat_find_stream_info`).
    ///
    /// - Throws: `unreadableMedia`.
    package func findStreamInfo() throws(FFmpegError) {
        let found = FFmpegLog.capturing { avformat_find_stream_info(context, nil) }
        if !found.isSuccess { throw .unreadableMedia(path: path, reason: found.message) }
    }

    /// Bytes `findStreamInfo()` and the probing of the first packets may read
    /// (`probesize`).
    package var probeSize: Int64 {
        get { context.pointee.probesize }
        set { context.pointee.probesize = newValue }
    }

    /// Makes every read of the file one `read(2)` after a real seek, bypassing the
    /// I/O buffer (`AVIOContext.direct`); does nothing for inputs without one.
    package func readDirectly() {
        context.pointee.pb?.pointee.direct = 1
    }

    /// The size of the file in bytes, when the input is a file that knows it.
    package var fileSize: Int64? {
        context.pointee.pb.map { avio_size($0) }
    }

    /// The container's start time in microseconds, or nil when it does not say.
    package var startTime: Int64? {
        let start = context.pointee.start_time
        return start == MX_NOPTS_VALUE ? nil : start
    }

    /// The container's duration in microseconds, or nil when it does not say.
    package var duration: Int64? {
        let duration = context.pointee.duration
        return duration == MX_NOPTS_VALUE ? nil : duration
    }

    /// The overall bit rate in bits per second; 0 or less when unknown.
    package var bitRate: Int64 { context.pointee.bit_rate }

    /// Reads the next packet of any stream not discarded into `packet`; false at
    /// the end of the file. Unref the packet before the next read.
    ///
    /// - Throws: `decodeFailed` with FFmpeg's message.
    package func read(into packet: Packet) throws(FFmpegError) -> Bool {
        let status = av_read_frame(context, packet.pointer)
        if status == MX_AVERROR_EOF { return false }
        if status < 0 { throw .decodeFailed(path: path, reason: FFmpegStatus(status).message) }
        return true
    }

    /// Seeks stream `stream` to `timestamp` (its ticks, as the demuxer indexes
    /// them), to the keyframe at or before it with `backward` (`av_seek_frame`).
    package func seek(stream: Int, to timestamp: Int64, backward: Bool) -> FFmpegStatus {
        FFmpegStatus(av_seek_frame(context, Int32(stream), timestamp, backward ? AVSEEK_FLAG_BACKWARD : 0))
    }

    /// Seeks to byte `offset` of the file (`AVSEEK_FLAG_BYTE`): the demuxer reads
    /// on from there, its parser finding the next frame.
    package func seek(toByte offset: Int64) -> FFmpegStatus {
        FFmpegStatus(av_seek_frame(context, -1, offset, AVSEEK_FLAG_BYTE))
    }

    /// Seeks to a timestamp in microseconds between `minimum` and `maximum`, as
    /// near `target` as the container can (`avformat_seek_file` on no stream in particular).
    package func seek(minimum: Int64, target: Int64, maximum: Int64) -> FFmpegStatus {
        FFmpegStatus(avformat_seek_file(context, -1, minimum, target, maximum, 0))
    }
}
