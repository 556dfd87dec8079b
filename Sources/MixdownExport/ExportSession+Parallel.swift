import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownRender

extension ExportSession {
    /// The export with parallel encoding: `threadCount` pool threads render and
    /// encode `encodingStretches` (`StretchEncoder`), never more than `threadCount`
    /// stretches ahead of the writer, and this thread writes the stretches' packets
    /// in order through a `MovieWriter` for encoded audio, which interleaves the
    /// video as the audio advances. On an error or a cancellation the workers are
    /// stopped (they poll every block) and waited for before this returns.
    func exportInParallel(progress: (ExportProgress) -> Void,
                          accepting accept: (String) throws(MediaIOError) -> Bool) throws(MediaIOError) -> RenderSummary? {
        let settings = AACSettings(sampleRate: plan.sampleRate, bitRate: audioBitRate)
        let writer = try MovieWriter(path: outputPath, video: plan.video, encodedAudio: settings,
                                     fastStart: fastStart, inputs: plan.inputPaths)
        let total = encodingStretches.last?.upperBound ?? 0
        let encoders = encodingStretches.map {
            StretchEncoder(stretch: $0, frameCount: total, settings: settings,
                           codecConfiguration: writer.audioCodecConfiguration, path: outputPath)
        }
        let started = ContinuousClock.now
        let pool = WorkerPool<StretchEncoder.Encoded>(threads: threadCount, jobs: encoders.count, window: threadCount) {
            [plan, recordedBus] job, pool throws(MediaIOError) in
            try encoders[job].encode(with: try AudioRenderer(plan: plan, recordedBus: recordedBus),
                                     isCancelled: { self.isCancelled || pool.isStopped }, advance: { _ = pool.advance(by: $0) })
        }
        defer {
            pool.stop()
            pool.wait()
        }

        var peak: Float = 0
        for index in encoders.indices {
            while true {
                if isCancelled { throw .cancelled }
                let result = try pool.result(of: index, timeout: 0.05)
                progress(ExportProgress(framesDone: min(total, pool.done.load(ordering: .relaxed)), framesTotal: total,
                                        sampleRate: plan.sampleRate, elapsed: (ContinuousClock.now - started).seconds))
                guard let result else { continue }
                for packet in result.packets { try writer.writeEncodedAudio(packet) }
                peak = max(peak, result.summary.peak)
                break
            }
        }
        if isCancelled { throw .cancelled }
        guard try writer.finish(accepting: accept) else { return nil }
        // The stretches' renders overlap (pre-roll, lookahead): the peak is of the
        // timeline all the same, and the frames and time are the whole export's.
        return RenderSummary(frames: total, sampleRate: plan.sampleRate, peak: peak,
                             elapsed: (ContinuousClock.now - started).seconds)
    }
}
