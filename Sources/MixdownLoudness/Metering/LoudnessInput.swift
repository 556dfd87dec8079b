import MixdownMediaIO

/// Something that measures float audio fed block by block, in programme order:
/// ``LoudnessMeter``, ``LoudnessAnalyzer``, ``LoudnessStretch``.
///
/// Blocks may have any size and may change layout between calls (planar or
/// interleaved); what is measured does not depend on either.
public protocol LoudnessInput: AnyObject {
    /// Channels per frame.
    var channels: Int { get }

    /// Feeds the next `frames` (``LoudnessFrames/channels`` must be ``channels``).
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 runs out of memory.
    func add(_ frames: LoudnessFrames) throws(MediaIOError)
}

extension LoudnessInput {
    /// Feeds the next `count` frames, the first `count` samples of each of `planes` (one per channel).
    public func add(planes: UnsafeBufferPointer<UnsafePointer<Float>>, count: Int) throws(MediaIOError) {
        try add(LoudnessFrames(planes: planes, count: count))
    }

    /// Feeds the next frames, interleaved: ``channels`` samples per frame, a whole number of frames.
    public func add(interleaved: UnsafeBufferPointer<Float>) throws(MediaIOError) {
        try add(LoudnessFrames(interleaved: interleaved, channels: channels))
    }

    /// Feeds the next `count` frames of a two-channel input, one pointer per channel.
    public func add(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        try withUnsafeTemporaryAllocation(of: UnsafePointer<Float>.self, capacity: 2) { planes throws(MediaIOError) in
            planes[0] = left
            planes[1] = right
            try add(planes: UnsafeBufferPointer(planes), count: count)
        }
    }

    /// Feeds the next `count` frames of a one-channel input.
    public func add(mono: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        try add(interleaved: UnsafeBufferPointer(start: mono, count: count))
    }
}
