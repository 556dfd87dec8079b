internal import MixdownUnits

/// What a `SoundFile` writes: container, rate, channels, sample format.
struct SoundFileFormat {
    /// A WAV header, or headerless samples (a stretch of another file's data chunk).
    enum Container {
        /// RIFF WAVE with its header.
        case wav
        /// Bare little-endian samples, as in a WAV data chunk.
        case rawLittleEndian
    }

    var container: Container
    /// Hz.
    var sampleRate: Int32
    /// Channel count.
    var channels: Int32
    /// 16-bit, 24-bit integer or 32-bit float samples.
    var sampleFormat: WAVSampleFormat
}
