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

    /// Renders `plan`'s whole timeline and measures it; a timeline of 20 s or more
    /// in stretches on `workers` threads (one per active core by default), as
    /// `PreviewSession` does, with the same result as a scan in one piece.
    public init(plan: MixPlan, workers: Int? = nil) throws(MediaIOError) {
        let renderer = try AudioRenderer(plan: plan)
        let count = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        let stretches = renderer.stretches(of: 0..<renderer.frameCount, workers: count)
        let threads = RenderWorkers<Levels>()
        defer {
            threads.stop()
            threads.wait()
        }
        for stretch in stretches.dropFirst() {
            threads.start { () throws(MediaIOError) in
                try Levels(stretch, renderer: AudioRenderer(plan: plan), decodingAhead: false, isCancelled: { threads.isStopped })
            }
        }
        var levels: Levels
        do {
            levels = try Levels(stretches[0], renderer: renderer, decodingAhead: stretches.count == 1 && count > 1,
                                isCancelled: { threads.isStopped })
        } catch {
            threads.stop()
            threads.wait()
            // A worker's failure stops this thread too: report the failure, not the stop.
            throw error == .cancelled ? threads.failure ?? error : error
        }
        threads.wait()
        if let failure = threads.failure { throw failure }
        for other in threads.results.sorted(by: { $0.first < $1.first }) { levels.append(other) }
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

    init(_ stretch: Range<Int64>, renderer: AudioRenderer, decodingAhead: Bool, isCancelled: () -> Bool) throws(MediaIOError) {
        first = stretch.lowerBound
        _ = try renderer.render(range: stretch, decodingAhead: decodingAhead, isCancelled: isCancelled) { block throws(MediaIOError) in
            for channel in [block.left, block.right] {
                let blockPeak = DSP.peakMagnitude(channel, count: block.count)
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
