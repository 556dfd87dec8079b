import CFFmpeg

/// FFmpeg's own message for an error code, for inclusion in a `MediaIOError` reason.
func ffmpegMessage(_ code: Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
        String(cString: mx_strerror(code, buffer.baseAddress!, 256))
    }
}

/// Keeps FFmpeg's console chatter (encoder statistics, demuxer warnings) off the
/// user's terminal: every failure reaches the user as a `MediaIOError` instead.
enum FFmpegLog {
    static let silenced: Void = { av_log_set_level(AV_LOG_QUIET) }()
}
