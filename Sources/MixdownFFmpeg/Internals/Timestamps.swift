internal import CFFmpeg
package import MixdownTime

// Rescaling and comparing stream timestamps as libavutil does it (rounding to
// nearest, halves away from zero), for the places whose results must match
// FFmpeg's own (seek targets, the muxer's interleaving); MixdownTime's
// conversions (half up) serve everywhere else.

extension TimeBase {
    /// The time base as FFmpeg's rational, for the wrappers in Internals only.
    var rational: AVRational { AVRational(num: numerator, den: denominator) }

    /// FFmpeg's time base as a Swift value; nil when unset (0/0) or not positive.
    init?(_ rational: AVRational) {
        guard let timeBase = try? TimeBase(rational.num, rational.den) else { return nil }
        self = timeBase
    }

    /// `AV_TIME_BASE_Q`, the microseconds that container-level times (a
    /// demuxer's start time and duration) are counted in.
    package static let microseconds: TimeBase = TimeBase(mx_time_base_q())!
}

/// `ticks` of `source` in ticks of `target`, rounded to nearest (halves away
/// from zero): `av_rescale_q`.
package func rescale(_ ticks: Int64, from source: TimeBase, to target: TimeBase) -> Int64 {
    av_rescale_q(ticks, source.rational, target.rational)
}

/// Whether timestamp `a` (in ticks of `aBase`) is before (-1), at (0) or after (1)
/// timestamp `b` (in ticks of `bBase`), exactly: `av_compare_ts`.
package func compareTimestamps(_ a: Int64, _ aBase: TimeBase, _ b: Int64, _ bBase: TimeBase) -> Int {
    Int(av_compare_ts(a, aBase.rational, b, bBase.rational))
}
