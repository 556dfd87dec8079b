import MixdownTime

/// One cue of a caption track: its lines of styled text over a range of time,
/// and where WebVTT's settings place it.
///
/// It covers the frames whose time t satisfies start ≤ t < end. Cues of a
/// track may overlap (SRT and WebVTT both allow it).
public struct CaptionCue: Hashable, Sendable {
    /// When it shows, in its track's time.
    public var timeRange: MediaTimeRange
    /// Its lines, top first, each a sequence of runs (`<i>` and `<b>` make runs).
    public var lines: [[TextRun]]
    /// Its WebVTT identifier, or its SRT number as written; nil when it has none.
    public var identifier: String?
    /// WebVTT's `line`, `position` and `align`; all nil for SRT.
    public var settings: CaptionCueSettings

    /// A cue of `lines` over `timeRange`.
    public init(timeRange: MediaTimeRange, lines: [[TextRun]], identifier: String? = nil, settings: CaptionCueSettings = CaptionCueSettings()) {
        self.timeRange = timeRange
        self.lines = lines
        self.identifier = identifier
        self.settings = settings
    }

    /// Its text without styles, lines joined by `\n`.
    public var text: String {
        lines.map(\.plainText).joined(separator: "\n")
    }

    /// Its lines as one sequence of runs, `\n` between lines, as a text
    /// overlay draws them; neighbours of one style are one run.
    public var runs: [TextRun] {
        var runs: [TextRun] = []
        for (index, line) in lines.enumerated() {
            if index > 0 {
                // The break takes the style of what it ends.
                runs.appendMerging(TextRun("\n", isItalic: runs.last?.isItalic ?? false, isBold: runs.last?.isBold ?? false))
            }
            line.forEach { runs.appendMerging($0) }
        }
        return runs
    }
}
