internal import CFFmpeg

/// What a libav* call returned: success (zero or a count) or an `AVERROR` code.
///
/// The wrappers in Internals hand it back where the caller decides what a code
/// means (the decode and encode loops, seeks); elsewhere they throw a
/// `MediaIOError` with `message` themselves.
struct FFmpegStatus: Equatable {
    /// The C return value: `>= 0` for success, a negative `AVERROR` otherwise.
    let rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Whether the call succeeded.
    var isSuccess: Bool { rawValue >= 0 }

    /// `AVERROR(EAGAIN)`: the other side of a codec (send or receive) must run first.
    static var again: FFmpegStatus { FFmpegStatus(MX_AVERROR_EAGAIN) }
    /// `AVERROR_EOF`: the end of the input, or a codec fully drained.
    static var endOfFile: FFmpegStatus { FFmpegStatus(MX_AVERROR_EOF) }
    /// `AVERROR_INVALIDDATA`: damaged data (a decoder skips the packet).
    static var invalidData: FFmpegStatus { FFmpegStatus(MX_AVERROR_INVALIDDATA) }

    /// FFmpeg's own message for the code, for inclusion in a `MediaIOError` reason.
    var message: String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            String(cString: mx_strerror(rawValue, buffer.baseAddress!, 256))
        }
    }
}

/// Keeps FFmpeg's console chatter (encoder statistics, demuxer warnings) off the
/// user's terminal: every failure reaches the user as a `MediaIOError` instead.
enum FFmpegLog {
    /// Evaluate (`_ = FFmpegLog.silenced`) before the first FFmpeg call of an object.
    static let silenced: Void = { av_log_set_level(AV_LOG_QUIET) }()
}
