internal import MixdownComposition

/// What is WebVTT's own: its header, its non-cue blocks, its cue settings.
enum WebVTTReader {
    /// Whether `line` is a WebVTT header: `WEBVTT`, alone or followed by a space or tab.
    static func isHeader(_ line: String) -> Bool {
        startsBlock(line, keyword: "WEBVTT")
    }

    /// Whether `line` is `keyword` alone or followed by a space or tab (`NOTE this`).
    static func startsBlock(_ line: String, keyword: String) -> Bool {
        guard line.hasPrefix(keyword) else { return false }
        let rest = line.dropFirst(keyword.count)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// The `line`, `position` and `align` settings of `text` (`line:85% align:start`);
    /// others (`size`, `vertical`, `region`) and invalid values are ignored, as the format says.
    static func settings(_ text: String) -> CaptionCueSettings {
        var settings = CaptionCueSettings()
        for token in text.split(whereSeparator: \.isWhitespace) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let name = token[..<colon], value = token[token.index(after: colon)...]
            // `line:10%,end` and `position:30%,line-left` carry an alignment Mixdown does not use.
            let main = value.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
            switch name {
            case "line":
                if let percent = percentage(main) {
                    settings.line = .percent(percent)
                } else if let number = Int(main), main.allSatisfy({ $0 == "-" || $0.isNumber }), (-1000...1000).contains(number) {
                    // Beyond a thousand lines no picture has: ignored, as an invalid setting is.
                    settings.line = .number(number)
                }
            case "position":
                if let percent = percentage(main) { settings.position = percent }
            case "align":
                if main == "middle" {
                    settings.align = .center
                } else if let align = CaptionCueSettings.Alignment(rawValue: String(main)) {
                    settings.align = align
                }
            default:
                continue
            }
        }
        return settings
    }

    /// `85%` or `12.5%` (0 to 100) as 85 or 12.5.
    private static func percentage(_ text: Substring) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        let number = text.dropLast()
        guard !number.isEmpty, number.allSatisfy({ $0 == "." || $0.isNumber }), let value = Double(number),
              (0...100).contains(value) else { return nil }
        return value
    }
}
