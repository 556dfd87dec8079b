extension Array where Element == TextRun {
    /// The text without its styles, line breaks kept.
    public var plainText: String { map(\.text).joined() }

    /// The text on one line, its lines joined by ` / `: how reports and the
    /// plot show a title or a cue.
    public var oneLine: String { plainText.oneLine }

    /// Adds `run`, joined to the last run when both have one style.
    public mutating func appendMerging(_ run: TextRun) {
        if let last, last.isItalic == run.isItalic, last.isBold == run.isBold {
            self[count - 1].text += run.text
        } else {
            append(run)
        }
    }
}

extension String {
    /// The text's lines joined by ` / `, for one line of a report.
    public var oneLine: String { split(whereSeparator: \.isNewline).joined(separator: " / ") }
}

extension OverlayContent {
    /// What it shows, in a few words: an image's file name, a text on one
    /// line, a box's colour.
    public var summary: String {
        switch self {
        case let .image(path): path.split(separator: "/").last.map(String.init) ?? path
        case let .text(runs, _): runs.oneLine
        case let .box(style): "box \(style.colour)"
        }
    }

    /// Its kind: `image`, `text` or `box`.
    public var kind: String {
        switch self {
        case .image: "image"
        case .text: "text"
        case .box: "box"
        }
    }
}
