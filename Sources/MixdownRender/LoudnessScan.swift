import MixdownDynamics
import MixdownMediaIO
import MixdownPlan
import MixdownTime

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
        /// the limiter's margin, at a fraction of libebur128's cost (a fifth of a
        /// scan's time on a 200 s mix), since it skips its filters wherever the
        /// signal cannot beat the peak found so far. The peak a limiter sees.
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
        let count = max(1, threads)
        let detects = reading == .limiterDetector && measures.contains(.truePeak)
        let ranges = LoudnessStretch.ranges(frameCount: frameCount, sampleRate: plan.sampleRate, count: count)
        let stretches = try ranges.map { range throws(MediaIOError) in
            try LoudnessStretch(range: range, frameCount: frameCount, channels: 2, sampleRate: plan.sampleRate,
                                 measures: detects ? measures.subtracting(.truePeak) : measures)
        }
        let found = try WorkerPool<StretchResult>.runEach(stretches.count) { job, isStopped throws(MediaIOError) in
            // Each stretch records the bus from its own start, floored to the block grid, to the next one's:
            // renders that start on the grid give the bits of a render in one piece.
            let recorded = recordBus.map { file in
                (file, (job == 0 ? 0 : ranges[job].lowerBound / block * block)
                    ..< (job + 1 < ranges.count ? ranges[job + 1].lowerBound / block * block : frameCount))
            }
            return try Self.measure(stretches[job], renderer: AudioRenderer(plan: plan, recordedBus: readBus),
                                    threads: stretches.count == 1 ? count : 1, detectsTruePeak: detects, recording: recorded,
                                    isCancelled: { isCancelled() || isStopped() })
        }
        var figures = LoudnessFigures(merging: stretches)
        if detects { figures = Self.replacingTruePeak(of: figures, with: found.compactMap(\.truePeak), sampleRate: plan.sampleRate) }
        var limiting = found[0].limiting
        for other in found.dropFirst() { if let other = other.limiting { limiting?.merge(other) } }
        self.init(figures: figures, limiting: limiting)
    }

    /// What a stretch found beside its `LoudnessStretch`.
    struct StretchResult: Sendable {
        /// The limiter's statistics over the stretch; nil without mastering.
        var limiting: LimiterStatistics?
        /// The detector's largest peak (linear) and its position; nil unless it read the true peak.
        var truePeak: (peak: Double, position: Int64?)?
    }

    /// Renders `stretch`'s feed range into it (from the block grid when it records the
    /// bus into `recording`'s file over `recording`'s range); returns the limiter's
    /// statistics over the stretch and, when `detectsTruePeak`, the detector's peak.
    private static func measure(_ stretch: LoudnessStretch, renderer: AudioRenderer, threads: Int, detectsTruePeak: Bool,
                                recording: (file: ScratchAudioFile, range: Range<Int64>)?,
                                isCancelled: () -> Bool) throws(MediaIOError) -> StretchResult {
        let feed = stretch.feedRange
        let detector = detectsTruePeak ? Self.detector(of: stretch, frameCount: renderer.frameCount) : nil
        let needed = feed.lowerBound..<max(feed.upperBound, detector?.range.upperBound ?? 0)
        let block = Int64(renderer.blockSize)
        let start = recording.map { min($0.range.lowerBound, needed.lowerBound) / block * block } ?? needed.lowerBound
        let end = recording.map { max($0.range.upperBound, needed.upperBound) } ?? needed.upperBound
        var result = StretchResult()
        guard start < end else {
            result.limiting = renderer.mastering.map { _ in LimiterStatistics() }
            return result
        }
        let sink = { (block: AudioBlock) throws(MediaIOError) in
            let span = block.firstSample..<block.firstSample + Int64(block.count)
            // The part of the block inside `range`: its first frame's offset in the block, and its length.
            func part(_ range: Range<Int64>) -> (offset: Int, count: Int)? {
                let kept = span.clamped(to: range)
                return kept.isEmpty ? nil : (Int(kept.lowerBound - span.lowerBound), kept.count)
            }
            if let recording, let (offset, count) = part(recording.range) {
                try recording.file.write(left: block.left + offset, right: block.right + offset, count: count,
                                         at: span.lowerBound + Int64(offset))
            }
            if let (offset, count) = part(feed) {
                try stretch.add(left: block.left + offset, right: block.right + offset, count: count)
            }
            if let detector, let (offset, count) = part(detector.range) {
                detector.meter.add(left: block.left + offset, right: block.right + offset, frames: count)
            }
        }
        if let mastering = renderer.mastering {
            // Mastered, the bus is not recorded: it starts on the grid anyway (the limiter's pre-roll).
            result.limiting = try renderer.renderMastered(range: needed, counting: stretch.range, mastering: mastering, threads: threads,
                                                          isCancelled: isCancelled, progress: { _ in }, to: sink).limiting
        } else {
            _ = try renderer.renderBus(range: start..<end, threads: threads, isCancelled: isCancelled, progress: { _ in }, to: sink)
        }
        if let detector {
            if detector.range.upperBound == renderer.frameCount { detector.meter.finish() }
            result.truePeak = (detector.meter.peak, detector.meter.peakPosition)
        }
        return result
    }

    /// A `TruePeakMeter` for `stretch` and the frames to feed it: from the
    /// stretch's feed range on, to `TruePeakMeter.lead` frames past the stretch
    /// (its last positions' peaks read them), or to the programme's end, where
    /// the meter is finished.
    static func detector(of stretch: LoudnessStretch, frameCount: Int64) -> (meter: TruePeakMeter, range: Range<Int64>) {
        let range = stretch.feedRange.lowerBound..<min(frameCount, stretch.range.upperBound + Int64(TruePeakMeter.lead))
        return (TruePeakMeter(firstPosition: range.lowerBound, countedPositions: stretch.range), range)
    }

    /// `figures` with the true peak the detectors of the stretches found: the
    /// largest, at the start of its 100 ms step (as libebur128's is located).
    static func replacingTruePeak(of figures: LoudnessFigures, with peaks: [(peak: Double, position: Int64?)],
                                  sampleRate: Int32) -> LoudnessFigures {
        var figures = figures
        // The stretches are in timeline order: the first of equal peaks stays.
        var largest: (peak: Double, position: Int64?) = (0, nil)
        for found in peaks where found.peak > largest.peak { largest = found }
        let step = Int64((sampleRate + 5) / 10)
        figures.truePeak = LoudnessMeter.decibels(largest.peak)
        figures.truePeakTime = largest.position.flatMap { try? MediaTime(sampleIndex: $0 / step * step, sampleRate: sampleRate) } ?? .zero
        return figures
    }
}
