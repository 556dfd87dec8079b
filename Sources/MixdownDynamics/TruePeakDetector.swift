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
/// Stateless: the caller keeps the input history (``taps`` − 1 frames in front
/// of each chunk, as ``StereoHistory`` lays it out) and hands it over with the
/// chunk, as one stereo view.
enum TruePeakDetector {
    /// Coefficients per filter: the interpolators span 32 input samples.
    static let taps = 32
    /// D: input samples from a detected position to the newest sample, half the
    /// interpolators' span.
    static let delay = 16
    /// Filters in the bank: the sample itself, then two interpolators × three phases.
    static let filters = 7

    /// Writes into `peaks[i]` the detected peak of position `i − delay` of the
    /// chunk, for its `count` new frames.
    ///
    /// - Parameters:
    ///   - input: Stereo: ``taps`` − 1 frames of the past, then the `count` new
    ///     ones (`count` is `input.count − (taps − 1)`).
    ///   - peaks: `count` values, written (linear magnitudes, 1 = full scale).
    static func detect(_ input: AudioSlice, into peaks: UnsafeMutablePointer<Float>) {
        let count = newFrames(input)
        peaks.initialize(repeating: 0, count: count)
        filter(input, into: peaks)
    }

    /// Like ``detect(_:into:)``, but writes 0 instead of the
    /// peaks of every run of ``span`` positions whose input cannot make a peak
    /// above `level`: its largest magnitude × ``overshootBound`` is at most `level`.
    ///
    /// For a caller that only acts on peaks above `level`, the zeros change
    /// nothing, and most of the filter bank's work is skipped wherever the
    /// signal stays well under it (a limiter's threshold: the filters are about
    /// nine tenths of the limiter's time where it does not limit).
    static func detect(_ input: AudioSlice, into peaks: UnsafeMutablePointer<Float>, ignoringPeaksUpTo level: Double) {
        let count = newFrames(input)
        peaks.initialize(repeating: 0, count: count)
        // A run of positions that need the filters, not yet filtered.
        var pending: Range<Int>?
        var start = 0
        while start < count {
            let end = min(count, start + span)
            // Position i reads the inputs i ..< i + taps.
            let window = end - start + taps - 1
            let largest = DSP.peakMagnitude(input.slice(start..<start + window))
            if Double(largest) * overshootBound > level {
                pending = (pending?.lowerBound ?? start)..<end
            } else if let run = pending {
                filter(input.slice(run.lowerBound..<run.upperBound + taps - 1), into: peaks + run.lowerBound)
                pending = nil
            }
            start = end
        }
        if let run = pending {
            filter(input.slice(run.lowerBound..<run.upperBound + taps - 1), into: peaks + run.lowerBound)
        }
    }

    /// The new frames of a detector's input: those after its ``taps`` − 1 frames of the past.
    private static func newFrames(_ input: AudioSlice) -> Int {
        precondition(input.channelCount == 2 && input.count >= taps - 1, "a detector's input of \(input.count) frames")
        return input.count - (taps - 1)
    }

    /// Positions per run that ``detect(_:into:ignoringPeaksUpTo:)``
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

    /// Raises the peaks of `input`'s new frames (after ``taps`` − 1 of the past)
    /// to the filters' magnitudes over both channels.
    private static func filter(_ input: AudioSlice, into peaks: UnsafeMutablePointer<Float>) {
        let count = newFrames(input)
        coefficients.withUnsafeBufferPointer { bank in
            // Linking: both channels raise the same peaks, so the gain that follows is one for both.
            DSP.filterBankPeaks(into: peaks, input.left.baseAddress!, coefficients: bank.baseAddress!, filters: filters, taps: taps,
                                count: count)
            DSP.filterBankPeaks(into: peaks, input.right.baseAddress!, coefficients: bank.baseAddress!, filters: filters, taps: taps,
                                count: count)
        }
    }
}
