extension MediaTimeRange {
    /// Parses `START-END` as users type it for `--range`, e.g. `"10-20"`,
    /// `"1:00-1:30.5"` or `"0:05.5-0:07"`.
    ///
    /// Each side uses the grammar of ``MediaTime/init(parsing:)``; since
    /// times cannot be negative, the single `-` always separates them. `END`
    /// must be after `START`, so the range is never empty. `end` is kept
    /// exactly as typed.
    ///
    /// - Throws: ``MediaTimeError/invalidString(_:reason:)`` quoting the
    ///   whole `text`; a reason about one side starts with `start:` or `end:`.
    public init(parsing text: String) throws(MediaTimeError) {
        let sides = text.split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2 else {
            let reason: String
            if sides.count == 1 {
                reason = "expected START-END, such as 10-20 or 1:00-1:30.5"
            } else if text.drop(while: { $0.isWhitespace }).first == "-" {
                reason = "negative times are not allowed"
            } else {
                reason = "expected exactly one '-' between start and end"
            }
            throw .invalidString(text, reason: reason)
        }

        let start = try Self.side(sides[0], named: "start", of: text)
        let end = try Self.side(sides[1], named: "end", of: text)
        guard start < end else {
            throw .invalidString(text, reason: "end (\(end.readable)) must be after start (\(start.readable))")
        }
        do {
            try self.init(start: start, end: end)
        } catch {
            throw .invalidString(text, reason: "the range is too long")
        }
    }

    private static func side(
        _ side: Substring, named name: String, of text: String
    ) throws(MediaTimeError) -> MediaTime {
        guard side.contains(where: { !$0.isWhitespace }) else {
            throw .invalidString(text, reason: "\(name) is missing")
        }
        do {
            return try TimeText.parse(side)
        } catch {
            throw .invalidString(text, reason: "\(name): \(error.reason)")
        }
    }
}
