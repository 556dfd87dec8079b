/// The editors' formats a timeline is written in.
public enum TimelineExportFormat: String, CaseIterable, Sendable {
    /// OpenTimelineIO JSON (`.otio`), with Mixdown's settings in `mixdown` metadata.
    case otio
    /// Final Cut Pro 7 XML (xmeml version 5, `.xml`), with each audio clip's gain as Audio Levels keyframes.
    case fcpxml7

    /// The format a file name's extension implies (`.otio`, `.xml`, any case); nil for another.
    public init?(fileName: String) {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".otio") {
            self = .otio
        } else if lower.hasSuffix(".xml") {
            self = .fcpxml7
        } else {
            return nil
        }
    }
}
