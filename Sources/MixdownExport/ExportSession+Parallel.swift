import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownRender

extension ExportSession {
    /// The export with parallel encoding: `workerCount` threads render and encode
    /// `encodingStretches` (`StretchEncoder`), and this thread writes the stretches'
    /// packets in order through a `MovieWriter` for encoded audio, which interleaves
    /// the video as the audio advances. On an error or a cancellation the workers
    /// are stopped (they poll every block) and waited for before this returns.
    func exportInParallel(progress: (ExportProgress) -> Void) throws(MediaIOError) -> RenderSummary {
        let settings = AACSettings(sampleRate: plan.sampleRate, bitRate: audioBitRate)
        let writer = try MovieWriter(path: outputPath, video: plan.video, encodedAudio: settings,
                                     fastStart: fastStart, inputs: plan.inputPaths)
        let total = encodingStretches.last?.upperBound ?? 0
        let encoders = encodingStretches.map {
            StretchEncoder(stretch: $0, frameCount: total, settings: settings,
                           codecConfiguration: writer.audioCodecConfiguration, path: outputPath)
        }
        let started = ContinuousClock.now
        let queue = StretchQueue(count: encoders.count, window: workerCount)
        defer {
            queue.stop()
            queue.waitForWorkers()
        }
        for _ in 0..<min(workerCount, encoders.count) {
            queue.workerStarting()
            Thread { [plan] in
                Self.work(plan: plan, encoders: encoders, queue: queue, isCancelled: { self.isCancelled })
            }.start()
        }

        var summary: RenderSummary?
        for index in encoders.indices {
            while true {
                if isCancelled { throw .cancelled }
                let result = try queue.result(index, timeout: 0.05)
                progress(ExportProgress(framesDone: min(total, queue.done.load(ordering: .relaxed)), framesTotal: total,
                                        sampleRate: plan.sampleRate, elapsed: (ContinuousClock.now - started).seconds))
                guard let result else { continue }
                for packet in result.packets { try writer.writeEncodedAudio(packet) }
                if var merged = summary {
                    merged.peak = max(merged.peak, result.summary.peak)
                    summary = merged
                } else {
                    summary = result.summary
                }
                queue.markWritten(index)
                break
            }
        }
        if isCancelled { throw .cancelled }
        try writer.finish()
        // The stretches' renders overlap (pre-roll, lookahead): the peak is of the
        // timeline all the same, and the frames and time are the whole export's.
        guard var finished = summary else { throw .writeFailed(path: outputPath, reason: "no audio was encoded") }
        finished.frames = total
        finished.elapsed = (ContinuousClock.now - started).seconds
        return finished
    }

    /// A worker thread's life: one renderer, reused for every stretch it takes.
    private static func work(plan: MixPlan, encoders: [StretchEncoder], queue: StretchQueue,
                             isCancelled: () -> Bool) {
        defer { queue.workerFinished() }
        var renderer: AudioRenderer?
        while let index = queue.take() {
            do throws(MediaIOError) {
                let current: AudioRenderer
                if let renderer {
                    current = renderer
                } else {
                    current = try AudioRenderer(plan: plan)
                    renderer = current
                }
                let encoded = try encoders[index].encode(with: current, isCancelled: { isCancelled() || queue.isStopped },
                                                         advance: { queue.done.add($0, ordering: .relaxed) })
                queue.deliver(index, StretchQueue.Result(packets: encoded.packets, summary: encoded.summary))
            } catch {
                queue.fail(error)
                return
            }
        }
    }
}
