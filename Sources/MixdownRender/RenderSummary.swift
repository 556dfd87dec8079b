import Foundation
import MixdownDynamics
import MixdownUnits

/// What a render did, for the summary line.
public struct RenderSummary: Sendable {
    /// Frames (stereo sample pairs) rendered.
    public var frames: Int64
    /// The render's sample rate.
    public var sampleRate: SampleRate
    /// Largest sample magnitude on the bus (before any clipping by the output).
    public var peak: Float
    /// Wall-clock seconds the render took.
    public var elapsed: Double
    /// Samples the output clipped at full scale (set by whoever wrote the output).
    public var clippedSamples = 0
    /// What the mastering limiter did over the rendered range (a preview's
    /// stretches merged); nil without mastering, and for an export encoded in
    /// parallel, whose stretches overlap.
    public var limiting: LimiterStatistics?

    /// Makes a summary of `frames` rendered at `sampleRate` in `elapsed` seconds, peaking at `peak`.
    public init(frames: Int64, sampleRate: SampleRate, peak: Float, elapsed: Double, clippedSamples: Int = 0) {
        self.frames = frames
        self.sampleRate = sampleRate
        self.peak = peak
        self.elapsed = elapsed
        self.clippedSamples = clippedSamples
    }

    /// Rendered duration in seconds.
    public var duration: Double { Double(frames) / Double(sampleRate.hertz) }
    /// Peak in dBFS (−∞ for silence).
    public var peakDBFS: Double { Gain.decibels(ofFactor: Double(peak)) }
    /// Seconds of audio rendered per second of wall time.
    public var speed: Double { elapsed > 0 ? duration / elapsed : .infinity }

    /// One line for the user: duration, peak, clipped samples, speed.
    public var line: String {
        let peakText = peak > 0 ? String(format: "%.1f dBFS", peakDBFS) : "silent"
        return String(format: "%.3f s, peak %@, %d clipped samples, %.0f× realtime", duration, peakText, clippedSamples, speed)
    }
}

extension Duration {
    /// The duration in seconds, as a Double, for the summaries' timings.
    package var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
