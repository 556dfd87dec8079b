public import MixdownUnits

/// What an AAC-LC stereo stream is encoded with. Encoders made with equal settings
/// produce packets that may be spliced into one stream at any 1024-sample frame
/// boundary, under the one decoder configuration (`AACEncoder.codecConfiguration`),
/// which is how a `MovieWriter` made with `init(path:video:encodedAudio:)` takes
/// packets encoded elsewhere (on other threads, in stretches).
public struct AACSettings: Sendable, Hashable {
    /// Sample rate of input and output.
    public var sampleRate: SampleRate
    /// Target bit rate, both channels together.
    public var bitRate: AudioBitRate

    /// Settings of `sampleRate` (one of AAC's rates) and `bitRate`.
    public init(sampleRate: SampleRate = .standard, bitRate: AudioBitRate = .standard) {
        self.sampleRate = sampleRate
        self.bitRate = bitRate
    }
}
