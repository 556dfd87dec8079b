internal import MixdownUnits

/// Why user text is not a time; becomes ``MediaTimeError/invalidString(_:reason:)``
/// once the caller knows which whole text to quote.
internal struct TimeSyntaxError: Error {
    internal let reason: String

    internal init(_ reason: String) {
        self.reason = reason
    }
}

/// The parser for time text as users type it; the grammar is in docs/time.md.
///
/// Works on Unicode scalars rather than bytes so that an error can quote the
/// offending character as the user sees it.
internal enum TimeText {
    private enum Unit {
        case seconds
        case milliseconds
    }

    /// 1 ns resolution: 10^9 is the largest power of ten an Int32 timescale holds.
    private static let maximumFractionDigits = 9

    internal static func parse(_ text: Substring) throws(TimeSyntaxError) -> MediaTime {
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }

        guard !scalars.isEmpty else {
            throw TimeSyntaxError("is empty; expected a time such as 12.5, 1:02.25 or 250ms")
        }
        if scalars.first == "-" {
            throw TimeSyntaxError("negative times are not allowed")
        }

        var unit: Unit?
        if scalars.count >= 2, scalars.suffix(2).elementsEqual(["m", "s"]) {
            unit = .milliseconds
            scalars.removeLast(2)
        } else if scalars.last == "s" {
            unit = .seconds
            scalars.removeLast()
        }
        guard !scalars.isEmpty else {
            throw TimeSyntaxError("expected a number before the unit")
        }

        // Only a number-shaped text gets the exponent message; "1 sec" is
        // better served by pointing at its first odd character.
        let isExponentShaped = scalars.allSatisfy { isDigit($0) || "eE.+-".unicodeScalars.contains($0) }
        if isExponentShaped, scalars.contains(where: { $0 == "e" || $0 == "E" }) {
            throw TimeSyntaxError("exponent notation such as 1e5 is not supported")
        }
        if let bad = scalars.first(where: { !isDigit($0) && $0 != "." && $0 != ":" }) {
            throw TimeSyntaxError(bad.properties.isWhitespace
                ? "unexpected space inside the time"
                : "unexpected character '\(MessageText.shown(String(bad)))'")
        }

        let fields = scalars.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count <= 3 else {
            throw TimeSyntaxError("too many ':' fields; use seconds, m:ss or h:mm:ss")
        }
        if fields.count > 1, unit != nil {
            throw TimeSyntaxError("a unit suffix cannot be combined with the m:ss or h:mm:ss form")
        }

        // Fields before the seconds: [minutes] or [hours, minutes].
        var wholeSeconds: Int64 = 0
        let names = fields.count == 3 ? ["hours", "minutes"] : ["minutes"]
        for (index, field) in fields.dropLast().enumerated() {
            let name = names[index]
            guard !field.isEmpty else { throw TimeSyntaxError("missing \(name) before ':'") }
            guard !field.contains(".") else {
                throw TimeSyntaxError("only the seconds may have a fraction, not the \(name)")
            }
            let number = try integer(field)
            if index > 0 {
                // Minutes after hours.
                guard field.count == 2 else { throw TimeSyntaxError("minutes after ':' must have two digits") }
                guard number < 60 else { throw TimeSyntaxError("minutes must be below 60 when hours are given") }
            }
            wholeSeconds = try multiplyAdd(wholeSeconds, 60, number)
        }

        let secondsField = fields.last!
        let hasMinutes = fields.count > 1
        guard !secondsField.isEmpty else { throw TimeSyntaxError("missing seconds after ':'") }
        let parts = secondsField.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw TimeSyntaxError("more than one '.'") }
        let wholePart = parts[0]
        let fractionPart = parts.count == 2 ? parts[1] : []
        guard !wholePart.isEmpty else { throw TimeSyntaxError("expected digits before '.'") }
        if parts.count == 2, fractionPart.isEmpty { throw TimeSyntaxError("expected digits after '.'") }

        let secondsNumber = try integer(wholePart)
        if hasMinutes {
            guard wholePart.count == 2 else { throw TimeSyntaxError("seconds after ':' must have two digits") }
            guard secondsNumber < 60 else {
                throw TimeSyntaxError("seconds must be below 60 when minutes are given")
            }
        }
        wholeSeconds = try multiplyAdd(wholeSeconds, 60, secondsNumber)

        // Milliseconds take three of the nine decimal places of 1 ns.
        let unitDigits = unit == .milliseconds ? 3 : 0
        let maximumDigits = maximumFractionDigits - unitDigits
        guard fractionPart.count <= maximumDigits else {
            throw TimeSyntaxError("more than \(maximumDigits) fraction digits; the finest resolution is 1 ns")
        }
        let fraction = fractionPart.isEmpty ? 0 : try integer(fractionPart)
        let fractionScale = MediaTime.powerOfTen(fractionPart.count)
        let value = try multiplyAdd(wholeSeconds, fractionScale, fraction)
        let timescale = Int32(fractionScale * MediaTime.powerOfTen(unitDigits))
        return MediaTime(uncheckedValue: value, timescale: timescale)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The decimal value of a run of ASCII digits (already validated).
    private static func integer(_ digits: ArraySlice<Unicode.Scalar>) throws(TimeSyntaxError) -> Int64 {
        var result: Int64 = 0
        for digit in digits {
            result = try multiplyAdd(result, 10, Int64(digit.value - ("0" as Unicode.Scalar).value))
        }
        return result
    }

    /// `a * factor + b` for non-negative operands; huge user input must be
    /// an error, never a trap.
    private static func multiplyAdd(_ a: Int64, _ factor: Int64, _ b: Int64) throws(TimeSyntaxError) -> Int64 {
        let (product, productOverflow) = a.multipliedReportingOverflow(by: factor)
        let (sum, sumOverflow) = product.addingReportingOverflow(b)
        guard !productOverflow, !sumOverflow else {
            throw TimeSyntaxError("the time is too large")
        }
        return sum
    }
}
