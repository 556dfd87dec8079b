/// One AAC access unit as the encoder hands it out.
public struct EncodedAudioPacket: Sendable, Equatable {
    /// The raw AAC frame (no ADTS header); the decoder configuration is separate
    /// (`AACEncoder.codecConfiguration`).
    public var bytes: [UInt8]
    /// Presentation time in samples (time base 1/sample rate). The first packet is
    /// at `-encoderDelay`: its samples are priming a player must skip.
    public var presentationTime: Int64
    /// Samples the packet stands for (1024, less for the last).
    public var duration: Int64

    /// A packet of `bytes` at `presentationTime` lasting `duration` samples.
    public init(bytes: [UInt8], presentationTime: Int64, duration: Int64) {
        self.bytes = bytes
        self.presentationTime = presentationTime
        self.duration = duration
    }
}
