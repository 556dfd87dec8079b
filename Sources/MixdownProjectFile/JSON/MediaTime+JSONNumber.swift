import Foundation
import MixdownTime

extension MediaTime {
    /// The finest time a project file's numbers keep: 1 ns, as for time text.
    static let jsonNumberTimescale: Int32 = 1_000_000_000

    /// The time of a non-negative JSON number of seconds, as the number reads
    /// in decimal: `12.5` is exactly 25/2 s and `0.1` exactly one tenth, not
    /// the binary `Double` nearest to it.
    ///
    /// Integers are exact; a `Double` is taken in its shortest round-trip
    /// form; a long literal `JSONSerialization` kept as `NSDecimalNumber` in
    /// its own digits. More than 9 fraction digits round half up to the
    /// nanosecond. `nil` for negative numbers and times too large to hold.
    init?(jsonNumber number: NSNumber) {
        let literal: String
        if number is NSDecimalNumber {
            literal = number.description
        } else {
            switch String(cString: number.objCType) {
            case "c", "s", "i", "l", "q": literal = String(number.int64Value)
            case "C", "S", "I", "L", "Q": literal = String(number.uint64Value)
            default: literal = number.exactDouble.description
            }
        }
        if let time = MediaTime(decimalLiteral: literal) {
            self = time
        } else if let time = try? MediaTime(seconds: number.exactDouble, preferredTimescale: Self.jsonNumberTimescale),
                  time >= .zero {
            self = time
        } else {
            return nil
        }
    }

    /// The exact time of a non-negative decimal literal (`12.5`, `1e-05`,
    /// `1.5E+3`), rounded half up to the nanosecond beyond 9 fraction digits;
    /// `nil` if it is not such a literal or does not fit.
    init?(decimalLiteral literal: String) {
        var text = Substring(literal)
        let negative = text.first == "-"
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(text[text.index(after: e)...]), abs(value) < 1_000 else { return nil }
            exponent = value
            text = text[..<e]
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty || !fraction.isEmpty,
              (whole + fraction).allSatisfy({ ("0"..."9").contains($0) }) else { return nil }

        // value = digits × 10^(-scale)
        var digits = Array((whole + fraction).drop { $0 == "0" })
        var scale = fraction.count - exponent
        while digits.last == "0", scale > 0 {
            digits.removeLast()
            scale -= 1
        }
        guard !digits.isEmpty else { self = .zero; return }
        // Only zero may carry a minus sign.
        guard !negative else { return nil }

        if scale <= 0 {
            guard let base = Int64(String(digits)) else { return nil }
            var value = base
            for _ in 0..<(-scale) {
                let (product, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = product
            }
            self = MediaTime.exact(value, timescale: 1)
        } else if scale <= 9 {
            guard let value = Int64(String(digits)) else { return nil }
            self = MediaTime.exact(value, timescale: Int32(Self.powerOfTen(scale)))
        } else {
            // Keep 9 fraction digits: drop the last `scale - 9`, rounding half up.
            let drop = scale - 9
            let kept = digits.count > drop ? digits.prefix(digits.count - drop) : []
            let firstDropped = digits.count >= drop ? digits[digits.count - drop] : "0"
            guard var value = kept.isEmpty ? 0 : Int64(String(kept)) else { return nil }
            if firstDropped >= "5" {
                let (sum, overflow) = value.addingReportingOverflow(1)
                guard !overflow else { return nil }
                value = sum
            }
            self = MediaTime.exact(value, timescale: Self.jsonNumberTimescale)
        }
    }

    private static func exact(_ value: Int64, timescale: Int32) -> MediaTime {
        // Timescales here are powers of ten from 1 to 10^9, always valid.
        (try? MediaTime(value: value, timescale: timescale)) ?? .zero
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { result, _ in result * 10 }
    }
}
