import Foundation
import MixdownLoudness
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
    ///
    /// With `measures`, when every stretch is encoded at once (the packets of the
    /// whole stream are in memory at the end anyway), the packets are decoded and
    /// measured on `threadCount` threads while this one writes the last stretch
    /// and finishes the file, and `accept` gets the temporary file and the
    /// figures; otherwise it gets nil figures.
    func exportInParallel(progress: (ExportProgress) -> Void, measuring measures: LoudnessMeter.Measures?,
                          accepting accept: (String, LoudnessFigures?) throws(MediaIOError) -> Bool) throws(MediaIOError) -> RenderSummary? {
        let settings = AACSettings(sampleRate: plan.sampleRate, bitRate: audioBitRate)
        let writer = try MovieWriter(path: outputPath, movieVideo: try movieVideo(), encodedAudio: settings,
                                     fastStart: fastStart, inputs: plan.inputPaths, captions: plan.captionTracks)
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

        // Every stretch at once: the whole stream's packets are in memory at the end, measured from there.
        let measuresPackets = measures != nil && encoders.count <= threadCount
        var packets: [EncodedAudioPacket] = []
        var check: WorkerPool<LoudnessFigures>?
        defer {
            check?.stop()
            check?.wait()
        }
        var peak: Float = 0
        for index in encoders.indices {
            while true {
                if isCancelled { throw .cancelled }
                let result = try pool.result(of: index, timeout: 0.05)
                progress(ExportProgress(framesDone: min(total, pool.done.load(ordering: .relaxed)), framesTotal: total,
                                        sampleRate: plan.sampleRate, elapsed: (ContinuousClock.now - started).seconds))
                guard let result else { continue }
                if measuresPackets, let measures {
                    packets += result.packets
                    // The encoders are done: their threads measure, this one writes.
                    if index == encoders.count - 1 {
                        check = measure(packets, settings: settings, configuration: writer.audioCodecConfiguration,
                                        frameCount: total, measures: measures)
                    }
                }
                for packet in result.packets { try writer.writeEncodedAudio(packet) }
                peak = max(peak, result.summary.peak)
                break
            }
        }
        if isCancelled { throw .cancelled }
        guard try writer.finish(accepting: { path throws(MediaIOError) in
            var figures: LoudnessFigures?
            while let check, figures == nil {
                if isCancelled { throw .cancelled }
                figures = try check.result(of: 0, timeout: 0.05)
            }
            return try accept(path, figures)
        }) else { return nil }
        // The stretches' renders overlap (pre-roll, lookahead): the peak is of the
        // timeline all the same, and the frames and time are the whole export's.
        return RenderSummary(frames: total, sampleRate: plan.sampleRate, peak: peak,
                             elapsed: (ContinuousClock.now - started).seconds)
    }

    /// Starts measuring the whole stream `packets` (`measures`, the true peak by
    /// the limiter's detector) on `threadCount` threads: one pool thread, which
    /// runs the scan's first stretch and its own pool for the others.
    private func measure(_ packets: [EncodedAudioPacket], settings: AACSettings, configuration: [UInt8], frameCount: Int64,
                         measures: LoudnessMeter.Measures) -> WorkerPool<LoudnessFigures> {
        WorkerPool<LoudnessFigures>(threads: 1, jobs: 1) { [outputPath, threadCount] _, pool throws(MediaIOError) in
            try LoudnessScan(packets: packets, settings: settings, configuration: configuration, frameCount: frameCount,
                             path: outputPath, threads: threadCount, measures: measures, truePeakBy: .limiterDetector,
                             isCancelled: { self.isCancelled || pool.isStopped }).figures
        }
    }
}
