public import MixdownDSP

/// A stream of one input's audio, stereo, from its start: what a render reads
/// of each input at the session rate, either decoded (``AudioDecoder``) or read
/// back from the conform cache (`ConformedAudioReader`), which holds the
/// decoder's very samples; or that audio converted to a lower rate for
/// analysis (`DownsampledInput`).
///
/// Not thread-safe: one per thread.
public protocol AudioSampleSource: AnyObject {
    /// Output index of the next sample ``read(into:)`` returns.
    var position: Int64 { get }

    /// Positions the source so the next ``read(into:)`` returns sample `index`.
    func seek(toSample index: Int64) throws(MediaIOError)

    /// Reads the next frames into `destination` (stereo); returns how many. It
    /// fills `destination` but at the end of the stream; 0 means the end.
    func read(into destination: MutableAudioSlice) throws(MediaIOError) -> Int
}

extension AudioDecoder: AudioSampleSource {}
