public import MixdownUnits

// Every conversion from exact time to a coarser grid (samples, frames,
// another timescale, or from a Double) uses one rule, round half up:
// floor(x + 1/2). One rule means an item placed at time t and a range
// starting at t always land on the same sample, whichever path computed it.

extension MediaTime {
    /// The index of the sample at `sampleRate` that this time falls on.
    ///
    /// The project's one rounding rule, round half up: `floor(t × rate + 1/2)`,
    /// computed exactly with 128-bit integers. An exact half rounds up, also
    /// for negative times: -0.5 samples is sample 0, -1.5 samples is -1.
    /// Placing an item at time `t` means its first sample is output sample
    /// `t.sampleIndex(sampleRate: rate)`. A stream's own rate, which a file
    /// states and may lie outside `SampleRate.range`, is its ``TimeBase``:
    /// ``TimeBase/ticks(_:)`` applies the same rule.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the index does not fit in `Int64`.
    public func sampleIndex(sampleRate: SampleRate) throws(MediaTimeError) -> Int64 {
        let index = (Int128(value) * Int128(sampleRate.hertz)).roundedHalfUp(dividingBy: Int128(timescale))
        guard let result = Int64(exactly: index) else {
            throw .overflow("sample index of \(readable) at \(sampleRate)")
        }
        return result
    }

    /// The index of the video frame at `frameRate` that this time falls on.
    ///
    /// Same rule as ``sampleIndex(sampleRate:)``: `floor(t × fps + 1/2)`,
    /// exact for rational rates such as 30000/1001.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if the index does not fit in `Int64`.
    public func frameIndex(frameRate: FrameRate) throws(MediaTimeError) -> Int64 {
        let numerator = Int128(value) * Int128(frameRate.numerator)
        let denominator = Int128(timescale) * Int128(frameRate.denominator)
        guard let result = Int64(exactly: numerator.roundedHalfUp(dividingBy: denominator)) else {
            throw .overflow("frame index of \(readable) at \(frameRate) fps")
        }
        return result
    }

    /// The nearest time on `timescale`'s grid, rounding half up.
    ///
    /// Exact when `timescale` is a multiple of this time's reduced timescale;
    /// otherwise the new value is `floor(t × timescale + 1/2)`.
    ///
    /// - Throws: ``MediaTimeError/invalidTimescale(_:)`` if `timescale <= 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the value does not fit in `Int64`.
    public func converted(toTimescale timescale: Int32) throws(MediaTimeError) -> MediaTime {
        guard timescale > 0 else { throw .invalidTimescale(Int64(timescale)) }
        let scaled = (Int128(value) * Int128(timescale)).roundedHalfUp(dividingBy: Int128(self.timescale))
        guard let result = Int64(exactly: scaled) else {
            throw .overflow("\(readable) to timescale \(timescale)")
        }
        return MediaTime(uncheckedValue: result, timescale: timescale)
    }

    /// The time on `preferredTimescale`'s grid nearest to `seconds`.
    ///
    /// Rounds half up, `floor(seconds × preferredTimescale + 1/2)`, from the
    /// exact binary value of the `Double` (so 0.1 is the Double nearest 0.1,
    /// which is slightly above one tenth). The result keeps
    /// `preferredTimescale`; the default, 1 000 000, gives microseconds.
    ///
    /// - Throws: ``MediaTimeError/nonFinite(_:)`` for NaN or ±infinity;
    ///   ``MediaTimeError/invalidTimescale(_:)`` if `preferredTimescale <= 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the value does not fit in `Int64`.
    public init(seconds: Double, preferredTimescale: Int32 = 1_000_000) throws(MediaTimeError) {
        guard seconds.isFinite else { throw .nonFinite(seconds) }
        guard preferredTimescale > 0 else { throw .invalidTimescale(Int64(preferredTimescale)) }

        // seconds == ±mantissa × 2^exponent exactly, with an integer mantissa
        // of at most 53 bits; subnormals have no implicit leading bit.
        let mantissa: UInt64
        let exponent: Int
        if seconds.exponentBitPattern == 0 {
            mantissa = seconds.significandBitPattern
            exponent = -1074
        } else {
            mantissa = seconds.significandBitPattern | (1 << 52)
            exponent = Int(seconds.exponentBitPattern) - 1075
        }
        var scaled = Int128(mantissa) * Int128(preferredTimescale)  // < 2^84
        if seconds.sign == .minus { scaled = -scaled }

        let ticks: Int128
        if scaled == 0 {
            ticks = 0
        } else if exponent >= 0 {
            // A nonzero integer times 2^63 or more cannot fit in Int64.
            guard exponent < 63 else { throw Self.secondsOverflow(seconds, preferredTimescale) }
            let (product, overflow) = scaled.multipliedReportingOverflow(by: Int128(1) << exponent)
            guard !overflow else { throw Self.secondsOverflow(seconds, preferredTimescale) }
            ticks = product
        } else if exponent < -120 {
            // |scaled| < 2^84, so |scaled / 2^120| < 1/2: rounds to 0 either sign.
            ticks = 0
        } else {
            ticks = scaled.roundedHalfUp(dividingBy: Int128(1) << -exponent)
        }
        guard let value = Int64(exactly: ticks) else {
            throw Self.secondsOverflow(seconds, preferredTimescale)
        }
        self.init(uncheckedValue: value, timescale: preferredTimescale)
    }

    private static func secondsOverflow(_ seconds: Double, _ timescale: Int32) -> MediaTimeError {
        .overflow("\(MediaTime.readable(seconds: seconds)) at timescale \(timescale)")
    }
}
