/// The one grammar for numbers users type into settings: an optional sign,
/// digits, an optional fraction, and an optional unit after at most one space:
/// `-6`, `0.8`, `+3.5 dB`, `192k`. No exponents, hex, `inf` or `nan`, so every
/// number reads the same on the command line and in a project file.
struct DecimalText {
    /// The number's value, as the nearest `Double` to its digits.
    var value: Double
    /// Whether a `-` came first.
    var isNegative: Bool
    /// The digits before the point, leading zeros dropped ("" for zero).
    var wholeDigits: Substring
    /// The digits after the point ("" when none).
    var fractionDigits: Substring
    /// The unit after the number, as typed ("" when none).
    var unit: Substring

    /// Reads `text`; nil when it is not a number of this grammar.
    init?(_ text: String) {
        var rest = Substring(text)
        isNegative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let number = rest.prefix { ("0"..."9").contains($0) || $0 == "." }
        var after = rest.dropFirst(number.count)
        if after.first == " " { after = after.dropFirst() }
        guard after.allSatisfy({ $0.isLetter }) else { return nil }
        unit = after
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, !whole.contains("."),
              parts.count == 1 || (!parts[1].isEmpty && !parts[1].contains(".")),
              let value = Double(String(number))
        else { return nil }
        wholeDigits = whole.drop { $0 == "0" }
        fractionDigits = parts.count == 2 ? parts[1] : ""
        self.value = isNegative ? -value : value
    }

    /// Whether the number is at most `limit` (a whole number), decided on the
    /// digits so that no rounding lets `24.0000000000000001` pass as 24.
    func isAtMost(_ limit: Int) -> Bool {
        if isNegative { return true }
        guard wholeDigits.count <= 18, let whole = Int(wholeDigits.isEmpty ? "0" : String(wholeDigits)) else { return false }
        return whole < limit || (whole == limit && fractionDigits.allSatisfy { $0 == "0" })
    }
}
