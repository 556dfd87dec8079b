/// Why a wrapper of an FFmpeg object could not do its work, naming the file and
/// giving FFmpeg's reason (`FFmpegStatus.message`) or the wrapper's.
///
/// The wrappers choose the case, since they know what failed (a file that is not
/// there, a stream no decoder reads, a header that cannot be written).
/// MixdownMediaIO turns each into the `MediaIOError` case of the same name once,
/// at its boundary, with the path and the reason as they are: users never see
/// this type.
package enum FFmpegError: Error, Equatable {
    /// The input does not exist or cannot be opened for reading.
    case missingInput(path: String, reason: String)
    /// The input is not media FFmpeg can read, or is damaged.
    case unreadableMedia(path: String, reason: String)
    /// The media, or an encoder's settings, use something this FFmpeg cannot handle.
    case unsupported(path: String, reason: String)
    /// Decoding (or a conversion of decoded frames) failed.
    case decodeFailed(path: String, reason: String)
    /// The output cannot be created: no muxer, a file that cannot be opened, a header refused.
    case cannotCreateOutput(path: String, reason: String)
    /// Writing or encoding the output failed part-way through.
    case writeFailed(path: String, reason: String)
}
