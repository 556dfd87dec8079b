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
        filter(left: left, right: right, count: count, into: peaks)
    }

    /// Like ``detect(left:right:count:into:)``, but writes 0 instead of the
    /// peaks of every run of ``span`` positions whose input cannot make a peak
    /// above `level`: its largest magnitude × ``overshootBound`` is at most `level`.
    ///
    /// For a caller that only acts on peaks above `level`, the zeros change
    /// nothing, and most of the filter bank's work is skipped wherever the
    /// signal stays well under it (a limiter's threshold: the filters are about
    /// nine tenths of the limiter's time where it does not limit).
    static func detect(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
                       into peaks: UnsafeMutablePointer<Float>, ignoringPeaksUpTo level: Double) {
        peaks.initialize(repeating: 0, count: count)
        // A run of positions that need the filters, not yet filtered.
        var pending: Range<Int>?
        var start = 0
        while start < count {
            let end = min(count, start + span)
            // Position i reads the inputs i ..< i + taps.
            let window = end - start + taps - 1
            let largest = max(DSP.peakMagnitude(left + start, count: window), DSP.peakMagnitude(right + start, count: window))
            if Double(largest) * overshootBound > level {
                pending = (pending?.lowerBound ?? start)..<end
            } else if let run = pending {
                filter(left: left + run.lowerBound, right: right + run.lowerBound, count: run.count, into: peaks + run.lowerBound)
                pending = nil
            }
            start = end
        }
        if let run = pending {
            filter(left: left + run.lowerBound, right: right + run.lowerBound, count: run.count, into: peaks + run.lowerBound)
        }
    }

    /// Positions per run that ``detect(left:right:count:into:ignoringPeaksUpTo:)``
    /// filters or skips as one: short enough to skip the quiet moments between
    /// loud ones, long enough that the test costs little next to the filters.
    static let span = 64

    /// The most a detected peak can exceed the largest input magnitude its filters
    /// read: the largest sum of absolute coefficients of any filter (2.35, the
    /// Kaiser half-sample phase), raised by 10⁻⁴ for the rounding of the
    /// single-precision sums (at most 33 roundings of about 6·10⁻⁸ each).
    static let overshootBound: Double = {
        let rows = (0..<filters).map { row in
            coefficients[row * taps..<(row + 1) * taps].reduce(0.0) { $0 + Double(abs($1)) }
        }
        return rows.max()! * (1 + 1e-4)
    }()

    /// Raises `peaks[0 ..< count]` to the filters' magnitudes over both channels.
    private static func filter(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int,
                               into peaks: UnsafeMutablePointer<Float>) {
        coefficients.withUnsafeBufferPointer { bank in
            // Linking: both channels raise the same peaks, so the gain that follows is one for both.
            DSP.filterBankPeaks(into: peaks, left, coefficients: bank.baseAddress!, filters: filters, taps: taps, count: count)
            DSP.filterBankPeaks(into: peaks, right, coefficients: bank.baseAddress!, filters: filters, taps: taps, count: count)
        }
    }
}
