import ArgumentParser
import MixdownTime
import MixdownUnits

/// `path@time` or `path`, as `--voiceover` and `--music` take them.
struct Placement {
    var path: String
    var time: MediaTime?

    /// The last '@' separates the time, so paths containing '@' still work when a time follows.
    static func parse(_ argument: String) throws -> Placement {
        let (path, time) = try splitAtLastAt(argument, naming: "path")
        return Placement(path: path, time: try time.map(parseTime))
    }
}

/// `text@start-end`, as `--title` takes it.
struct TimedText {
    var text: String
    var range: MediaTimeRange

    /// The last '@' separates the range (`START-END`, as `--range` reads it),
    /// so a text may hold '@' itself.
    static func parse(_ argument: String) throws -> TimedText {
        let (text, range) = try splitAtLastAt(argument, naming: "text")
        guard let range else {
            throw ValidationError(#"needs its times: expected TEXT@START-END, like "Chapter 1@2-6" (the last @ separates the text from its times)"#)
        }
        return TimedText(text: text, range: try parseRange(range))
    }
}

/// `path@lang` or `path`, as `--captions` takes them.
struct CaptionArgument {
    var path: String
    var language: LanguageCode

    /// The last '@' separates the language, an ISO 639-2 code; `und` without one.
    static func parse(_ argument: String) throws -> CaptionArgument {
        let (path, language) = try splitAtLastAt(argument, naming: "path")
        return CaptionArgument(path: path, language: try language.map(quantity(LanguageCode.init(parsing:))) ?? .standard)
    }
}

/// `argument` split at its last '@': what comes before it (a path or a
/// text, named `head` in messages, never empty) and what comes after it, nil
/// without an '@'.
private func splitAtLastAt(_ argument: String, naming head: String) throws -> (String, String?) {
    guard let at = argument.lastIndex(of: "@") else {
        guard !argument.isEmpty else { throw ValidationError("empty \(head)") }
        return (argument, nil)
    }
    let before = String(argument[..<at])
    guard !before.isEmpty else { throw ValidationError("no \(head) before '@'") }
    return (before, String(argument[argument.index(after: at)...]))
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
