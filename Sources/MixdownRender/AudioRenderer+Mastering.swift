import MixdownDSP
import MixdownDynamics
import MixdownMediaIO
import MixdownPlan
import MixdownUnits

extension AudioRenderer {
    /// Renders `range` of the bus through `mastering`'s gain and limiter.
    ///
    /// The limiter is started `settlingFrames` before `range` (or at 0) and fed
    /// `latency` frames past it (or to the end, then drained), both on the block
    /// grid, so a stretch of a parallel render gives the bits of one limiter over
    /// the whole timeline. The limiter's statistics count `counting` (all of
    /// `range` by default).
    package func renderMastered(range: Range<Int64>, counting: Range<Int64>? = nil, mastering: Mastering, threads: Int,
                                isCancelled: () -> Bool, progress: (Int64) -> Void,
                                to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        let settling = try limiterSettling(mastering)
        // On the block grid, as every stretch of a render is: the envelopes' ramps
        // are computed per block, and the pre-roll must be the samples a render
        // from the start gives there.
        let block = Int64(blockSize)
        let start = max(0, range.lowerBound - Int64(settling)) / block * block
        let limiter = try makeLimiter(mastering, startingAt: start, counting: counting ?? range)
        let end = (range.upperBound + Int64(limiter.latency) + block - 1) / block * block
        let fed = start..<min(frameCount, end)
        // The limiter's output: a block, or the frames it held back at the end.
        var limited = AudioBuffer(capacity: blockSize + limiter.latency)
        let output = limited.mutableSlice(0..<limited.capacity)
        var position = fed.lowerBound
        var peak: Float = 0
        func emit(_ count: Int) throws(MediaIOError) {
            let block = position..<position + Int64(count)
            position = block.upperBound
            let kept = block.clamped(to: range)
            guard !kept.isEmpty else { return }
            let offset = Int(kept.lowerBound - block.lowerBound)
            let audio = AudioSlice(output).slice(offset..<offset + kept.count)
            peak = max(peak, DSP.peakMagnitude(audio))
            try sink(AudioBlock(firstSample: kept.lowerBound, audio: audio))
        }
        let lead = range.lowerBound - fed.lowerBound
        var summary = try renderBus(range: fed, threads: threads, isCancelled: isCancelled,
                                    progress: { progress(min(Int64(range.count), max(0, $0 - lead))) }) { block throws(MediaIOError) in
            try emit(limiter.process(block.audio, into: output))
        }
        if position < range.upperBound { try emit(limiter.finish(into: output)) }
        summary.frames = Int64(range.count)
        summary.peak = peak
        summary.limiting = limiter.statistics
        return summary
    }

    /// Frames a limiter of `mastering` needs to settle before the first sample it must get right.
    private func limiterSettling(_ mastering: Mastering) throws(MediaIOError) -> Int {
        try makeLimiter(mastering, startingAt: 0, counting: 0..<0).settlingFrames
    }

    /// The limiter for a render from timeline sample `start`, its statistics counting `counting`.
    private func makeLimiter(_ mastering: Mastering, startingAt start: Int64, counting: Range<Int64>) throws(MediaIOError) -> TruePeakLimiter {
        do {
            return try TruePeakLimiter(settings: mastering.limiter, sampleRate: sampleRate,
                                       inputGain: mastering.gain, firstPosition: start, countedPositions: counting)
        } catch {
            throw .unsupported(path: "mastering", reason: "\(error)")
        }
    }
}
