// Stream timestamps are integers of ticks; MediaTime is exact. Going from
// ticks to time is exact whenever the product fits; going the other way, or to
// samples, uses the project's one rounding rule (half up), computed in 128 bits.

extension TimeBase {
    /// The time of `ticks` ticks: exactly `ticks × numerator / denominator` seconds.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if `ticks × numerator` does
    ///   not fit in `Int64`.
    public func time(ticks: Int64) throws(MediaTimeError) -> MediaTime {
        let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(numerator))
        guard !overflow else { throw .overflow("\(ticks) ticks of \(self) s") }
        return MediaTime(uncheckedValue: value, timescale: denominator)
    }

    /// The tick `time` falls on, rounded half up: `floor(t / tick + 1/2)`.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the count does not fit in `Int64`.
    public func ticks(_ time: MediaTime) throws(MediaTimeError) -> Int64 {
        try ticks(time) { $0.roundedHalfUp(dividingBy: $1) }
    }

    /// The first tick at or after `time`: `ceil(t / tick)`, exact. Where a
    /// timestamp must not fall before a time (the first frame kept after a change).
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the count does not fit in `Int64`.
    public func ticks(atOrAfter time: MediaTime) throws(MediaTimeError) -> Int64 {
        try ticks(time) { $0.dividedRoundingUp(by: $1) }
    }

    /// `t / tick` divided into whole ticks by `divide`.
    private func ticks(_ time: MediaTime, _ divide: (Int128, Int128) -> Int128) throws(MediaTimeError) -> Int64 {
        let scaled = divide(Int128(time.value) * Int128(denominator), Int128(time.timescale) * Int128(numerator))
        guard let ticks = Int64(exactly: scaled) else {
            throw .overflow("\(time.readable) in ticks of \(self) s")
        }
        return ticks
    }

    /// The sample at `sampleRate` Hz that tick `ticks` falls on, rounded half
    /// up (``MediaTime/sampleIndex(sampleRate:)``'s rule), saturating at the
    /// `Int64` bounds rather than trapping: for timestamps read from files,
    /// which can hold anything. `sampleRate` is an integer, as files and C
    /// libraries state rates: a stream's own rate, or the rate it is resampled to.
    ///
    /// `sampleRate` must be positive.
    public func sampleIndex(ticks: Int64, sampleRate: Int32) -> Int64 {
        precondition(sampleRate > 0, "sample rate must be positive")
        let index = (Int128(ticks) * Int128(numerator) * Int128(sampleRate)).roundedHalfUp(dividingBy: Int128(denominator))
        return Int64(clamping: index)
    }
}
