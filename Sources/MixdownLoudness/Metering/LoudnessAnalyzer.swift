import MixdownMediaIO
import MixdownUnits

/// The ``LoudnessFigures`` of a whole programme fed block by block, in one piece.
///
/// One meter measuring everything, fed in calls cut at its 100 ms grid whatever
/// the block sizes, so the figures do not depend on them (nor on the layout:
/// planar or interleaved). Memory: libebur128
/// keeps one number per 100 ms of audio (about 1.5 MB per hour). One analyzer
/// per thread; to measure one programme on several threads, see ``LoudnessStretch``.
public final class LoudnessAnalyzer: LoudnessInput, @unchecked Sendable {
    /// Channels per frame (see ``LoudnessMeter`` for how they count).
    public var channels: Int { tracker.meter.channels }
    /// Frames per second per channel, in Hz (see ``LoudnessMeter/sampleRate``).
    public var sampleRate: Int32 { tracker.meter.sampleRate }
    /// Frames fed so far.
    public var framesFed: Int64 { tracker.position }

    private let tracker: LoudnessTracker

    /// An analyzer of `channels` channels at `sampleRate`.
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 refuses the format (see ``LoudnessMeter``).
    public convenience init(channels: Int, sampleRate: SampleRate) throws(MediaIOError) {
        try self.init(channels: channels, sampleRate: sampleRate.hertz, source: "loudness meter")
    }

    /// An analyzer at `sampleRate` Hz, any rate libebur128 takes (a file's own),
    /// whose errors name `source` (the file being measured).
    init(channels: Int, sampleRate: Int32, source: String) throws(MediaIOError) {
        let meter = try LoudnessMeter(channels: channels, sampleRate: sampleRate, measures: .all, source: source)
        tracker = LoudnessTracker(meter: meter, origin: 0, peaksFrom: 0)
    }

    /// Feeds the next `frames`, planar or interleaved.
    public func add(_ frames: LoudnessFrames) throws(MediaIOError) {
        try tracker.add(frames)
    }

    /// The figures of everything fed so far.
    public var figures: LoudnessFigures {
        LoudnessFigures(integrated: tracker.meter.integrated, range: tracker.meter.range,
                        peaks: [tracker], shortTerm: [tracker], sampleRate: sampleRate)
    }
}
