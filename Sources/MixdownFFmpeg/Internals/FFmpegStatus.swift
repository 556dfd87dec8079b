internal import CFFmpeg
#if canImport(Glibc)
internal import Glibc
#endif
internal import MixdownUnits

/// What a libav* call returned: success (zero or a count) or an `AVERROR` code.
///
/// The wrappers in Internals hand it back where the caller decides what a code
/// means (the decode and encode loops, seeks); elsewhere they throw a
/// `MediaIOError` with `message` themselves.
package struct FFmpegStatus: Equatable {
    /// The C return value: `>= 0` for success, a negative `AVERROR` otherwise.
    let rawValue: Int32
    /// The last error line FFmpeg logged during the call (`FFmpegLog.capturing`),
    /// which often says what the code does not: "vp9 only supported in MP4".
    let logged: String?

    init(_ rawValue: Int32, logged: String? = nil) {
        self.rawValue = rawValue
        self.logged = logged
    }

    /// Statuses are equal when their codes are.
    package static func == (a: FFmpegStatus, b: FFmpegStatus) -> Bool { a.rawValue == b.rawValue }

    /// Whether the call succeeded.
    package var isSuccess: Bool { rawValue >= 0 }

    /// `AVERROR(EAGAIN)`: the other side of a codec (send or receive) must run first.
    package static var again: FFmpegStatus { FFmpegStatus(MX_AVERROR_EAGAIN) }
    /// `AVERROR_EOF`: the end of the input, or a codec fully drained.
    package static var endOfFile: FFmpegStatus { FFmpegStatus(MX_AVERROR_EOF) }
    /// `AVERROR_INVALIDDATA`: damaged data (a decoder skips the packet).
    package static var invalidData: FFmpegStatus { FFmpegStatus(MX_AVERROR_INVALIDDATA) }

    /// Whether FFmpeg says it lacks what the media needs (`AVERROR(ENOSYS)`,
    /// `AVERROR_PATCHWELCOME`): a codec feature this version does not implement,
    /// not damaged data.
    package var isNotImplemented: Bool {
        rawValue == mx_averror(ENOSYS) || rawValue == MX_AVERROR_PATCHWELCOME
    }

    /// FFmpeg's own message for the code, for inclusion in a `MediaIOError` reason,
    /// followed by the line it logged when there is one: `Invalid argument (pts (640) < dts (1920) in stream 0)`.
    package var message: String {
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            String(cString: mx_strerror(rawValue, buffer.baseAddress!, 256))
        }
        return text + (logged.map { " (\(MessageText.shown($0)))" } ?? "")
    }
}

/// Keeps FFmpeg's console chatter (encoder statistics, demuxer warnings) off the
/// user's terminal: every failure reaches the user as a `MediaIOError` instead,
/// with FFmpeg's reason when it logged one (`capturing(_:)`).
enum FFmpegLog {
    /// Evaluate (`_ = FFmpegLog.silenced`) before the first FFmpeg call of an object.
    static let silenced: Void = {
        av_log_set_level(AV_LOG_ERROR)
        av_log_set_callback { _, level, format, arguments in
            if let arguments { FFmpegLog.record(level: level, format: format, arguments: arguments) }
        }
    }()

    /// Runs `call` (a libav* call returning a status) and keeps the last
    /// error-level line FFmpeg logged on this thread meanwhile, when it failed.
    ///
    /// Lines logged on FFmpeg's own threads (frame-threaded decoders) are not seen.
    static func capturing(_ call: () -> Int32) -> FFmpegStatus {
        _ = silenced
        let slot = LogSlot.current
        slot.line = ""
        slot.isCapturing = true
        let status = call()
        slot.isCapturing = false
        let line = slot.line.split(whereSeparator: \.isNewline).last.map { $0.trimmingPrefix(while: \.isWhitespace) } ?? ""
        return FFmpegStatus(status, logged: status < 0 && !line.isEmpty ? String(line) : nil)
    }

    /// The log callback: keeps error lines for a thread that is capturing, drops the rest.
    private static func record(level: Int32, format: UnsafePointer<CChar>?, arguments: CVaListPointer) {
        guard level <= AV_LOG_ERROR, let format, let slot = LogSlot.existing, slot.isCapturing else { return }
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer in
            _ = vsnprintf(buffer.baseAddress!, 1024, format, arguments)
            return String(cString: buffer.baseAddress!)
        }
        // A line may come in several calls; a finished one is replaced by the next.
        slot.line = slot.line.hasSuffix("\n") || slot.line.isEmpty ? text : slot.line + text
    }
}

/// The log line being captured on one thread, in thread-specific storage.
private final class LogSlot {
    var isCapturing = false
    var line = ""

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<LogSlot>.fromOpaque(slot).release() }
        }
        return key
    }()

    /// This thread's slot, if it has one.
    static var existing: LogSlot? {
        pthread_getspecific(key).map { Unmanaged<LogSlot>.fromOpaque($0).takeUnretainedValue() }
    }

    /// This thread's slot, made on first use.
    static var current: LogSlot {
        if let slot = existing { return slot }
        let slot = LogSlot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }
}
