import MixdownTime

extension OTIORate {
    /// `time` as an OTIO `RationalTime`: a whole count at this rate, or, when
    /// it is not one (half a transition of an odd frame count), a whole count at
    /// the smallest multiple of this rate where it is, so that every time OTIO
    /// computes from it is the time itself.
    func rationalTime(_ time: MediaTime) -> ExportJSON {
        let count = Self.reduced(Int128(time.value) * Int128(numerator), Int128(time.timescale) * Int128(denominator))
        let rate = OTIORate(numerator: numerator * Int64(clamping: count.denominator), denominator: denominator)
        return .object([
            ("OTIO_SCHEMA", .string("RationalTime.1")),
            ("rate", .double(rate.double)),
            ("value", .double(Double(count.numerator))),
        ])
    }

    /// `range` as an OTIO `TimeRange` at this rate (or a multiple of it where needed).
    func timeRange(start: MediaTime, duration: MediaTime) -> ExportJSON {
        .object([
            ("OTIO_SCHEMA", .string("TimeRange.1")),
            ("duration", rationalTime(duration)),
            ("start_time", rationalTime(start)),
        ])
    }

    /// The frame (or sample) `time` falls on, rounded half up as Mixdown rounds every time to a grid.
    func count(of time: MediaTime) -> Int64 {
        let numerator = Int128(time.value) * Int128(self.numerator)
        let denominator = Int128(time.timescale) * Int128(self.denominator)
        let twice = 2 * numerator + denominator
        let doubled = 2 * denominator
        var quotient = twice / doubled
        if twice % doubled != 0 && twice < 0 { quotient -= 1 }
        return Int64(clamping: quotient)
    }

    /// The seconds of grid point `count` at this rate.
    func seconds(ofCount count: Int64) -> Double {
        Double(count) * Double(denominator) / Double(numerator)
    }

    private static func reduced(_ numerator: Int128, _ denominator: Int128) -> (numerator: Int128, denominator: Int128) {
        var (a, b) = (numerator < 0 ? -numerator : numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        guard a > 1 else { return (numerator, denominator) }
        return (numerator / a, denominator / a)
    }
}
