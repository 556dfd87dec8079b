/// How an overlay is drawn on one frame: where, how large, turned how far, how
/// opaque. What the compositor needs of it at a time, once its animations are
/// evaluated.
public struct OverlayState: Hashable, Sendable {
    /// Its left edge in render pixels, before scaling and turning.
    public var x: Int
    /// Its top edge in render pixels, before scaling and turning.
    public var y: Int
    /// Its width in render pixels, before scaling.
    public var width: Int
    /// Its height in render pixels, before scaling.
    public var height: Int
    /// Its scale about its centre (1: as placed).
    public var scale: Double
    /// Its turn about its centre, in degrees clockwise.
    public var rotation: Double
    /// Its opacity, 0 to 1: the overlay's own times its animated opacity.
    public var opacity: Double

    /// A state of every part.
    public init(x: Int, y: Int, width: Int, height: Int, scale: Double = 1, rotation: Double = 0, opacity: Double = 1) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scale = scale
        self.rotation = rotation
        self.opacity = opacity
    }

    /// Its size in render pixels after scaling, rounded, at least 1×1.
    public var scaledSize: (width: Int, height: Int) {
        (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
