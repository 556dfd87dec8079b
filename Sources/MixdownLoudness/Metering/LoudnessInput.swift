import MixdownDSP
import MixdownMediaIO

/// Something that measures float audio fed block by block, in programme order:
/// ``LoudnessMeter``, ``LoudnessAnalyzer``, ``LoudnessStretch``, ``LoudnessHops``.
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
    /// Feeds the next frames, planar: those of `audio`, one of ``channels`` per channel of the view.
    public func add(_ audio: AudioSlice) throws(MediaIOError) {
        try add(LoudnessFrames(audio))
    }

    /// Feeds the next frames, interleaved: ``channels`` samples per frame, a whole number of frames.
    public func add(interleaved: UnsafeBufferPointer<Float>) throws(MediaIOError) {
        try add(LoudnessFrames(interleaved: interleaved, channels: channels))
    }
}
