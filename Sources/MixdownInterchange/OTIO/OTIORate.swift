import MixdownTime

/// An OpenTimelineIO rate (a `double` in the file, `23.976` or `24`) as the exact
/// fraction it stands for.
///
/// Editors write NTSC rates rounded (`23.976`, `29.97`, `59.94`) or to the
/// double's precision (`23.976023976023978`); both mean `24000/1001`. A rate is
/// taken as `n` when it is within 1e-6 of an integer, as `1000n/1001` when within
/// 0.0005 of one (no other rate an editor uses lies that close), and otherwise as
/// the nearest fraction with a denominator up to 1001 that is within 1e-9 of it.
struct OTIORate: Hashable, Sendable {
    /// Counts per second, `numerator/denominator`, in lowest terms.
    let numerator: Int64
    let denominator: Int64

    /// The exact rate `rate` stands for, or nil for a rate that is not positive,
    /// not finite, or no fraction an editor would mean.
    init?(_ rate: Double) {
        guard rate.isFinite, rate > 0, rate < 1e9 else { return nil }
        let whole = rate.rounded()
        if whole >= 1, abs(rate - whole) < 1e-6 {
            (numerator, denominator) = (Int64(whole), 1)
            return
        }
        let ntsc = (rate * 1001 / 1000).rounded()
        if ntsc >= 1, abs(rate - ntsc * 1000 / 1001) < 0.0005 {
            (numerator, denominator) = Self.reduced(Int64(ntsc) * 1000, 1001)
            return
        }
        for denominator in Int64(2)...1001 {
            let numerator = (rate * Double(denominator)).rounded()
            if numerator >= 1, abs(rate - numerator / Double(denominator)) < 1e-9 * max(1, rate) {
                (self.numerator, self.denominator) = Self.reduced(Int64(numerator), denominator)
                return
            }
        }
        return nil
    }

    init(numerator: Int64, denominator: Int64) {
        (self.numerator, self.denominator) = Self.reduced(numerator, denominator)
    }

    /// The exact time of `count` units at this rate: `count × denominator / numerator` s.
    ///
    /// Counts are whole in practice; a fractional one is taken as the nearest
    /// fraction over a power of two or ten (up to 1/1024, 1/10⁶) within 10⁻⁹ of
    /// it, else to the nanosecond. Nil when the time does not fit a `MediaTime`.
    func time(of count: Double) -> MediaTime? {
        guard count.isFinite, abs(count) < 9e15 else { return nil }
        var whole = count.rounded(), scale: Int64 = 1
        if whole != count {
            let scales: [Int64] = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 10, 100, 1000, 10_000, 100_000, 1_000_000]
            guard let found = scales.first(where: { abs(count * Double($0) - (count * Double($0)).rounded()) < 1e-9 * Double($0) }) else {
                return try? MediaTime(seconds: count * Double(denominator) / Double(numerator), preferredTimescale: 1_000_000_000)
            }
            scale = found
            whole = (count * Double(found)).rounded()
        }
        let (value, valueOverflow) = Int64(whole).multipliedReportingOverflow(by: denominator)
        let (timescale, scaleOverflow) = numerator.multipliedReportingOverflow(by: scale)
        guard !valueOverflow, !scaleOverflow else { return nil }
        let (reducedValue, reducedScale) = Self.reduced(value, timescale)
        if let scale32 = Int32(exactly: reducedScale) { return try? MediaTime(value: reducedValue, timescale: scale32) }
        return try? MediaTime(seconds: count * Double(denominator) / Double(numerator), preferredTimescale: 1_000_000_000)
    }

    /// The rate as the double OTIO writes: `24000/1001` as `23.976023976023978`.
    var double: Double { Double(numerator) / Double(denominator) }

    private static func reduced(_ numerator: Int64, _ denominator: Int64) -> (Int64, Int64) {
        var (a, b) = (abs(numerator), denominator)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? (0, 1) : (numerator / a, denominator / a)
    }
}
