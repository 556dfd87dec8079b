/// The caption file formats Mixdown reads.
public enum CaptionFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// SubRip (`.srt`): numbered cues, `00:00:01,000 --> 00:00:04,000`, HTML-like
    /// `<i>`, `<b>` tags.
    case srt
    /// WebVTT (`.vtt`): a `WEBVTT` header, cues with optional identifiers,
    /// `00:01.000 --> 00:04.000` with cue settings (`line`, `position`, `align`).
    case webVTT

    /// The format of a file whose first line is `firstLine`, by content only (a
    /// file's name may lie): WebVTT when it is a `WEBVTT` header, else SRT.
    static func detected(firstLine: String?) -> CaptionFormat {
        if let firstLine, WebVTTReader.isHeader(firstLine) { return .webVTT }
        return .srt
    }

    /// `SRT` or `WebVTT`, as messages name the format.
    public var description: String {
        switch self {
        case .srt: "SRT"
        case .webVTT: "WebVTT"
        }
    }
}
