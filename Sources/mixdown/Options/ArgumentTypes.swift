import ArgumentParser
import MixdownTime
import MixdownUnits

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

/// Parses a time as users type it (`12.5`, `1:02.25`, `01:02:03.040`), with MediaTime's reason on failure.
func parseTime(_ text: String) throws -> MediaTime {
    do { return try MediaTime(parsing: text) } catch { throw ValidationError(error.description) }
}

/// Parses `START-END` on the timeline.
func parseRange(_ text: String) throws -> MediaTimeRange {
    do { return try MediaTimeRange(parsing: text) } catch { throw ValidationError(error.description) }
}

/// A flag's value read by its quantity's own parser (the one project files use),
/// so both accept the same text and name the same range.
func quantity<Value>(_ parse: @escaping @Sendable (String) throws(QuantityError) -> Value) -> @Sendable (String) throws -> Value {
    { text in
        do throws(QuantityError) {
            return try parse(text)
        } catch {
            // ArgumentParser names the flag and the value already.
            throw ValidationError((error.reason.map { "\($0); " } ?? "") + "expected " + error.expected)
        }
    }
}

extension WAVSampleFormat: ExpressibleByArgument {}
