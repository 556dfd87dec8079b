import MixdownDSP
import MixdownDynamics
import MixdownMediaIO
import MixdownPlan
import MixdownUnits

extension AudioRenderer {
    /// Renders `range` of the bus through `mastering`'s gain and limiter.
    ///
    /// The limiter is started `settlingFrames` before `range` (or at 0) and fed
    /// `latency` frames past it (or to the end, then drained), so a stretch of a
    /// parallel render gives the bits of one limiter over the whole timeline.
    /// The limiter's statistics count `counting` (all of `range` by default).
    func renderMastered(range: Range<Int64>, counting: Range<Int64>? = nil, mastering: Mastering, threads: Int, isCancelled: () -> Bool,
                        progress: (Int64) -> Void,
                        to sink: (AudioBlock) throws(MediaIOError) -> Void) throws(MediaIOError) -> RenderSummary {
        let limiter = try makeLimiter(mastering, for: range, counting: counting ?? range)
        let fed = max(0, range.lowerBound - Int64(limiter.settlingFrames))..<min(frameCount, range.upperBound + Int64(limiter.latency))
        let capacity = blockSize + limiter.latency
        let left = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        defer { left.deallocate(); right.deallocate() }
        var position = fed.lowerBound
        var peak: Float = 0
        func emit(_ count: Int) throws(MediaIOError) {
            let block = position..<position + Int64(count)
            position = block.upperBound
            let kept = block.clamped(to: range)
            guard !kept.isEmpty else { return }
            let offset = Int(kept.lowerBound - block.lowerBound)
            peak = max(peak, DSP.peakMagnitude(left + offset, count: kept.count), DSP.peakMagnitude(right + offset, count: kept.count))
            try sink(AudioBlock(firstSample: kept.lowerBound, count: kept.count, left: left + offset, right: right + offset))
        }
        let lead = range.lowerBound - fed.lowerBound
        var summary = try renderBus(range: fed, threads: threads, isCancelled: isCancelled,
                                    progress: { progress(min(Int64(range.count), max(0, $0 - lead))) }) { block throws(MediaIOError) in
            try emit(limiter.process(left: block.left, right: block.right, frames: block.count, outputLeft: left, outputRight: right))
        }
        if position < range.upperBound { try emit(limiter.finish(outputLeft: left, outputRight: right)) }
        summary.frames = Int64(range.count)
        summary.peak = peak
        summary.limiting = limiter.statistics
        return summary
    }

    /// The limiter for a render of `range`, its statistics counting `counting`.
    private func makeLimiter(_ mastering: Mastering, for range: Range<Int64>, counting: Range<Int64>) throws(MediaIOError) -> TruePeakLimiter {
        do {
            let rate = try SampleRate(hertz: Int(sampleRate))
            let probe = try TruePeakLimiter(settings: mastering.limiter, sampleRate: rate)
            return try TruePeakLimiter(settings: mastering.limiter, sampleRate: rate, inputGain: mastering.gain,
                                       firstPosition: max(0, range.lowerBound - Int64(probe.settlingFrames)),
                                       countedPositions: counting)
        } catch {
            throw .unsupported(path: "mastering", reason: "\(error)")
        }
    }
}
