import Foundation
import MixdownTime
import MixdownUnits

/// A limiter's settings in samples at one rate, and the constants derived from
/// them (docs/audio-mix.md, "Loudness: the true-peak limiter").
struct LimiterTiming {
    /// Linear threshold, `10^((ceiling − margin)/20)`.
    let threshold: Double
    /// K: each detected peak is guarded this many samples either side, the
    /// reach of the detector's interpolation (= its delay D).
    let guardLength: Int
    /// L: look-ahead and attack, split between two running means of L₁ + 1 and
    /// L₂ + 1 samples (L₁ = ⌊L/2⌋, L₂ = L − L₁).
    let lookAhead: Int
    let firstMean: Int
    let secondMean: Int
    /// The hold, in samples.
    let hold: Int
    /// The sliding minimum's window: hold + 2K + L + 1 samples.
    let window: Int
    /// a = exp(−1/(τ·rate)): the release keeps this share of the gain reduction per sample.
    let releaseFactor: Double
    /// D + K + L: input frames from a sample in to the same sample out.
    let latency: Int
    /// ≈ 40 τ + window + latency: how early a limiter for a stretch of a longer
    /// signal starts (``TruePeakLimiter/settlingFrames``).
    let settlingFrames: Int

    init(settings: LimiterSettings, sampleRate: SampleRate) throws(LimiterError) {
        func samples(_ time: MediaTime) throws(LimiterError) -> Int {
            do throws(MediaTimeError) { return Int(try time.sampleIndex(sampleRate: sampleRate)) } catch { throw .time(error) }
        }
        threshold = settings.threshold
        guardLength = TruePeakDetector.delay
        lookAhead = try samples(settings.lookAhead)
        firstMean = lookAhead / 2 + 1
        secondMean = lookAhead - lookAhead / 2 + 1
        hold = try samples(settings.hold)
        window = hold + 2 * guardLength + lookAhead + 1
        let tau = settings.release.seconds * Double(sampleRate.hertz)
        releaseFactor = exp(-1 / tau)
        latency = TruePeakDetector.delay + guardLength + lookAhead
        settlingFrames = Int((40 * tau).rounded(.up)) + window + latency
    }
}
