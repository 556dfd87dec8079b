internal import MixdownComposition
internal import MixdownTime
internal import MixdownUnits

/// Reads the blocks of a caption file, blank-line separated, into cues: SRT's
/// `number / times / text`, WebVTT's header, `NOTE`, `STYLE` and `REGION`
/// blocks (skipped) and `identifier / times settings / text` cues.
struct CueBlockReader {
    let lines: [String]
    let path: String
    let format: CaptionFormat
    private(set) var warnings: [CaptionWarning] = []

    init(lines: [String], path: String, format: CaptionFormat) {
        self.lines = lines
        self.path = path
        self.format = format
    }

    mutating func cues() throws(CaptionError) -> [CaptionCue] {
        var index = 0
        if format == .webVTT {
            // The header block: `WEBVTT` and any header lines up to the first blank line.
            while index < lines.count, !isBlank(lines[index]) { index += 1 }
        }
        var cues: [CaptionCue] = []
        while index < lines.count {
            if isBlank(lines[index]) {
                index += 1
                continue
            }
            var end = index
            while end < lines.count, !isBlank(lines[end]) { end += 1 }
            end = nextCueStart(in: index..<end) ?? end
            if let cue = try cue(in: index..<end) { cues.append(cue) }
            index = end
        }
        return cues
    }

    /// The cue of the block of lines `block` (indices into `lines`); nil for a
    /// block that is no cue (WebVTT's NOTE, STYLE, REGION) or one never shown.
    private mutating func cue(in block: Range<Int>) throws(CaptionError) -> CaptionCue? {
        let first = lines[block.lowerBound]
        if format == .webVTT, ["NOTE", "STYLE", "REGION"].contains(where: { WebVTTReader.startsBlock(first, keyword: $0) }) {
            return nil
        }
        var timing = block.lowerBound
        var identifier: String?
        if !first.contains("-->") {
            identifier = first.trimmingWhitespace
            timing += 1
            guard timing < block.upperBound, lines[timing].contains("-->") else {
                let line = timing < block.upperBound ? timing : block.lowerBound
                let found = timing < block.upperBound ? lines[timing] : first
                throw malformed(line, "expected cue times such as `\(example)`, found \(MessageText.quoted(found)): missing `-->`")
            }
        }
        let (range, settings) = try times(lineIndex: timing)
        let text = Array(lines[(timing + 1)..<block.upperBound])
        if range.isEmpty {
            warnings.append(CaptionWarning(path: path, line: timing + 1,
                                           message: "the cue ends where it starts (\(range.start.readable)); it is never shown"))
            return nil
        }
        let parsed = CueTextParser(stripsBraceTags: format == .srt).lines(text)
        return CaptionCue(timeRange: range, lines: parsed, identifier: identifier, settings: settings)
    }

    /// Where a timing line inside `block`, after the block's own, starts the
    /// next cue with the blank line between them left out, as players read it
    /// (in SRT, from the cue number before it); nil when none does.
    private func nextCueStart(in block: Range<Int>) -> Int? {
        guard let own = block.prefix(2).first(where: { lines[$0].contains("-->") }) else { return nil }
        for index in (own + 1)..<block.upperBound where lines[index].contains("-->") {
            let number = lines[index - 1].trimmingWhitespace
            if format == .srt, index - 1 > own, !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) { return index - 1 }
            return index
        }
        return nil
    }

    private var example: String {
        format == .srt ? "00:00:01,000 --> 00:00:02,500" : "00:01.000 --> 00:02.500"
    }

    /// The times (and WebVTT settings) of the timing line at `lineIndex`.
    private func times(lineIndex: Int) throws(CaptionError) -> (MediaTimeRange, CaptionCueSettings) {
        let line = lines[lineIndex]
        let arrow = line.range(of: "-->")!
        let startText = line[..<arrow.lowerBound].trimmingWhitespace
        let rest = line[arrow.upperBound...].trimmingWhitespace
        let endText = String(rest.prefix { !$0.isWhitespace })
        let settingsText = String(rest.dropFirst(endText.count))
        let start = try time(startText, lineIndex: lineIndex)
        let end = try time(endText, lineIndex: lineIndex)
        guard end >= start else {
            throw malformed(lineIndex, "the cue ends at \(end.readable) (\(endText)), before it starts at \(start.readable) (\(startText))")
        }
        let range: MediaTimeRange
        do { range = try MediaTimeRange(start: start, end: end) } catch {
            throw malformed(lineIndex, "cue times out of range: \(error)")
        }
        let settings = format == .webVTT ? WebVTTReader.settings(settingsText) : CaptionCueSettings()
        return (range, settings)
    }

    private func time(_ text: String, lineIndex: Int) throws(CaptionError) -> MediaTime {
        let milliseconds = format == .srt ? CueTime.srtMilliseconds(text) : CueTime.webVTTMilliseconds(text)
        guard let milliseconds else {
            let form = format == .srt ? "hh:mm:ss,ttt" : "mm:ss.ttt or hh:mm:ss.ttt"
            throw malformed(lineIndex, "malformed time \(MessageText.quoted(text)): expected \(form)")
        }
        return .milliseconds(milliseconds)
    }

    private func isBlank(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }

    /// An error at `lineIndex` (0 for the first line), reported 1-based.
    private func malformed(_ lineIndex: Int, _ reason: String) -> CaptionError {
        .malformed(path: path, line: lineIndex + 1, reason: "\(format): \(reason)")
    }
}

extension StringProtocol {
    /// The text without the white space around it.
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
