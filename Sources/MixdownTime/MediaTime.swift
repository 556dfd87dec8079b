public import MixdownUnits

/// A point in media time as an exact rational number of seconds,
/// `value / timescale`, like `CMTime`.
///
/// `timescale` is always positive; `value` may be negative. Different
/// representations of the same instant are equal and hash alike:
/// `1/2 == 2/4`. Nothing here traps on overflow; operations that cannot
/// produce an exact (or documented-rounded) result throw ``MediaTimeError``.
public struct MediaTime: Sendable {
    /// The numerator: a count of `1/timescale` second ticks.
    public let value: Int64

    /// Ticks per second; always greater than zero.
    public let timescale: Int32

    /// Makes `value / timescale` seconds, exactly as given (not reduced).
    ///
    /// - Throws: ``MediaTimeError/invalidTimescale(_:)`` if `timescale <= 0`.
    public init(value: Int64, timescale: Int32) throws(MediaTimeError) {
        guard timescale > 0 else { throw .invalidTimescale(Int64(timescale)) }
        self.init(uncheckedValue: value, timescale: timescale)
    }

    /// Makes a time whose timescale the caller has already validated.
    internal init(uncheckedValue value: Int64, timescale: Int32) {
        assert(timescale > 0)
        self.value = value
        self.timescale = timescale
    }

    /// Zero seconds, `0/1`.
    public static let zero = MediaTime(uncheckedValue: 0, timescale: 1)

    /// The time of sample `sampleIndex` at `sampleRate`: exactly
    /// `sampleIndex / sampleRate` seconds, with the rate in Hz as timescale.
    /// (A sample of a stream at its own rate: ``TimeBase/time(ticks:)``.)
    public init(sampleIndex: Int64, sampleRate: SampleRate) {
        self.init(uncheckedValue: sampleIndex, timescale: sampleRate.hertz)
    }

    /// The time in seconds as the nearest `Double`.
    ///
    /// For display and for floating-point DSP only; `Double` cannot tell
    /// apart times that differ by less than about 1e-16 of their size, so
    /// never use it to place samples. Use ``sampleIndex(sampleRate:)``.
    public var seconds: Double {
        Double(value) / Double(timescale)
    }
}

extension MediaTime {
    /// `milliseconds` ms exactly (timescale 1000); for defaults written as literals.
    public static func milliseconds(_ milliseconds: Int64) -> MediaTime {
        MediaTime(uncheckedValue: milliseconds, timescale: 1000)
    }

    /// `microseconds` µs exactly (timescale 1 000 000); for defaults written as literals.
    public static func microseconds(_ microseconds: Int64) -> MediaTime {
        MediaTime(uncheckedValue: microseconds, timescale: 1_000_000)
    }
}
