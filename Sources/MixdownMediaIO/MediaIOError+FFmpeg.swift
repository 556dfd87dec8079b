internal import MixdownFFmpeg

extension MediaIOError {
    /// What users see of an FFmpeg wrapper's failure: the case of the same name,
    /// with its path and reason as they are.
    init(_ error: FFmpegError) {
        switch error {
        case let .missingInput(path, reason): self = .missingInput(path: path, reason: reason)
        case let .unreadableMedia(path, reason): self = .unreadableMedia(path: path, reason: reason)
        case let .unsupported(path, reason): self = .unsupported(path: path, reason: reason)
        case let .decodeFailed(path, reason): self = .decodeFailed(path: path, reason: reason)
        case let .cannotCreateOutput(path, reason): self = .cannotCreateOutput(path: path, reason: reason)
        case let .writeFailed(path, reason): self = .writeFailed(path: path, reason: reason)
        }
    }
}

/// `call`, a call into MixdownFFmpeg's wrappers (`try ffmpeg(Demuxer(path: path))`),
/// its error turned into a `MediaIOError`: where the module's boundary maps them.
func ffmpeg<T>(_ call: @autoclosure () throws(FFmpegError) -> T) throws(MediaIOError) -> T {
    do {
        return try call()
    } catch {
        throw MediaIOError(error)
    }
}
