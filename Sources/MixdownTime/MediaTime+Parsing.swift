extension MediaTime {
    /// Parses a non-negative time as users type it, exactly.
    ///
    /// Accepted forms (grammar in docs/time.md):
    /// - seconds: `"12"`, `"12.5"`, `"12.5s"`
    /// - milliseconds: `"250ms"`, `"0.5ms"`
    /// - minutes and seconds: `"1:02.25"` (`m:ss.frac`)
    /// - hours, minutes and seconds: `"01:02:03.040"` (`h:mm:ss.frac`)
    ///
    /// A decimal fraction with `n` digits becomes `value / 10^n` with no
    /// rounding, so `"0.1"` is exactly one tenth; at most 9 fraction digits
    /// (1 ns) are allowed, 6 with `ms`. Fields after a `:` have exactly two
    /// digits and must be below 60. Surrounding whitespace is ignored.
    ///
    /// - Throws: ``MediaTimeError/invalidString(_:reason:)`` quoting `text`,
    ///   with a reason such as `"negative times are not allowed"`.
    public init(parsing text: String) throws(MediaTimeError) {
        do {
            self = try TimeText.parse(text[...])
        } catch {
            throw .invalidString(text, reason: error.reason)
        }
    }
}
