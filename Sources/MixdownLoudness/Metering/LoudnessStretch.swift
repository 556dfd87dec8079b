import MixdownMediaIO
import MixdownUnits

/// One stretch of a programme measured on its own thread, so that the stretches
/// together give the ``LoudnessFigures`` of the programme measured in one piece.
///
/// Cutting a programme anywhere changes its figures: libebur128 counts its gating
/// blocks (400 ms every 100 ms; 3 s every second for the range) from the first
/// frame it is fed, and its filters start from silence. A stretch
/// [b, e) of a programme of N frames (h = the meter's 100 ms step, `(rate + 5) / 10`
/// frames) therefore runs two meters:
///
/// - **A** (integrated, momentary, peaks) is fed [b − 3h, e): its first gating
///   block ends at b + h, where the previous stretch's last one left off, and the
///   300 ms before b, fed in calls of their own, settle its filters and leave no peaks.
/// - **B** (short-term, range) is fed [b − 20h, min(N, e + 9h)): its 3 s blocks
///   end on the programme's one-second grid from b + 10h through e.
///
/// For this, stretch boundaries lie on the one-second grid (multiples of 10h) and
/// the first ends at 2 s or later; ``ranges(frameCount:sampleRate:count:)`` cuts
/// them so. The caller renders ``feedRange`` (2 s before the stretch, 0.9 s
/// after; without meter B, 300 ms before and nothing after) in order, in blocks
/// of any size, and hands every block to `add`; a stretch holds no audio. ``LoudnessFigures/init(merging:)`` then pools the
/// stretches: every figure equals one meter's over the whole programme, but the
/// integrated loudness, within 0.001 LU (measured: 1e-4 LU at most; plain cuts
/// pooled are off by up to 0.1 LU). The residue is each later stretch's first
/// gating block, which holds the first milliseconds of its filters, started from silence.
///
/// One stretch per thread; read the merge after every stretch's thread is done.
public final class LoudnessStretch: LoudnessInput, @unchecked Sendable {
    /// Programme frames this stretch measures.
    public let range: Range<Int64>
    /// Programme frames to feed, in order: the stretch, 2 s before it (less at
    /// the start) and 0.9 s after it (less at the end); 300 ms before it and
    /// nothing after when there is no meter B (neither `.range` nor `.shortTerm`).
    public let feedRange: Range<Int64>
    /// Channels per frame.
    public let channels: Int
    /// Frames per second per channel.
    public let sampleRate: SampleRate

    /// Meter A: integrated loudness, momentary readings, peaks.
    let integrating: LoudnessTracker
    /// Meter B: range and short-term readings; nil when neither is measured.
    let ranging: LoudnessTracker?
    private var position: Int64

    /// The stretch `range` of a programme of `frameCount` frames of `channels`
    /// channels at `sampleRate`.
    ///
    /// `range` must start at 0, or at a whole second (a multiple of 10 steps of
    /// `(sampleRate + 5) / 10` frames) of 2 s or more, and end at a whole second or at `frameCount`.
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 refuses the format (see ``LoudnessMeter``).
    ///
    /// `measures` chooses the figures, and what is not measured costs nothing:
    /// without `.range` and `.shortTerm` meter B is not run, the range reads 0
    /// and the maximum short-term −∞; without `.momentary` the maximum momentary
    /// reads −∞ (each reading sums 400 ms again); without `.truePeak` the true
    /// peak reads −∞ (it is most of the metering's cost).
    public init(range: Range<Int64>, frameCount: Int64, channels: Int, sampleRate: SampleRate,
                measures: LoudnessMeter.Measures = .all) throws(MediaIOError) {
        let second = Int64(Self.secondFrames(sampleRate: sampleRate))
        let step = second / 10
        precondition(range.lowerBound == 0 || (range.lowerBound % second == 0 && range.lowerBound >= 2 * second),
                     "a loudness stretch starts at 0 or at a whole second from 2 s: \(range)")
        precondition((range.upperBound % second == 0 || range.upperBound == frameCount) && range.upperBound <= frameCount,
                     "a loudness stretch ends at a whole second or at the programme's end: \(range) of \(frameCount)")
        self.range = range
        self.channels = channels
        self.sampleRate = sampleRate
        let first = range.lowerBound == 0
        let ranges = !measures.isDisjoint(with: [.range, .shortTerm])
        let before = Self.preRoll(sampleRate: sampleRate, measures: measures)
        feedRange = ranges ? (first ? 0 : range.lowerBound - before)..<min(frameCount, range.upperBound + 9 * step)
            : (first ? 0 : range.lowerBound - before)..<range.upperBound
        integrating = LoudnessTracker(
            meter: try LoudnessMeter(channels: channels, sampleRate: sampleRate,
                                     measures: measures.intersection([.integrated, .samplePeak, .truePeak]).union(.integrated)),
            origin: first ? 0 : range.lowerBound - 3 * step, peaksFrom: range.lowerBound,
            readsMomentary: measures.contains(.momentary))
        ranging = !ranges ? nil : LoudnessTracker(
            meter: try LoudnessMeter(channels: channels, sampleRate: sampleRate, measures: .range),
            origin: feedRange.lowerBound, peaksFrom: feedRange.lowerBound, readsMomentary: false)
        position = feedRange.lowerBound
    }

    /// Feeds the next frames of ``feedRange``, planar or interleaved: each meter
    /// takes the part it needs.
    public func add(_ frames: LoudnessFrames) throws(MediaIOError) {
        let block = position..<position + Int64(frames.count)
        precondition(block.upperBound <= feedRange.upperBound, "fed past the stretch's feed range \(feedRange)")
        try feed(integrating, until: range.upperBound, frames: frames, block: block)
        if let ranging { try feed(ranging, until: feedRange.upperBound, frames: frames, block: block) }
        position = block.upperBound
    }

    /// Hands `tracker` the part of `frames` (programme frames `block`) between its origin and `end`.
    private func feed(_ tracker: LoudnessTracker, until end: Int64, frames: LoudnessFrames,
                      block: Range<Int64>) throws(MediaIOError) {
        let part = block.clamped(to: tracker.origin..<end)
        guard !part.isEmpty else { return }
        try tracker.add(frames.slice(from: Int(part.lowerBound - block.lowerBound), count: part.count))
    }

    /// Whether all of ``feedRange`` has been fed.
    public var isComplete: Bool { position == feedRange.upperBound }

    /// A programme of `frameCount` frames cut into at most `count` stretches for
    /// as many threads: equal whole seconds, the first at least 2 s, the last to
    /// the end; one stretch when the programme is short.
    public static func ranges(frameCount: Int64, sampleRate: SampleRate, count: Int) -> [Range<Int64>] {
        let second = Int64(secondFrames(sampleRate: sampleRate))
        let parts = Int64(max(1, count))
        let length = max(2 * second, ((frameCount + parts - 1) / parts + second - 1) / second * second)
        return stride(from: 0, to: max(frameCount, 1), by: Int(length)).map { $0..<min($0 + length, frameCount) }
    }

    /// Frames fed before a stretch that does not start at 0 (``feedRange``): 2 s
    /// with meter B (`.range` or `.shortTerm` in `measures`), else 300 ms.
    static func preRoll(sampleRate: SampleRate, measures: LoudnessMeter.Measures) -> Int64 {
        let step = Int64(secondFrames(sampleRate: sampleRate) / 10)
        return measures.isDisjoint(with: [.range, .shortTerm]) ? 3 * step : 20 * step
    }

    /// libebur128's one second: 10 steps of `(rate + 5) / 10` frames.
    static func secondFrames(sampleRate: SampleRate) -> Int {
        (Int(sampleRate.hertz) + 5) / 10 * 10
    }
}
