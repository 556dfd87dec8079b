public import MixdownBitstream

/// One encoded picture (an access unit) as `VideoEncoder` hands it out.
public struct EncodedVideoPacket: Sendable, Equatable {
    /// The access unit in Annex B form (start codes), as libx264 and libx265 give it.
    public var bytes: [UInt8]
    /// Presentation time in ticks of the encoder's time base: the `pts` the
    /// picture was given with.
    public var presentationTime: Int64
    /// Decoding time in the same ticks: at most `presentationTime`, earlier by the
    /// encoder's reorder delay with B-frames (the first packets' are negative).
    public var decodingTime: Int64
    /// Ticks the picture is shown: the duration it was given with.
    public var duration: Int64
    /// Whether the encoder marks the picture as a random access point.
    public var isKeyframe: Bool
    /// Whether the picture is an IDR (H.264 NAL type 5; HEVC types 19 and 20):
    /// the only kind of picture at which new parameter sets take effect.
    public var isIDR: Bool

    /// A packet from its parts.
    public init(bytes: [UInt8], presentationTime: Int64, decodingTime: Int64, duration: Int64, isKeyframe: Bool, isIDR: Bool) {
        self.bytes = bytes
        self.presentationTime = presentationTime
        self.decodingTime = decodingTime
        self.duration = duration
        self.isKeyframe = isKeyframe
        self.isIDR = isIDR
    }

    /// The packet's NAL units.
    public var nalUnits: [NALUnit] { NALUnit.units(inAnnexB: bytes) }
}
