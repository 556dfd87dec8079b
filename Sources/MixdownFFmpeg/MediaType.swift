/// What a stream carries, as FFmpeg's media type (`AVMediaType`) says.
package enum MediaType: Equatable, Sendable {
    /// Sound.
    case audio
    /// Pictures (cover art included).
    case video
    /// Subtitles and captions.
    case subtitle
    /// Timed metadata.
    case data
    /// Anything FFmpeg does not classify.
    case other
}
