/// Where a WebVTT cue goes (its `line`, `position` and `align` settings); a
/// setting left nil takes the caption style's place (bottom centre).
public struct CaptionCueSettings: Hashable, Sendable {
    /// WebVTT's `line`: a percentage of the render's height from the top, or a
    /// line number (0 the top line, -1 the bottom one, counted in lines of the cue's height).
    public enum Line: Hashable, Sendable {
        case percent(Double)
        case number(Int)
    }

    /// WebVTT's `align`: how the cue's text lines up in its box and which edge
    /// of the box `position` places (start and end follow the text's direction;
    /// Mixdown takes them as left and right).
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case start
        case center
        case end
        case left
        case right
    }

    /// The `line` setting; nil: the bottom.
    public var line: Line?
    /// The `position` setting: where the cue's box goes across the render, as a
    /// percentage of its width (0 to 100); nil: by its alignment.
    public var position: Double?
    /// The `align` setting; nil: centred.
    public var align: Alignment?

    /// Settings as given; none by default.
    public init(line: Line? = nil, position: Double? = nil, align: Alignment? = nil) {
        self.line = line
        self.position = position
        self.align = align
    }

    /// Whether no setting is given.
    public var isEmpty: Bool { line == nil && position == nil && align == nil }
}
