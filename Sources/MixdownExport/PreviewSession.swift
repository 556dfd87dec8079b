import Foundation
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits
import Synchronization

/// Renders a plan's mix (or a range of it) to a WAV preview, on every core for a
/// long timeline.
///
/// A render of 20 s or more is cut into `stretches`, one per worker, consecutive,
/// of equal length and on the renderer's block grid (`AudioRenderer.stretches`).
/// Each worker renders its stretch with its own `AudioRenderer` (its decoders
/// seek to the stretch's start, and a seek gives the samples of a decode from the
/// start) and writes it straight to its place in the file through a
/// `WAVWriter.Part`; the calling thread renders the first stretch. Tracks then
/// decode on the worker's thread: the workers already keep the cores busy. A
/// shorter render is one stretch, whose tracks decode ahead on the other
/// threads (with one thread, everything runs on the calling thread).
///
/// The one difference from a render in one piece: AAC bands coded as noise
/// substitution (PNS) get the same energy but other noise after a seek (see
/// `AudioDecoder.seek(toSample:)`), as in a `--range` render. Inputs read from
/// the conform cache (`ConformPass` registered them) have none: an entry is a
/// decode from the start, and its seeks are exact.
///
/// `render(progress:)` runs on the caller's thread; `cancel()` may be called from
/// any thread and stops every worker within a block. The output appears at
/// `outputPath` only when complete. Made from a ``MeasuredPlan``, the session
/// reads the mix its normalisation recorded, and checks the written file
/// against the delivery (``measure(_:)``).
public final class PreviewSession: Sendable {
    /// What is rendered.
    public let plan: MixPlan
    /// Where the file appears when the preview is complete.
    public let outputPath: String
    /// The WAV's sample format.
    public let format: WAVSampleFormat
    /// Timeline samples the file holds, in order: its frame 0 is `range.lowerBound`.
    public let range: Range<Int64>
    /// The timeline samples each thread renders: consecutive, covering `range`.
    public let stretches: [Range<Int64>]
    /// Threads the render keeps busy at most, the calling thread included.
    public let threadCount: Int
    /// The plan's bus recorded by an earlier render (a normalisation's first
    /// pass), read instead of decoding and mixing; nil to render the plan.
    public let recordedBus: ScratchAudioFile?
    /// The delivery loudness the plan was normalised to (a ``MeasuredPlan``'s),
    /// which the written file is checked against; nil for none.
    public let normalisation: LoudnessNormalisation?
    /// The files the render reads: the output may be none of them.
    let inputs: [String]
    private let cancelled = Atomic<Bool>(false)

    /// Prepares a preview of timeline samples `range` (the whole timeline when nil,
    /// clamped to it; `MixPlan.samples(in:)` gives the samples of a time range);
    /// nothing is opened until `render(progress:)`.
    ///
    /// - Parameters:
    ///   - plan: what to render, its measured passes run (``MeasuredPlan``, or a
    ///     plan with no duck by loudness).
    ///   - outputPath: the WAV to write; it appears only when complete.
    ///   - format: the WAV's sample format.
    ///   - range: timeline samples to render; the whole timeline when nil.
    ///   - inputs: more files the output may not be (the project file); the media
    ///     the plan reads are added.
    ///   - parallel: render stretches on several threads; by default when there are
    ///     at least two threads and the render is 20 s or longer.
    ///   - threads: threads the render keeps busy at most, the calling thread
    ///     included (`--threads`); one per active core by default.
    ///   - recordedBus: `plan`'s bus over its whole timeline, recorded by an
    ///     earlier render (`LoudnessNormalisation.recordedBus`): read instead of
    ///     decoding and mixing, with the same result.
    /// - Throws: `unsupported` for a plan that `needsMeasuring` (its ducks by
    ///   loudness not measured: make a ``MeasuredPlan`` of it), or when
    ///   `recordedBus` does not hold the timeline.
    public convenience init(plan: MixPlan, outputPath: String, format: WAVSampleFormat, range: Range<Int64>? = nil,
                            inputs: [String] = [], parallel: Bool? = nil,
                            threads: Int = AudioRenderer.defaultThreadCount, recordedBus: ScratchAudioFile? = nil) throws(MediaIOError) {
        try self.init(plan: plan, normalisation: nil, recordedBus: recordedBus, outputPath: outputPath, format: format, range: range,
                      inputs: inputs, parallel: parallel, threads: threads)
    }

    /// Prepares a preview of a measured plan, as ``init(plan:outputPath:format:range:inputs:parallel:threads:recordedBus:)``
    /// does: the renders read the mix its normalisation recorded (a range too,
    /// with the whole mix's gain: a preview of the delivery), and
    /// ``measure(_:)`` checks the file against its delivery.
    ///
    /// - Throws: `unsupported` when the recording does not hold the timeline.
    public convenience init(measured: MeasuredPlan, outputPath: String, format: WAVSampleFormat, range: Range<Int64>? = nil,
                            inputs: [String] = [], parallel: Bool? = nil,
                            threads: Int = AudioRenderer.defaultThreadCount) throws(MediaIOError) {
        try self.init(plan: measured.plan, normalisation: measured.normalisation, recordedBus: measured.recordedBus,
                      outputPath: outputPath, format: format, range: range, inputs: inputs, parallel: parallel, threads: threads)
    }

    private init(plan: MixPlan, normalisation: LoudnessNormalisation?, recordedBus: ScratchAudioFile?, outputPath: String,
                 format: WAVSampleFormat, range: Range<Int64>?, inputs: [String], parallel: Bool?, threads: Int) throws(MediaIOError) {
        try MeasuredPlan.requireMeasured(plan)
        self.plan = plan
        self.outputPath = outputPath
        self.format = format
        self.inputs = plan.inputPaths + inputs
        self.recordedBus = recordedBus
        self.normalisation = normalisation
        let renderer = try AudioRenderer(plan: plan, recordedBus: recordedBus)
        let span = range?.clamped(to: 0..<renderer.frameCount) ?? 0..<renderer.frameCount
        self.range = span
        threadCount = max(1, threads)
        stretches = renderer.stretches(of: span, workers: threadCount, parallel: parallel)
    }

    /// Asks a running render to stop; it then throws `MediaIOError.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Renders and writes the preview, reporting the frames rendered so far on the
    /// calling thread (after each of its blocks, then every 50 ms while it waits
    /// for the other threads).
    public func render(progress: (Int64) -> Void = { _ in }) throws(MediaIOError) -> RenderSummary {
        try render(metering: nil, progress: progress)
    }

    /// Renders and writes the preview as ``render(progress:)`` does, and
    /// measures it as ``measure(_:)`` does, without reading the file back: the
    /// samples each thread writes, as the file holds them (quantised, dithered),
    /// are metered in its own stretch (`WrittenLoudness`), and the stretches are
    /// merged as a scan of the file merges them. The metering runs in the
    /// writing threads, or on a thread beside each where ``threadCount`` leaves
    /// one per writer (a render in one stretch keeps two at least: the mix's and
    /// one decoding its tracks ahead). The figures equal ``measure(_:)``'s, the integrated
    /// loudness within 0.001 LU. Stretches too short to meter so (under about
    /// 1.5 s, with many threads on a short render) are measured from the file.
    ///
    /// - Throws: the render's `MediaIOError`s; the measurement's.
    public func renderMeasured(progress: (Int64) -> Void = { _ in }) throws(MediaIOError) -> DeliveredOutput {
        let meter = try WrittenLoudness(frameCount: Int64(range.count), writers: stretches.map {
            $0.lowerBound - range.lowerBound..<$0.upperBound - range.lowerBound
        }, sampleRate: plan.sampleRate, measures: [.integrated, .truePeak], truePeakBy: .limiterDetector,
           onThreadsOfItsOwn: threadCount - stretches.count - (stretches.count == 1 ? 1 : 0) >= stretches.count)
        // A render that fails leaves the meter's threads nothing more to wait for.
        defer { meter?.close() }
        let summary = try render(metering: meter, progress: progress)
        guard let figures = try meter?.finish() else { return try measure(summary) }
        return delivered(summary, figures: figures)
    }

    /// Renders and writes the preview; with `meter`, each stretch's thread feeds
    /// it the samples it writes.
    private func render(metering meter: WrittenLoudness?, progress: (Int64) -> Void) throws(MediaIOError) -> RenderSummary {
        let started = ContinuousClock.now
        let origin = range.lowerBound
        let writer = try WAVWriter(path: outputPath, sampleRate: plan.sampleRate, format: format, inputs: inputs,
                                   frameCount: Int64(range.count))
        let parts = try stretches.dropFirst().map { stretch throws(MediaIOError) in
            try writer.part(startingAt: stretch.lowerBound - range.lowerBound)
        }
        let others = Array(zip(stretches.dropFirst(), parts))
        let workers = WorkerPool<RenderSummary>(threads: others.count, jobs: others.count) { [plan, recordedBus] job, workers throws(MediaIOError) in
            let (stretch, part) = others[job]
            let renderer = try AudioRenderer(plan: plan, recordedBus: recordedBus)
            let summary = try Self.render(stretch, with: renderer, threads: 1, workers: workers,
                                          isCancelled: { self.isCancelled || workers.isStopped }) { block throws(MediaIOError) in
                guard let meter else { return try part.write(block.audio) }
                try part.write(block.audio) { written throws(MediaIOError) in
                    try meter.add(written, at: block.firstSample - origin, writer: job + 1)
                }
            }
            try part.close()
            return summary
        }
        defer {
            workers.stop()
            workers.wait()
        }
        var first: RenderSummary?
        var failure: MediaIOError?
        do {
            let renderer = try AudioRenderer(plan: plan, recordedBus: recordedBus)
            // One stretch: its tracks decode on the other threads, but the meter's own.
            let metering = meter?.hasThreadsOfItsOwn == true ? 1 : 0
            first = try Self.render(stretches[0], with: renderer, threads: stretches.count == 1 ? threadCount - metering : 1,
                                    workers: workers, isCancelled: { isCancelled || workers.isStopped },
                                    progress: progress) { block throws(MediaIOError) in
                guard let meter else { return try writer.write(block.audio) }
                try writer.write(block.audio) { written throws(MediaIOError) in
                    try meter.add(written, at: block.firstSample - origin, writer: 0)
                }
            }
        } catch {
            failure = error
            workers.stop()
        }
        while !workers.wait(timeout: 0.05) {
            if first != nil { progress(workers.done.load(ordering: .relaxed)) }
        }
        // This thread stops early when a worker fails: the worker's error is the one to report.
        if failure == nil || (failure == .cancelled && !isCancelled), let error = workers.firstError { throw error }
        guard var summary = first, !isCancelled else { throw failure ?? .cancelled }
        try writer.finish()
        progress(workers.done.load(ordering: .relaxed))
        summary.peak = workers.remainingResults.reduce(summary.peak) { max($0, $1.peak) }
        for other in workers.remainingResults { if let limited = other.limiting { summary.limiting?.merge(limited) } }
        summary.frames = Int64(range.count)
        summary.clippedSamples = writer.clippedSamples
        summary.elapsed = (ContinuousClock.now - started).seconds
        return summary
    }

    private static func render(_ stretch: Range<Int64>, with renderer: AudioRenderer, threads: Int,
                               workers: WorkerPool<RenderSummary>, isCancelled: () -> Bool,
                               progress: (Int64) -> Void = { _ in },
                               to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        var counted: Int64 = 0
        return try renderer.render(range: stretch, threads: threads, isCancelled: isCancelled, progress: { rendered in
            progress(workers.advance(by: rendered - counted))
            counted = rendered
        }, to: sink)
    }
}
