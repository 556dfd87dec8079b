import MixdownUnits

/// How a text overlay looks: font, size, colour, outline, shadow, a box behind
/// it, alignment and wrapping. Sizes and distances are in render pixels.
///
/// Laid out by Pango (HarfBuzz shaping, bidirectional text, line breaking) and
/// drawn by Cairo; the font is found by fontconfig, so a family missing from
/// the machine falls back to the default one (with a warning, where drawn).
public struct TextStyle: Hashable, Sendable {
    /// How lines line up with each other inside the text's width.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Each line from the text's left edge.
        case left
        /// Each line centred in the text's width.
        case center
        /// Each line to the text's right edge.
        case right
    }

    /// A line around each glyph, drawn under it.
    public struct Outline: Hashable, Sendable {
        /// Its colour.
        public var colour: RGBAColour
        /// Its width in render pixels (the stroke's, half of it outside the glyph).
        public var width: Double

        /// An outline of `width` pixels in `colour`.
        public init(colour: RGBAColour, width: Double) {
            self.colour = colour
            self.width = width
        }
    }

    /// A copy of the text (and its outline) drawn under it, moved and softened.
    public struct Shadow: Hashable, Sendable {
        /// Its colour.
        public var colour: RGBAColour
        /// How far it is moved right, in render pixels (left when negative).
        public var offsetX: Double
        /// How far it is moved down, in render pixels (up when negative).
        public var offsetY: Double
        /// How soft its edge is: a blur radius in render pixels (0: sharp).
        public var blur: Double

        /// A shadow `offsetX`, `offsetY` away in `colour`, blurred by `blur` pixels.
        public init(colour: RGBAColour, offsetX: Double = 2, offsetY: Double = 2, blur: Double = 0) {
            self.colour = colour
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blur = blur
        }
    }

    /// The font family, as fontconfig names it (`DejaVu Sans`, `Noto Serif`).
    public var fontFamily: String
    /// The weight, 100 (thin) to 900 (black); 400 is regular, 700 bold.
    public var fontWeight: Int
    /// The font size in render pixels (the em square).
    public var size: Double
    /// The glyphs' colour.
    public var colour: RGBAColour
    /// A line around the glyphs; nil for none.
    public var outline: Outline?
    /// A shadow under them; nil for none.
    public var shadow: Shadow?
    /// A box behind the whole text (its colour, corner radius and padding); nil for none.
    public var background: BoxStyle?
    /// How lines line up.
    public var alignment: Alignment
    /// The widest a line may be, in render pixels: longer lines wrap at word
    /// boundaries (or, where there are none, between characters); nil: no wrapping.
    public var maximumWidth: Int?
    /// The most lines drawn; the rest is cut with an ellipsis. Nil: no limit.
    public var maximumLines: Int?
    /// The render height its pixel sizes are given for, when they scale with the
    /// render (the default title and caption styles: 720 lines); nil when they are
    /// render pixels as they are. ``resolved(forRenderHeight:)`` applies it.
    public var designHeight: Int?

    /// The family every style falls back to, present on every machine Mixdown installs on.
    public static let defaultFamily = "DejaVu Sans"

    /// A style: white regular `defaultFamily` text of `size` pixels, centred, unwrapped.
    public init(fontFamily: String = TextStyle.defaultFamily, fontWeight: Int = 400, size: Double = 48,
                colour: RGBAColour = .white, outline: Outline? = nil, shadow: Shadow? = nil, background: BoxStyle? = nil,
                alignment: Alignment = .center, maximumWidth: Int? = nil, maximumLines: Int? = nil, designHeight: Int? = nil) {
        self.fontFamily = fontFamily
        self.fontWeight = fontWeight
        self.size = size
        self.colour = colour
        self.outline = outline
        self.shadow = shadow
        self.background = background
        self.alignment = alignment
        self.maximumWidth = maximumWidth
        self.maximumLines = maximumLines
        self.designHeight = designHeight
    }
}
