/// What an overlay draws.
public enum OverlayContent: Hashable, Sendable {
    /// An image file: PNG (with alpha), JPEG, WebP, an animated GIF (played at
    /// its own rate, looping) or SVG (drawn at the overlay's size, not scaled
    /// from a bitmap). Its natural size is its own pixel size.
    case image(path: String)
    /// Text in a style; its natural size is its layout's (the box behind it included).
    case text([TextRun], TextStyle)
    /// A filled rectangle; it has no natural size: the overlay gives its width and height.
    case box(BoxStyle)
}
