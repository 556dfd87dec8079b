import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownPlan

/// The mix's peak and where it clips, found by rendering it without writing it.
public struct LevelScan: Sendable {
    /// Largest sample magnitude on the bus.
    public let peak: Float
    /// Timeline sample where the peak is.
    public let peakSample: Int64
    /// Samples (per channel) above full scale, which an integer output would clip.
    public let overFullScale: Int

    /// Renders `plan`'s whole timeline and measures it, keeping at most `threads`
    /// threads busy (one per active core by default): a timeline of 20 s or more in
    /// stretches on as many threads, as `PreviewSession` does, with the same result
    /// as a scan in one piece.
    public init(plan: MixPlan, threads: Int = AudioRenderer.defaultThreadCount) throws(MediaIOError) {
        let renderer = try AudioRenderer(plan: plan)
        let count = max(1, threads)
        let stretches = renderer.stretches(of: 0..<renderer.frameCount, workers: count)
        let found = try WorkerPool<Levels>.runEach(stretches.count) { job, isStopped throws(MediaIOError) in
            // One stretch: its tracks decode on the other threads.
            try Levels(stretches[job], renderer: AudioRenderer(plan: plan), threads: stretches.count == 1 ? count : 1,
                       isCancelled: isStopped)
        }
        var levels = found[0]
        for other in found.dropFirst() { levels.append(other) }
        peak = levels.peak
        peakSample = levels.peakSample
        overFullScale = levels.over
    }
}

/// What a scan of one stretch found.
private struct Levels: Sendable {
    let first: Int64
    var peak: Float = 0
    var peakSample: Int64 = 0
    var over = 0

    init(_ stretch: Range<Int64>, renderer: AudioRenderer, threads: Int, isCancelled: () -> Bool) throws(MediaIOError) {
        first = stretch.lowerBound
        _ = try renderer.render(range: stretch, threads: threads, isCancelled: isCancelled) { block throws(MediaIOError) in
            for channel in [block.left, block.right] {
                let blockPeak = DSP.peakMagnitude(channel)
                if blockPeak > 1 { over += (0..<block.count).count { abs(channel[$0]) > 1 } }
                if blockPeak > peak {
                    peak = blockPeak
                    peakSample = block.firstSample + Int64((0..<block.count).first { abs(channel[$0]) == blockPeak } ?? 0)
                }
            }
        }
    }

    /// Adds the levels of the stretch that follows: the first of equal peaks stays.
    mutating func append(_ next: Levels) {
        if next.peak > peak {
            peak = next.peak
            peakSample = next.peakSample
        }
        over += next.over
    }
}
