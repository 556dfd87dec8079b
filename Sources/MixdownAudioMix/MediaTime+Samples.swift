import MixdownTime
import MixdownUnits

// Envelopes are functions of continuous time sampled at t = n / rate, so a
// boundary at time b first affects sample ceil(b × rate): the first sample
// at or after it. For boundaries on the sample grid this equals
// `sampleIndex(sampleRate:)`; off the grid it never moves a change earlier
// than its time.

extension MediaTime {
    /// The first sample index `n` with `n / sampleRate >= self`, i.e.
    /// `ceil(self × sampleRate)`, exact; saturates at the `Int64` bounds.
    internal func ceilingSampleIndex(sampleRate: SampleRate) -> Int64 {
        let numerator = Int128(value) * Int128(sampleRate.hertz)
        let denominator = Int128(timescale)
        // Division truncates toward zero, which is already the ceiling for
        // negative quotients; positive ones round up on any remainder.
        var quotient = numerator / denominator
        if numerator % denominator > 0 { quotient += 1 }
        return Int64(clamping: quotient)
    }
}
