import Foundation
import MixdownTime
import MixdownUnits

// Converters for each kind of value the format holds. Each returns the value,
// or nil after reporting why the JSON value cannot be one.

extension ProjectFileReader {
    static let expectedTime = "a time like 12.5, \"1:02.25\" or \"01:02:03.040\""
    static let expectedPath = "a file path string like \"media/clip.mp4\""

    /// A time: a number of seconds or a string `MediaTime(parsing:)` reads, never negative.
    func time(_ value: Any, at path: JSONPath) -> MediaTime? {
        if let text = value as? String {
            if hasSpacesAround(text, at: path, expected: Self.expectedTime) { return nil }
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

    /// Whether `text` starts or ends with white space (then reported): a file's
    /// strings are exact, though the parsers, serving the command line too,
    /// may trim what a shell leaves around a value.
    func hasSpacesAround(_ text: String, at path: JSONPath, expected: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return false }
        report(path, found: Self.describe(text) + " (with spaces around it)", expected: expected)
        return true
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

    /// A volume: a number (the factor) or a string `Gain(parsing:)` reads (`"-6dB"`).
    func gain(_ value: Any, at path: JSONPath) -> Gain? {
        quantity(value, at: path, expected: Gain.expected, number: Gain.init(factor:), text: Gain.init(parsing:))
    }

    /// A level in dB: a number within the level's range, or a string such as `"-12dB"`.
    func decibels<Level: DecibelLevel>(_ value: Any, at path: JSONPath) -> Level? {
        quantity(value, at: path, expected: Level.expected, number: Level.init(decibels:), text: Level.init(parsing:))
    }

    /// A pan: a number from -1 to 1.
    func pan(_ value: Any, at path: JSONPath) -> Pan? {
        quantity(value, at: path, expected: Pan.expected, number: Pan.init(position:), text: nil)
    }

    /// A delivery loudness: a preset name or a target (`"podcast"`, `-16`, `"-16 LUFS"`),
    /// or `{"target": -16, "truePeak": -1}`.
    func loudness(_ value: Any, at path: JSONPath) -> DeliveryLoudness? {
        guard value is [String: Any] else {
            return quantity(value, at: path, expected: DeliveryLoudness.expected,
                            number: { (number: Double) throws(QuantityError) in DeliveryLoudness(target: try LoudnessLevel(decibels: number)) },
                            text: DeliveryLoudness.init(parsing:))
        }
        guard let fields = object(value, at: path, known: Key.Loudness.known, example: #"{"target": -16, "truePeak": -1}"#) else {
            return nil
        }
        let target: LoudnessLevel? = require(fields, Key.Loudness.target, at: path, expected: LoudnessLevel.expected, as: decibels)
        var loudness = DeliveryLoudness(target: target ?? .standard)
        if let ceiling: TruePeakCeiling = read(fields, Key.Loudness.truePeak, at: path, as: decibels) { loudness.ceiling = ceiling }
        return target == nil ? nil : loudness
    }

    /// A sample rate: a whole number of Hz.
    func sampleRate(_ value: Any, at path: JSONPath) -> SampleRate? {
        quantity(value, at: path, expected: SampleRate.expected, number: SampleRate.init(number:), text: nil)
    }

    /// An AAC bit rate: a whole number of bits per second.
    func bitRate(_ value: Any, at path: JSONPath) -> AudioBitRate? {
        quantity(value, at: path, expected: AudioBitRate.expected, number: AudioBitRate.init(number:), text: nil)
    }

    /// A user quantity from a JSON number (when `number` is given) or a string
    /// (when `text` is given), by the quantity's own parser; reported with the
    /// quantity's own expectation.
    func quantity<Value>(_ value: Any, at path: JSONPath, expected: String,
                         number: ((Double) throws(QuantityError) -> Value)?,
                         text: ((String) throws(QuantityError) -> Value)?) -> Value? {
        do throws(QuantityError) {
            if let string = value as? String, let text {
                return hasSpacesAround(string, at: path, expected: expected) ? nil : try text(string)
            }
            if let literal = Self.number(value), let number { return try number(literal.exactDouble) }
        } catch {
            report(path, found: Self.describe(value) + (error.reason.map { " (\($0))" } ?? ""), expected: expected)
            return nil
        }
        report(path, found: Self.describe(value), expected: expected)
        return nil
    }

    func bool(_ value: Any, at path: JSONPath) -> Bool? {
        guard let number = value as? NSNumber, !(value is String), Self.isBoolean(number) else {
            report(path, found: Self.describe(value), expected: "true or false")
            return nil
        }
        return number.boolValue
    }

    /// One of an enumeration's spellings, exactly; a near miss gets a suggestion.
    func choice<Choice: RawRepresentable & CaseIterable>(_ value: Any, at path: JSONPath) -> Choice?
    where Choice.RawValue == String {
        name(value, at: path, among: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
    }

    /// One of `names`, exactly; a near miss gets a suggestion.
    func name(_ value: Any, at path: JSONPath, among names: [String]) -> String? {
        let expected = Self.oneOf(names)
        guard let text = value as? String else {
            report(path, found: Self.describe(value), expected: expected)
            return nil
        }
        guard names.contains(text) else {
            let hint = Self.suggestion(for: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
            report(path, found: Self.describe(value), expected: expected + hint)
            return nil
        }
        return text
    }

    /// `one of "a", "b", "c"`.
    static func oneOf(_ names: [String]) -> String {
        "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// A media file path, resolved against the project's folder unless absolute.
    func filePath(_ value: Any, at path: JSONPath) -> String? {
        guard let text = value as? String, !text.isEmpty, !text.unicodeScalars.contains("\0") else {
            report(path, found: Self.describe(value), expected: Self.expectedPath)
            return nil
        }
        return ProjectFilePaths.resolve(text, against: baseDirectory)
    }
}
