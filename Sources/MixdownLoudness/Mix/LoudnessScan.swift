import MixdownDynamics
import MixdownMediaIO
import MixdownPlan
import MixdownRender

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

    /// Which meter reads a scan's true peak (`.truePeak` in its measures).
    public enum TruePeakReading: Sendable {
        /// libebur128's, as `mixdown loudness` reports it for a file.
        case libebur128
        /// The true-peak limiter's detector (`TruePeakMeter`): it reads at least
        /// what libebur128 reads, and what ffmpeg's `ebur128` filter reads within
        /// the limiter's margin, at a fraction of libebur128's cost (0.05 s of CPU
        /// against 0.75 s over a 200 s mix), since it skips its filters wherever
        /// the signal cannot beat the peak found so far. The peak a limiter sees.
        case limiterDetector
    }

    /// Renders and meters `plan`'s whole timeline on at most `threads` threads.
    ///
    /// `measures` are the figures wanted (see `LoudnessStretch`): the integrated
    /// loudness alone costs about a fifth of everything. With `recordedBus` (the
    /// plan's bus, recorded by ``init(recording:into:threads:measures:truePeakBy:isCancelled:)``),
    /// nothing is decoded or mixed: the scan reads the bus and masters it.
    ///
    /// - Throws: the render's `MediaIOError`s; `cancelled` when `isCancelled` turns true.
    public init(plan: MixPlan, threads: Int = AudioRenderer.defaultThreadCount, measures: LoudnessMeter.Measures = .all,
                truePeakBy reading: TruePeakReading = .libebur128, recordedBus: ScratchAudioFile? = nil,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        try self.init(plan: plan, threads: threads, measures: measures, reading: reading, bus: recordedBus.map { .reading($0) },
                      isCancelled: isCancelled)
    }

    /// Renders and meters `plan`'s bus (its mix before any mastering) over the
    /// whole timeline, as ``init(plan:threads:measures:truePeakBy:recordedBus:isCancelled:)``
    /// does, and records it into `bus`, so that later renders of the plan, with
    /// any mastering, read it (`AudioRenderer(plan:recordedBus:)`).
    ///
    /// - Throws: as the other initialiser; `bus`'s write errors.
    public init(recording plan: MixPlan, into bus: ScratchAudioFile, threads: Int = AudioRenderer.defaultThreadCount,
                measures: LoudnessMeter.Measures = .all, truePeakBy reading: TruePeakReading = .libebur128,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        var bare = plan
        bare.mastering = nil
        try self.init(plan: bare, threads: threads, measures: measures, reading: reading, bus: .recording(bus),
                      isCancelled: isCancelled)
    }

    init(figures: LoudnessFigures, limiting: LimiterStatistics?) {
        self.figures = figures
        self.limiting = limiting
    }

    /// What a scan does with a recorded bus.
    private enum BusUse {
        case reading(ScratchAudioFile)
        case recording(ScratchAudioFile)
    }

    private init(plan: MixPlan, threads: Int, measures: LoudnessMeter.Measures, reading: TruePeakReading, bus: BusUse?,
                 isCancelled: @escaping @Sendable () -> Bool) throws(MediaIOError) {
        let readBus: ScratchAudioFile?, recordBus: ScratchAudioFile?
        switch bus {
        case let .reading(file): (readBus, recordBus) = (file, nil)
        case let .recording(file): (readBus, recordBus) = (nil, file)
        case nil: (readBus, recordBus) = (nil, nil)
        }
        let renderer = try AudioRenderer(plan: plan, recordedBus: readBus)
        let frameCount = renderer.frameCount, block = Int64(renderer.blockSize)
        if let recordBus, recordBus.frameCount != frameCount {
            throw .unsupported(path: "timeline", reason: "a scratch file of \(recordBus.frameCount) frames for a timeline of \(frameCount)")
        }
        let feeds = try Self.feeds(frameCount: frameCount, sampleRate: plan.sampleRate, threads: threads, measures: measures,
                                   reading: reading)
        let found = try WorkerPool<LimiterStatistics?>.runEach(feeds.count) { job, isStopped throws(MediaIOError) in
            // Each stretch records the bus from its own start, floored to the block grid, to the next one's:
            // renders that start on the grid give the bits of a render in one piece.
            let recorded = recordBus.map { file in
                let gridStart = { (job: Int) in feeds[job].stretch.range.lowerBound / block * block }
                return (file, (job == 0 ? 0 : gridStart(job))..<(job + 1 < feeds.count ? gridStart(job + 1) : frameCount))
            }
            return try Self.measure(feeds[job], renderer: AudioRenderer(plan: plan, recordedBus: readBus),
                                    threads: feeds.count == 1 ? max(1, threads) : 1, recording: recorded,
                                    isCancelled: { isCancelled() || isStopped() })
        }
        var limiting = found[0]
        for other in found.dropFirst() { if let other { limiting?.merge(other) } }
        self.init(figures: Self.figures(of: feeds, sampleRate: plan.sampleRate), limiting: limiting)
    }

    /// Renders `feed`'s range into it (from the block grid when it records the
    /// bus into `recording`'s file over `recording`'s range); returns the
    /// limiter's statistics over the stretch, nil without mastering.
    private static func measure(_ feed: StretchFeed, renderer: AudioRenderer, threads: Int,
                                recording: (file: ScratchAudioFile, range: Range<Int64>)?,
                                isCancelled: () -> Bool) throws(MediaIOError) -> LimiterStatistics? {
        let needed = feed.range
        let block = Int64(renderer.blockSize)
        let start = recording.map { min($0.range.lowerBound, needed.lowerBound) / block * block } ?? needed.lowerBound
        let end = recording.map { max($0.range.upperBound, needed.upperBound) } ?? needed.upperBound
        guard start < end else { return renderer.mastering.map { _ in LimiterStatistics() } }
        let sink = { (block: AudioBlock) throws(MediaIOError) in
            if let recording {
                let span = block.firstSample..<block.firstSample + Int64(block.count)
                let kept = span.clamped(to: recording.range)
                let offset = Int(kept.lowerBound - span.lowerBound)
                if !kept.isEmpty { try recording.file.write(block.audio.slice(offset..<offset + kept.count), at: kept.lowerBound) }
            }
            try feed.add(block.audio, at: block.firstSample)
        }
        if let mastering = renderer.mastering {
            // Mastered, the bus is not recorded: it starts on the grid anyway (the limiter's pre-roll).
            return try renderer.renderMastered(range: needed, counting: feed.stretch.range, mastering: mastering, threads: threads,
                                               isCancelled: isCancelled, progress: { _ in }, to: sink).limiting
        }
        _ = try renderer.renderBus(range: start..<end, threads: threads, isCancelled: isCancelled, progress: { _ in }, to: sink)
        return nil
    }
}
