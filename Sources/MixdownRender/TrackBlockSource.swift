import MixdownMediaIO
import MixdownUnits

/// Where the mix gets each track's next block from: a `TrackPrefetcher` decoding
/// ahead on a pool thread, or an `InlineTrackSource` decoding on the mix's thread.
protocol TrackBlockSource {
    /// The track's share of timeline samples `block` (the blocks come in order);
    /// call `release()` when it has been added to the bus.
    func next(_ block: Range<Int64>) throws(MediaIOError) -> TrackBlock
    func release()
    /// Ends the source early or at the end of the render.
    func stop()
}

/// Decodes a track's blocks on the calling thread, when asked for them.
final class InlineTrackSource: TrackBlockSource {
    private let track: TrackRenderer
    private let sampleRate: SampleRate
    private let slot: TrackBlock

    init(track: TrackRenderer, blockSize: Int, sampleRate: SampleRate) {
        self.track = track
        self.sampleRate = sampleRate
        slot = TrackBlock(capacity: blockSize)
    }

    func next(_ block: Range<Int64>) throws(MediaIOError) -> TrackBlock {
        try track.prepare(block, sampleRate: sampleRate, into: slot)
        return slot
    }

    func release() {}
    func stop() {}
}
