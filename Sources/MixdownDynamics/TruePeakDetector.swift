import MixdownDSP

/// The limiter's 4× oversampling true-peak detector (ITU-R BS.1770-4, Annex 2):
/// for each input sample, the largest magnitude of the reconstructed signal over
/// one sample interval, linked over both channels.
///
/// The peak found for the newest input sample `n` belongs to the interval
/// `[n − delay, n − delay + 1)`: the sample `n − delay` itself and the three
/// interpolated points a quarter, a half and three quarters of a sample after it
/// (``coefficients``, two interpolators per phase). The interpolators need
/// ``delay`` samples on either side, hence the delay.
///
/// Stateless: the caller keeps the input history (``taps`` − 1 samples in front
/// of each chunk, as ``StereoHistory`` lays it out).
enum TruePeakDetector {
    /// Coefficients per filter: the interpolators span 32 input samples.
    static let taps = 32
    /// D: input samples from a detected position to the newest sample, half the
    /// interpolators' span.
    static let delay = 16
    /// Filters in the bank: the sample itself, then two interpolators × three phases.
    static let filters = 7

    /// Writes into `peaks[i]` the detected peak of position `i − delay` of the
    /// chunk, for `count` new samples.
    ///
    /// - Parameters:
    ///   - left: ``taps`` − 1 samples of the past, then the `count` new ones.
    ///   - right: Likewise for the right channel.
    ///   - peaks: `count` values, written (linear magnitudes, 1 = full scale).
    static func detect(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
                       into peaks: UnsafeMutablePointer<Float>) {
        peaks.initialize(repeating: 0, count: count)
        coefficients.withUnsafeBufferPointer { bank in
            // Linking: both channels raise the same peaks, so the gain that follows is one for both.
            DSP.filterBankPeaks(into: peaks, left, coefficients: bank.baseAddress!, filters: filters, taps: taps, count: count)
            DSP.filterBankPeaks(into: peaks, right, coefficients: bank.baseAddress!, filters: filters, taps: taps, count: count)
        }
    }
}
