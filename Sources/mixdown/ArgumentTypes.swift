import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownTime

/// `path@time` or `path`, as `--voiceover` and `--music` take them.
struct Placement {
    var path: String
    var time: MediaTime?

    /// The last '@' separates the time, so paths containing '@' still work when a time follows.
    static func parse(_ argument: String) throws -> Placement {
        guard let at = argument.lastIndex(of: "@") else {
            guard !argument.isEmpty else { throw ValidationError("empty path") }
            return Placement(path: argument, time: nil)
        }
        let path = String(argument[..<at])
        guard !path.isEmpty else { throw ValidationError("no path before '@'") }
        return Placement(path: path, time: try parseTime(String(argument[argument.index(after: at)...])))
    }
}

/// A gain typed as a factor (`0.8`) or in decibels (`-6dB`), at most +24 dB.
struct Gain {
    var factor: Double
    init(_ factor: Double) { self.factor = factor }

    static let maximum = pow(10, 24.0 / 20)

    static func parse(_ argument: String) throws -> Gain {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let factor: Double
        if text.lowercased().hasSuffix("db") {
            guard let db = Double(text.dropLast(2)), db.isFinite else {
                throw ValidationError("expected decibels like -6dB")
            }
            factor = pow(10, db / 20)
        } else {
            guard let value = Double(text), value.isFinite else {
                throw ValidationError("expected a gain like 0.8 or decibels like -6dB")
            }
            factor = value
        }
        guard factor >= 0, factor <= maximum * (1 + 1e-12) else {
            throw ValidationError("gain must be between 0 and +24 dB (15.85)")
        }
        return Gain(factor)
    }
}

/// Parses a time as users type it (`12.5`, `1:02.25`, `01:02:03.040`), with MediaTime's reason on failure.
func parseTime(_ text: String) throws -> MediaTime {
    do { return try MediaTime(parsing: text) } catch { throw ValidationError(error.description) }
}

/// Parses `START-END` on the timeline.
func parseRange(_ text: String) throws -> MediaTimeRange {
    do { return try MediaTimeRange(parsing: text) } catch { throw ValidationError(error.description) }
}

extension WAVSampleFormat: ExpressibleByArgument {}
