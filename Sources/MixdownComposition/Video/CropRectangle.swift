/// The part of a layer's source picture that is shown, in source pixels
/// (origin top left, y down), before the layer's transform, as AVFoundation's
/// crop rectangle.
public struct CropRectangle: LayerRampable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A rectangle; negative sizes are kept (validation refuses them).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Edges interpolate linearly.
    public func interpolated(to end: CropRectangle, fraction: Double) -> CropRectangle {
        CropRectangle(x: x.interpolated(to: end.x, fraction: fraction), y: y.interpolated(to: end.y, fraction: fraction),
                      width: width.interpolated(to: end.width, fraction: fraction),
                      height: height.interpolated(to: end.height, fraction: fraction))
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
