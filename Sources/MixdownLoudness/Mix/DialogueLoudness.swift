import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime

/// The integrated loudness of a plan's mix over some of its ranges only: the
/// dialogue loudness, measured where a voice speaks (`MixPlan.voiceRanges()`),
/// in the spirit of EBU R128 s1 and ATSC A/85's dialogue gating.
///
/// The ranges are rendered in turn, without writing, and fed to one meter as if
/// they were one programme, so the BS.1770 gates (−70 LUFS absolute, −10 LU
/// relative) apply over their concatenation: a 400 ms block that spans the join
/// of two ranges holds audio of both. What plays outside the ranges (music
/// alone, the room between answers) does not count at all.
public struct DialogueLoudness: Sendable {
    /// Integrated loudness over the ranges, in LUFS; nil when nothing passed the
    /// −70 LUFS gate (no ranges, silence, or less than 400 ms in all).
    public let integrated: Double?
    /// The ranges measured, as given.
    public let ranges: [MediaTimeRange]
    /// Frames metered, at the plan's rate: the ranges' length together.
    public let frames: Int64

    /// Renders `ranges` of `plan`'s mix (sorted, not overlapping, inside the
    /// timeline; through its mastering, if any) and meters them as one programme.
    /// Each range's tracks decode ahead on up to `threads - 1` threads.
    ///
    /// - Throws: the render's `MediaIOError`s; `cancelled` when `isCancelled` turns true.
    public init(plan: MixPlan, ranges: [MediaTimeRange], threads: Int = AudioRenderer.defaultThreadCount,
                isCancelled: () -> Bool = { false }) throws(MediaIOError) {
        let renderer = try AudioRenderer(plan: plan)
        let meter = try LoudnessMeter(channels: 2, sampleRate: plan.sampleRate, measures: .integrated)
        var frames: Int64 = 0
        for range in ranges {
            let samples: Range<Int64>
            do {
                samples = try range.sampleRange(sampleRate: plan.sampleRate)
            } catch {
                throw .unsupported(path: "timeline", reason: error.description)
            }
            let inside = samples.clamped(to: 0..<renderer.frameCount)
            guard !inside.isEmpty else { continue }
            _ = try renderer.render(range: inside, threads: threads, isCancelled: isCancelled) { block throws(MediaIOError) in
                try meter.add(block.audio)
            }
            frames += Int64(inside.count)
        }
        integrated = meter.integrated
        self.ranges = ranges
        self.frames = frames
    }
}
