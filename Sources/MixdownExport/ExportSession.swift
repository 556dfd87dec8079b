import MixdownMediaIO
import MixdownProject
import MixdownRender
import Synchronization

/// Renders a plan's mix, encodes it to AAC and muxes it with the stitched video
/// (stream copy) into an MP4, MOV or M4A: AVAssetExportSession's job.
///
/// `export(progress:)` runs on the caller's thread; `cancel()` may be called from
/// any other thread (or a signal handler's watcher) and stops the export at its
/// next block. The output appears at `outputPath` only when complete: an error or
/// a cancellation leaves no file there and whatever was there before untouched.
public final class ExportSession: Sendable {
    public let plan: MixPlan
    public let outputPath: String
    /// AAC bit rate in bits per second.
    public let audioBitRate: Int
    /// Index at the front of the file (AVAssetExportSession's shouldOptimizeForNetworkUse).
    public let fastStart: Bool
    private let cancelled = Atomic<Bool>(false)

    public init(plan: MixPlan, outputPath: String, audioBitRate: Int = 192_000, fastStart: Bool = true) {
        self.plan = plan
        self.outputPath = outputPath
        self.audioBitRate = audioBitRate
        self.fastStart = fastStart
    }

    /// Asks a running export to stop; it then throws `MediaIOError.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Runs the export, reporting progress after each rendered block.
    public func export(progress: (ExportProgress) -> Void = { _ in }) throws(MediaIOError) -> RenderSummary {
        let inputs = plan.composition.tracks.flatMap { $0.segments.map(\.asset.path) }
        let writer = try MovieWriter(path: outputPath, video: plan.video, sampleRate: plan.sampleRate,
                                     audioBitRate: audioBitRate, fastStart: fastStart, inputs: inputs)
        let renderer = try AudioRenderer(plan: plan)
        let total = renderer.frameCount
        let started = ContinuousClock.now
        let summary = try renderer.render(isCancelled: { isCancelled }, progress: { done in
            progress(ExportProgress(framesDone: done, framesTotal: total, sampleRate: plan.sampleRate,
                                    elapsed: (ContinuousClock.now - started).seconds))
        }) { block throws(MediaIOError) in
            try writer.writeAudio(left: block.left, right: block.right, count: block.count)
        }
        if isCancelled { throw .cancelled }
        try writer.finish()
        var finished = summary
        finished.elapsed = (ContinuousClock.now - started).seconds
        return finished
    }
}
