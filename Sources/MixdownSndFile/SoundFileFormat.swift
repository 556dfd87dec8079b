package import MixdownUnits

/// What a `SoundFile` writes: container, rate, channels, sample format.
package struct SoundFileFormat {
    /// A WAV header, or headerless samples (a stretch of another file's data chunk).
    package enum Container {
        /// RIFF WAVE with its header: at most 4 GiB, its sizes are 32-bit.
        case wav
        /// RF64 (EBU Tech 3306), the WAV of 64-bit sizes that broadcast tools read.
        ///
        /// Not libsndfile's `SFC_RF64_AUTO_DOWNGRADE`, which turns a small RF64 into
        /// RIFF on close: for PCM it rewrites the header at the first write with
        /// 8 bytes more, which moves the data of parts placed before that.
        case rf64
        /// Bare little-endian samples, as in a WAV data chunk.
        case rawLittleEndian
    }

    package var container: Container
    /// Hz.
    package var sampleRate: Int32
    /// Channel count.
    package var channels: Int32
    /// 16-bit, 24-bit integer or 32-bit float samples.
    package var sampleFormat: WAVSampleFormat

    /// A format of `container`, `sampleRate` Hz, `channels` channels and `sampleFormat` samples.
    package init(container: Container, sampleRate: Int32, channels: Int32, sampleFormat: WAVSampleFormat) {
        self.container = container
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
    }
}
