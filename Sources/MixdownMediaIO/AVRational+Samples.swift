import CFFmpeg

extension AVRational {
    /// `ticks` of this time base as samples at `rate`, rounded to nearest (halves away
    /// from zero, which for the positive positions used here is MediaTime's half-up rule).
    func samples(ticks: Int64, rate: Int64) -> Int64 {
        let rounding = AVRounding(rawValue: AV_ROUND_NEAR_INF.rawValue | AV_ROUND_PASS_MINMAX.rawValue)
        return av_rescale_rnd(ticks, Int64(num) * rate, Int64(den), rounding)
    }
}
