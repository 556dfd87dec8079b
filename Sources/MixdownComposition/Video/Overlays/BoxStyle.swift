import MixdownUnits

/// A filled rectangle: a box overlay (a lower third, a bar) or the box behind a
/// text. Distances in render pixels.
public struct BoxStyle: Hashable, Sendable {
    /// Its fill.
    public var colour: RGBAColour
    /// The radius of its rounded corners (0: square).
    public var cornerRadius: Double
    /// Behind a text: how far the box reaches beyond the text's lines (each
    /// line's full height and advance, so `ace` and `Ag` get one box) on every side.
    public var padding: Double

    /// A box filled with `colour`, its corners rounded by `cornerRadius`, `padding` around a text.
    public init(colour: RGBAColour, cornerRadius: Double = 0, padding: Double = 0) {
        self.colour = colour
        self.cornerRadius = cornerRadius
        self.padding = padding
    }
}
