import Foundation
import MixdownTime

// Converters for each kind of value the format holds. Each returns the value,
// or nil after reporting why the JSON value cannot be one.

extension ProjectFileReader {
    static let expectedTime = "a time like 12.5, \"1:02.25\" or \"01:02:03.040\""
    static let expectedPath = "a file path string like \"media/clip.mp4\""
    static let expectedVolume = "a gain from 0 to 15.85 like 0.8, or decibels up to +24 dB like \"-6dB\""

    /// The loudest volume accepted: +24 dB, `10^(24/20)`.
    static let maximumGain = pow(10, 24.0 / 20)
    static let duckDepthRange = -120.0...0.0
    static let thresholdRange = -120.0...0.0
    static let sampleRateRange = 8_000...384_000
    static let bitrateRange = 32_000...512_000

    /// A time: a number of seconds or a string `MediaTime(parsing:)` reads, never negative.
    func time(_ value: Any, at path: JSONPath) -> MediaTime? {
        if let text = value as? String {
            if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
               first.properties.isWhitespace || last.properties.isWhitespace {
                report(path, found: Self.describe(value) + " (with spaces around it)", expected: Self.expectedTime)
                return nil
            }
            do {
                return try MediaTime(parsing: text)
            } catch let .invalidString(_, reason) {
                report(path, found: "\(Self.describe(value)) (\(reason))", expected: Self.expectedTime)
            } catch {
                report(path, found: "\(Self.describe(value)) (\(error))", expected: Self.expectedTime)
            }
            return nil
        }
        guard let number = Self.number(value) else {
            report(path, found: Self.describe(value), expected: Self.expectedTime)
            return nil
        }
        guard number.exactDouble >= 0 else {
            report(path, found: Self.describe(value), expected: "a time that is not negative, like 12.5")
            return nil
        }
        guard let time = MediaTime(jsonNumber: number) else {
            report(path, found: Self.describe(value), expected: "a time of at most about 9.2e9 seconds (292 years)")
            return nil
        }
        return time
    }

    /// A time greater than zero (a duration).
    func positiveTime(_ value: Any, at path: JSONPath) -> MediaTime? {
        guard let time = time(value, at: path) else { return nil }
        guard time > .zero else {
            report(path, found: Self.describe(value), expected: "a duration greater than zero, like 30 or \"1:30\"")
            return nil
        }
        return time
    }

    /// A volume as a linear gain: a number from 0 to +24 dB, or decibels as `"-6dB"`.
    func volume(_ value: Any, at path: JSONPath) -> Double? {
        if let text = value as? String {
            guard let decibels = Self.decibelText(text) else {
                report(path, found: Self.describe(value), expected: Self.expectedVolume)
                return nil
            }
            guard decibels.isAtMost24 else {
                report(path, found: Self.describe(value), expected: "decibels up to +24 dB, like \"-6dB\" or \"3dB\"")
                return nil
            }
            return pow(10, decibels.value / 20) + 0
        }
        guard let number = Self.number(value) else {
            report(path, found: Self.describe(value), expected: Self.expectedVolume)
            return nil
        }
        let gain = number.exactDouble
        guard gain >= 0, gain <= Self.maximumGain else {
            report(path, found: Self.describe(value), expected: Self.expectedVolume)
            return nil
        }
        return gain + 0  // -0 reads as 0
    }

    /// A level in dB as a plain number within `range`, such as a duck depth of -12.
    func decibels(_ value: Any, at path: JSONPath, in range: ClosedRange<Double>) -> Double? {
        guard let number = Self.number(value), range.contains(number.exactDouble) else {
            let bounds = "\(JSONValue.number(range.lowerBound).literal) to \(JSONValue.number(range.upperBound).literal)"
            report(path, found: Self.describe(value), expected: "a number of dB from \(bounds), like -12")
            return nil
        }
        return number.exactDouble + 0
    }

    func bool(_ value: Any, at path: JSONPath) -> Bool? {
        guard let number = value as? NSNumber, !(value is String), Self.isBoolean(number) else {
            report(path, found: Self.describe(value), expected: "true or false")
            return nil
        }
        return number.boolValue
    }

    /// A whole number within `range` (`48000` and `48000.0` alike).
    func integer(_ value: Any, at path: JSONPath, in range: ClosedRange<Int>, unit: String) -> Int? {
        let bounds = "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)"
        guard let number = Self.number(value) else {
            report(path, found: Self.describe(value), expected: bounds)
            return nil
        }
        let double = number.exactDouble
        guard double == double.rounded(), double >= Double(range.lowerBound), double <= Double(range.upperBound) else {
            report(path, found: Self.describe(value), expected: bounds)
            return nil
        }
        return Int(double)
    }

    /// One of an enumeration's spellings, exactly; a near miss gets a suggestion.
    func choice<Choice: RawRepresentable & CaseIterable>(_ value: Any, at path: JSONPath) -> Choice?
    where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue)
        let expected = "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let text = value as? String else {
            report(path, found: Self.describe(value), expected: expected)
            return nil
        }
        guard let choice = Choice(rawValue: text) else {
            let hint = Self.suggestion(for: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
            report(path, found: Self.describe(value), expected: expected + hint)
            return nil
        }
        return choice
    }

    /// A media file path, resolved against the project's folder unless absolute.
    func filePath(_ value: Any, at path: JSONPath) -> String? {
        guard let text = value as? String, !text.isEmpty, !text.unicodeScalars.contains("\0") else {
            report(path, found: Self.describe(value), expected: Self.expectedPath)
            return nil
        }
        return ProjectFilePaths.resolve(text, against: baseDirectory)
    }

    // MARK: Decibel text

    /// A decibel string's number, and whether it is at most +24 dB (decided on
    /// the digits, so no rounding can let 24.0000000000000001 through).
    struct DecibelText {
        var value: Double
        var isAtMost24: Bool
    }

    /// Reads `[+|-]digits[.digits][ ]dB`, `dB` in any case; `nil` for anything else.
    static func decibelText(_ text: String) -> DecibelText? {
        var scalars = Array(text.unicodeScalars)[...]
        guard scalars.count >= 3, String(String.UnicodeScalarView(scalars.suffix(2))).lowercased() == "db" else { return nil }
        scalars.removeLast(2)
        if scalars.last == " " { scalars.removeLast() }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars.removeFirst()
        }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: ArraySlice<Unicode.Scalar>) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        guard isDigits(parts[0]), parts.count == 1 || isDigits(parts[1]) else { return nil }
        guard let value = Double(String(String.UnicodeScalarView(scalars))) else { return nil }
        let whole = parts[0].drop { $0 == "0" }
        let fractionIsZero = parts.count == 1 || parts[1].allSatisfy { $0 == "0" }
        let wholeValue = whole.count > 2 ? Int.max : Int(String(String.UnicodeScalarView(whole))) ?? 0
        let atMost24 = negative || wholeValue < 24 || (wholeValue == 24 && fractionIsZero)
        return DecibelText(value: negative ? -value : value, isAtMost24: atMost24)
    }
}
