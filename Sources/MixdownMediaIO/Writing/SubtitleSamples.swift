internal import MixdownComposition
internal import MixdownTime

/// A caption track as the samples of a `mov_text` track: a text track shows
/// one sample at a time, so overlapping cues are cut where any starts or ends
/// and each stretch shows every cue on then, in the file's order, one under the other.
struct SubtitleSamples {
    /// One sample: `text` (ASS dialogue text) from `start` for `duration` milliseconds.
    struct Sample: Equatable {
        var start: Int64
        var duration: Int64
        var text: String
    }

    let samples: [Sample]

    /// The samples of `track`, its times rounded to the millisecond (half up).
    init(_ track: CaptionTrack) throws(MediaTimeError) {
        let milliseconds = try TimeBase(1, 1000)
        var cues: [(start: Int64, end: Int64, text: String)] = []
        for cue in track.cues {
            let start = try milliseconds.ticks(cue.timeRange.start), end = try milliseconds.ticks(cue.timeRange.end)
            if end > start { cues.append((start, end, Self.assText(cue.runs))) }
        }
        let bounds = Set(cues.flatMap { [$0.start, $0.end] }).sorted()
        var samples: [Sample] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let shown = cues.filter { $0.start <= start && $0.end >= end }
            guard !shown.isEmpty else { continue }
            samples.append(Sample(start: start, duration: end - start, text: shown.map(\.text).joined(separator: "\\N")))
        }
        self.samples = samples
    }

    /// `runs` as ASS dialogue text: `{\i1}` and `{\b1}` around styled runs, `\N` for a line break.
    static func assText(_ runs: [TextRun]) -> String {
        var text = ""
        for run in runs {
            var body = run.text.replacingNewlines
            if run.isBold { body = "{\\b1}" + body + "{\\b0}" }
            if run.isItalic { body = "{\\i1}" + body + "{\\i0}" }
            text += body
        }
        return text
    }
}

private extension String {
    /// `\n` (and `\r\n`) as ASS's hard line break `\N`.
    var replacingNewlines: String {
        split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).joined(separator: "\\N")
    }
}
