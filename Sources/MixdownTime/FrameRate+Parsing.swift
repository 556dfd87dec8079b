public import MixdownUnits

extension FrameRate {
    /// The rates a user may set, in frames per second: from a slide show's 1
    /// to a high-speed camera's 240.
    public static let typedRange: ClosedRange<Int64> = 1...240
    /// What users may give, for messages.
    public static let expected = "a frame rate from 1 to 240 frames per second: a whole number like 25, or a fraction like \"30000/1001\""

    /// A rate of a whole number of frames per second given as a `Double` (a JSON number).
    ///
    /// Fractions are refused rather than approximated: 29.97 is not NTSC's
    /// 30000/1001, and a rate a little off drifts against the source's frames.
    ///
    /// - Throws: `QuantityError` for a fraction or a rate outside ``typedRange``.
    public init(framesPerSecond number: Double) throws(QuantityError) {
        let shown = QuantityError.number(number)
        guard let whole = Int64(exactly: number) else {
            let reason = abs(number) < 1e15 ? "not a whole number; write a fraction such as \"30000/1001\"" : nil
            throw QuantityError(value: shown, reason: reason, expected: Self.expected)
        }
        guard Self.typedRange.contains(whole) else { throw QuantityError(value: shown, expected: Self.expected) }
        try self.init(whole, 1, shown: shown)
    }

    /// Reads `25` or `30000/1001` (ASCII digits, no sign, no spaces): exactly
    /// the fraction typed, not reduced.
    ///
    /// - Throws: `QuantityError` quoting `text` for anything else, a part
    ///   larger than 2147483647, or a rate outside ``typedRange``.
    public init(parsing text: String) throws(QuantityError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        // Digits only, so nil means too long for 64 bits: too large for 32 as well.
        try self.init(Int64(parts[0]) ?? .max, parts.count == 2 ? Int64(parts[1]) ?? .max : 1, shown: MessageText.quoted(text))
    }

    /// `numerator / denominator` when both fit 32 bits and the rate lies in
    /// ``typedRange``, compared exactly (240/1 passes, 2147483647/8947848 does not).
    private init(_ numerator: Int64, _ denominator: Int64, shown: String) throws(QuantityError) {
        guard let top = Int32(exactly: numerator), let bottom = Int32(exactly: denominator) else {
            throw QuantityError(value: shown, reason: "a part is larger than 2147483647", expected: Self.expected)
        }
        guard bottom > 0, Int64(top) >= Self.typedRange.lowerBound * Int64(bottom), Int64(top) <= Self.typedRange.upperBound * Int64(bottom),
              let rate = try? FrameRate(top, bottom)
        else { throw QuantityError(value: shown, expected: Self.expected) }
        self = rate
    }
}
