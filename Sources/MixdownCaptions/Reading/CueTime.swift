/// The time stamps of cue timing lines, as whole milliseconds (what both formats count in).
enum CueTime {
    /// SRT's `hh:mm:ss,ttt` (a `.` before the milliseconds is taken too, as
    /// players take it); nil when malformed.
    static func srtMilliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return milliseconds(hours: parts[0], minutes: parts[1], secondsAndFraction: parts[2], separators: [",", "."])
    }

    /// WebVTT's `mm:ss.ttt` or `hh:mm:ss.ttt`; nil when malformed.
    static func webVTTMilliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 2: return milliseconds(hours: "0", minutes: parts[0], secondsAndFraction: parts[1], separators: ["."])
        case 3: return milliseconds(hours: parts[0], minutes: parts[1], secondsAndFraction: parts[2], separators: ["."])
        default: return nil
        }
    }

    private static func milliseconds(hours: Substring, minutes: Substring, secondsAndFraction: Substring,
                                     separators: Set<Character>) -> Int64? {
        guard let dot = secondsAndFraction.firstIndex(where: { separators.contains($0) }) else { return nil }
        let seconds = secondsAndFraction[..<dot], fraction = secondsAndFraction[secondsAndFraction.index(after: dot)...]
        // At most six digits of hours: times up to 999999 h, far from overflowing.
        guard let h = digits(hours, count: 1...6), let m = digits(minutes, count: 2...2), let s = digits(seconds, count: 2...2),
              let ms = digits(fraction, count: 3...3), m < 60, s < 60 else { return nil }
        return ((h * 60 + m) * 60 + s) * 1000 + ms
    }

    private static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int64? {
        guard count.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text)
    }
}
