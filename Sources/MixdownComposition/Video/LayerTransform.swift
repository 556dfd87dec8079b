/// Where a layer's picture goes in the render frame: turned by quarter turns,
/// scaled, then moved (AVFoundation's affine transform, restricted to what a
/// video compositor draws without resampling twice).
///
/// Applied in that order to the (cropped) source picture: `quarterTurns`
/// clockwise turns about its centre, with the turned picture's top-left corner
/// put back at the origin; then `scaleX`/`scaleY`; then `translateX`/`translateY`
/// in render pixels (x right, y down).
public struct LayerTransform: LayerRampable, CustomStringConvertible {
    /// Clockwise quarter turns, 0 to 3.
    public var quarterTurns: Int
    /// Horizontal scale of the turned picture (1 keeps its size).
    public var scaleX: Double
    /// Vertical scale of the turned picture.
    public var scaleY: Double
    /// Horizontal move in render pixels.
    public var translateX: Double
    /// Vertical move in render pixels.
    public var translateY: Double

    /// A transform; `quarterTurns` is taken modulo 4.
    public init(quarterTurns: Int = 0, scaleX: Double = 1, scaleY: Double = 1, translateX: Double = 0, translateY: Double = 0) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translateX = translateX
        self.translateY = translateY
    }

    /// Leaves the picture where it is.
    public static let identity = LayerTransform()

    /// The same transform moved by (`x`, `y`) render pixels more.
    public func translatedBy(x: Double, y: Double) -> LayerTransform {
        var moved = self
        moved.translateX += x
        moved.translateY += y
        return moved
    }

    /// The rectangle a `width × height` picture covers in the render frame.
    public func frame(ofWidth width: Double, height: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let sideways = quarterTurns % 2 == 1
        return (translateX, translateY, (sideways ? height : width) * scaleX, (sideways ? width : height) * scaleY)
    }

    /// Scale and move interpolate linearly; the turn is the start's (a ramp
    /// between different turns is refused when the composition is validated).
    public func interpolated(to end: LayerTransform, fraction: Double) -> LayerTransform {
        LayerTransform(quarterTurns: quarterTurns,
                       scaleX: scaleX.interpolated(to: end.scaleX, fraction: fraction),
                       scaleY: scaleY.interpolated(to: end.scaleY, fraction: fraction),
                       translateX: translateX.interpolated(to: end.translateX, fraction: fraction),
                       translateY: translateY.interpolated(to: end.translateY, fraction: fraction))
    }

    public var description: String {
        var parts: [String] = []
        if quarterTurns != 0 { parts.append("turn \(quarterTurns * 90)°") }
        if scaleX != 1 || scaleY != 1 { parts.append(scaleX == scaleY ? "scale \(scaleX)" : "scale \(scaleX)×\(scaleY)") }
        if translateX != 0 || translateY != 0 { parts.append("move (\(translateX), \(translateY))") }
        return parts.isEmpty ? "identity" : parts.joined(separator: ", ")
    }
}
