import CFFmpeg
import MixdownTime

extension AVRational {
    /// The time base as a Swift value; nil when FFmpeg left it unset (0/0).
    var timeBase: TimeBase? { try? TimeBase(num, den) }

    /// `ticks` of this time base as samples at `rate`, by `TimeBase`'s rule (half up);
    /// 0 for an unset time base.
    func samples(ticks: Int64, rate: Int32) -> Int64 {
        timeBase?.sampleIndex(ticks: ticks, sampleRate: rate) ?? 0
    }
}
