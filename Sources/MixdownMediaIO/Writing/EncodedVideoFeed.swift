public import MixdownTime

/// Video packets encoded elsewhere (a composed picture's frames through a
/// `VideoEncoder`), pulled by a `MovieWriter` as its audio advances.
///
/// Packets come in decoding order with times in ticks of the encoder's time
/// base, as `VideoEncoder` hands them out, or of the feed's own `timeBase`
/// (Annex B; the muxer converts them to the container's form). The writer asks
/// for the next packet only when it needs it, so a feed that encodes on demand
/// keeps memory flat.
public protocol EncodedVideoFeed: AnyObject {
    /// The next packet in decoding order, or nil when the video has ended.
    func nextPacket() throws(MediaIOError) -> EncodedVideoPacket?

    /// The ticks of the packets' times when they are not the encoder's: finer
    /// ones, for a feed that cuts a frame short of the encoder's frame length
    /// (the last one, where the video ends between two frames); nil for the
    /// encoder's `settings.timeBase`.
    var timeBase: TimeBase? { get }
}

extension EncodedVideoFeed {
    /// The encoder's ticks.
    public var timeBase: TimeBase? { nil }
}
