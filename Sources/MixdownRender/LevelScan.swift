import MixdownDSP
import MixdownMediaIO

/// The mix's peak and where it clips, found by rendering it without writing it.
public struct LevelScan: Sendable {
    /// Largest sample magnitude on the bus.
    public let peak: Float
    /// Timeline sample where the peak is.
    public let peakSample: Int64
    /// Samples (per channel) above full scale, which an integer output would clip.
    public let overFullScale: Int

    /// Renders `renderer`'s whole timeline and measures it.
    public init(_ renderer: AudioRenderer) throws(MediaIOError) {
        var peak: Float = 0, peakSample: Int64 = 0, over = 0
        _ = try renderer.render { block throws(MediaIOError) in
            for channel in [block.left, block.right] {
                let blockPeak = DSP.peakMagnitude(channel, count: block.count)
                if blockPeak > 1 { over += (0..<block.count).count { abs(channel[$0]) > 1 } }
                if blockPeak > peak {
                    peak = blockPeak
                    peakSample = block.firstSample + Int64((0..<block.count).first { abs(channel[$0]) == blockPeak } ?? 0)
                }
            }
        }
        self.peak = peak
        self.peakSample = peakSample
        overFullScale = over
    }
}
