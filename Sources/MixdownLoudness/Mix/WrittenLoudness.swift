import MixdownDSP
import MixdownDynamics
import MixdownMediaIO
import MixdownRender
import MixdownUnits

/// The figures `LoudnessScan(file:…)` reads from a file, metered from its
/// frames as they are written, by writers that each write one stretch of it on
/// a thread of their own (a render cut into stretches): the file is never read.
///
/// The scan's stretches need frames from before and after them (the meters'
/// pre-roll, the true-peak detector's lead), so they cannot be the writers'
/// own. Each writer's stretch after the first starts a scan stretch at the
/// first whole second past its start and the pre-roll, so that the scan
/// stretch's frames begin inside the writer's; a scan stretch then ends a
/// little way into the next writer's frames, which that writer keeps a copy of
/// (about a second) for ``finish()`` to feed. The stretches are merged as
/// every scan merges them: the figures equal one meter's over the whole file,
/// the integrated loudness within 0.001 LU (see `LoudnessStretch`), and the
/// true peak is the same detector's.
///
/// Writers whose stretches are shorter than about 1.5 s cannot be metered so:
/// ``init(frameCount:writers:sampleRate:measures:truePeakBy:onThreadsOfItsOwn:)`` then gives nil,
/// and the file is read back instead.
///
/// Each writer feeds its own frames, on its own thread (``add(_:at:writer:)``),
/// metered there; or, made `onThreadsOfItsOwn`, copied and metered on a thread
/// of the meter's own per writer (a `WorkerPool`'s), a few blocks behind, for
/// a render that leaves a core idle: the metering then adds little to the
/// writers' time, where in their threads it adds its own (on 2 cores, 4 such
/// threads cost more than they gain). ``finish()`` runs once every writer is
/// done; ``close()`` ends the meter's threads when the figures are not wanted
/// (a render that failed).
public final class WrittenLoudness: @unchecked Sendable {
    /// Frames of the file.
    public let frameCount: Int64
    /// The frames each writer writes: consecutive, from 0 to ``frameCount``.
    public let writers: [Range<Int64>]
    private let sampleRate: SampleRate
    /// One scan stretch per writer, fed by it (and by the next writer's copy).
    private let feeds: [LoudnessScan.StretchFeed]
    /// Per writer, what it has fed; each touched by its writer's thread only, until ``finish()``.
    private let progress: [WriterProgress]
    private var figures: LoudnessFigures?
    /// Whether ``finish()`` fed the kept frames (once only).
    private var keptFed = false
    /// Per writer, its frames on their way to the meter's thread.
    private let lanes: [MeteringLane]?

    /// Whether it meters on threads of its own (`onThreadsOfItsOwn`), one per writer.
    public var hasThreadsOfItsOwn: Bool { lanes != nil }
    private var pool: WorkerPool<Void>?

    /// What one writer has fed, and the copy of its first frames that the
    /// scan stretch before it needs (none for the first writer).
    private final class WriterProgress {
        /// The next file frame the writer feeds.
        var next: Int64
        /// File frames kept for the stretch before.
        let kept: Range<Int64>
        var frames: AudioBuffer

        init(start: Int64, keeping kept: Range<Int64>) {
            next = start
            self.kept = kept
            frames = AudioBuffer(capacity: kept.count)
        }

        /// Copies what `audio` (file frames from `first`) holds of the kept frames.
        func keep(_ audio: AudioSlice, at first: Int64) {
            let span = (first..<first + Int64(audio.count)).clamped(to: kept)
            guard !span.isEmpty else { return }
            let offset = Int(span.lowerBound - kept.lowerBound)
            frames.mutableSlice(offset..<offset + span.count)
                .update(from: audio.slice(Int(span.lowerBound - first)..<Int(span.upperBound - first)))
        }
    }

    /// A meter of a file of `frameCount` stereo frames at `sampleRate`, written
    /// by `writers` (their stretches: consecutive, from 0 to `frameCount`),
    /// measuring `measures` as `LoudnessScan(file:…)` does; nil when a writer's
    /// stretch is too short for a scan stretch to start in it (see the type).
    /// `onThreadsOfItsOwn` meters on a thread per writer beside the writers'
    /// (started here; ``finish()`` or ``close()`` ends them), for a render that
    /// leaves cores idle; else in the writers' own threads.
    ///
    /// - Throws: `unsupported` when libebur128 refuses the format.
    public init?(frameCount: Int64, writers: [Range<Int64>], sampleRate: SampleRate,
                 measures: LoudnessMeter.Measures = [.integrated, .truePeak],
                 truePeakBy reading: LoudnessScan.TruePeakReading = .limiterDetector,
                 onThreadsOfItsOwn: Bool = false) throws(MediaIOError) {
        precondition(writers.first?.lowerBound == 0 && writers.last?.upperBound == frameCount
                     && zip(writers, writers.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound },
                     "writers \(writers) do not cover the \(frameCount) frames in order")
        let second = Int64(LoudnessStretch.secondFrames(sampleRate: sampleRate))
        let preRoll = LoudnessStretch.preRoll(sampleRate: sampleRate,
                                              measures: reading == .limiterDetector ? measures.subtracting(.truePeak) : measures)
        // Each later writer starts a scan stretch at the first whole second (2 s at least) its pre-roll lies in.
        var starts: [Int64] = [0]
        for writer in writers.dropFirst() {
            let start = max(2 * second, (writer.lowerBound + preRoll + second - 1) / second * second)
            guard start < writer.upperBound, start > starts[starts.count - 1] else { return nil }
            starts.append(start)
        }
        let ranges = zip(starts, starts.dropFirst() + [frameCount]).map { $0..<$1 }
        let feeds = try LoudnessScan.feeds(of: ranges, frameCount: frameCount, sampleRate: sampleRate, measures: measures,
                                           reading: reading)
        var progress = [WriterProgress(start: 0, keeping: 0..<0)]
        for (index, writer) in writers.enumerated().dropFirst() {
            // The stretch before ends (with the detector's lead, or meter B's) within this writer's frames.
            let end = feeds[index - 1].range.upperBound
            guard feeds[index].range.lowerBound >= writer.lowerBound, end <= writer.upperBound else { return nil }
            progress.append(WriterProgress(start: writer.lowerBound, keeping: writer.lowerBound..<end))
        }
        self.frameCount = frameCount
        self.writers = writers
        self.sampleRate = sampleRate
        self.feeds = feeds
        self.progress = progress
        guard onThreadsOfItsOwn else {
            lanes = nil
            return
        }
        let lanes = writers.map { _ in MeteringLane() }
        self.lanes = lanes
        pool = WorkerPool(threads: lanes.count, jobs: lanes.count) { [self] job, _ in
            lanes[job].drain { audio, first throws(MediaIOError) in try meter(audio, at: first, writer: job) }
        }
    }

    deinit {
        close()
    }

    /// Feeds file frames `first ..< first + audio.count` of `writer`'s stretch,
    /// in order, on that writer's thread; `audio` is read during the call only.
    ///
    /// On threads of its own it queues a copy, and waits only when the meter's
    /// thread is several blocks behind; its errors are then ``finish()``'s.
    ///
    /// - Throws: `unsupported` when libebur128 runs out of memory.
    public func add(_ audio: AudioSlice, at first: Int64, writer: Int) throws(MediaIOError) {
        guard let lanes else { return try meter(audio, at: first, writer: writer) }
        precondition(!lanes[writer].isEnded, "writer \(writer) fed after the meter was finished or closed")
        lanes[writer].add(audio, at: first)
    }

    /// Ends the meter's threads (if it has any), once they have metered what
    /// was queued; the writers must be done. ``finish()`` does it too.
    public func close() {
        for lane in lanes ?? [] { lane.end() }
        pool?.wait()
        pool = nil
    }

    /// Meters frames of `writer`'s stretch: on its thread, or on its lane's.
    private func meter(_ audio: AudioSlice, at first: Int64, writer: Int) throws(MediaIOError) {
        let state = progress[writer]
        precondition(first == state.next && first + Int64(audio.count) <= writers[writer].upperBound,
                     "frames \(first)+\(audio.count) are not the next of writer \(writer)'s \(writers[writer])")
        state.keep(audio, at: first)
        try feeds[writer].add(audio, at: first)
        state.next += Int64(audio.count)
    }

    /// The file's figures, once every writer has fed all of its stretch and
    /// its thread is done; nil when one has not (a render that stopped). Later
    /// calls give the same figures.
    ///
    /// - Throws: `unsupported` when libebur128 ran out of memory.
    public func finish() throws(MediaIOError) -> LoudnessFigures? {
        if let figures { return figures }
        close()
        if let failure = (lanes ?? []).lazy.compactMap(\.failure).first { throw failure }
        guard !keptFed, zip(progress, writers).allSatisfy({ $0.next == $1.upperBound }) else { return nil }
        keptFed = true
        for (index, state) in progress.enumerated() where !state.kept.isEmpty {
            try feeds[index - 1].add(state.frames.slice(0..<state.kept.count), at: state.kept.lowerBound)
        }
        let figures = LoudnessScan.figures(of: feeds, sampleRate: sampleRate)
        self.figures = figures
        return figures
    }
}
