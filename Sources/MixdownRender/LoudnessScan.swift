import MixdownDynamics
import MixdownMediaIO
import MixdownPlan

/// The loudness of a plan's mix (through its mastering, if any), found by
/// rendering it without writing it.
///
/// The timeline is cut into `LoudnessStretch`es, one per thread, each rendered
/// with its own `AudioRenderer` (a partial render gives the samples of a full
/// one, mastering included) and metered on its thread; the merged figures equal
/// one meter's over the whole mix (integrated loudness within 0.001 LU).
public struct LoudnessScan: Sendable {
    /// EBU R128 figures of the mix.
    public let figures: LoudnessFigures
    /// What the mastering limiter did over the whole timeline; nil without mastering.
    public let limiting: LimiterStatistics?

    /// Renders and meters `plan`'s whole timeline on at most `threads` threads.
    ///
    /// `measures` are the figures wanted (see `LoudnessStretch`): the integrated
    /// loudness alone costs about a fifth of everything.
    ///
    /// - Throws: the render's `MediaIOError`s; `cancelled` when `isCancelled` turns true.
    public init(plan: MixPlan, threads: Int = AudioRenderer.defaultThreadCount, measures: LoudnessMeter.Measures = .all,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        let renderer = try AudioRenderer(plan: plan)
        let count = max(1, threads)
        let ranges = LoudnessStretch.ranges(frameCount: renderer.frameCount, sampleRate: plan.sampleRate, count: count)
        let stretches = try ranges.map { range throws(MediaIOError) in
            try LoudnessStretch(range: range, frameCount: renderer.frameCount, channels: 2, sampleRate: plan.sampleRate,
                                 measures: measures)
        }
        let found = try WorkerPool<LimiterStatistics?>.runEach(stretches.count) { job, isStopped throws(MediaIOError) in
            try Self.measure(stretches[job], renderer: AudioRenderer(plan: plan), threads: stretches.count == 1 ? count : 1,
                             isCancelled: { isCancelled() || isStopped() })
        }
        var limiting = found[0]
        for other in found.dropFirst() { if let other { limiting?.merge(other) } }
        self.init(figures: LoudnessFigures(merging: stretches), limiting: limiting)
    }

    init(figures: LoudnessFigures, limiting: LimiterStatistics?) {
        self.figures = figures
        self.limiting = limiting
    }

    /// Renders `stretch`'s feed range into it; returns the limiter's statistics over the stretch.
    private static func measure(_ stretch: LoudnessStretch, renderer: AudioRenderer, threads: Int,
                                isCancelled: () -> Bool) throws(MediaIOError) -> LimiterStatistics? {
        let feed = stretch.feedRange
        guard !feed.isEmpty else { return renderer.mastering.map { _ in LimiterStatistics() } }
        let sink = { (block: AudioBlock) throws(MediaIOError) in
            try stretch.add(left: block.left, right: block.right, count: block.count)
        }
        if let mastering = renderer.mastering {
            return try renderer.renderMastered(range: feed, counting: stretch.range, mastering: mastering, threads: threads,
                                               isCancelled: isCancelled, progress: { _ in }, to: sink).limiting
        }
        _ = try renderer.renderBus(range: feed, threads: threads, isCancelled: isCancelled, progress: { _ in }, to: sink)
        return nil
    }
}
