/// A rectangle in Cairo's device space: pixels from the top-left, y down, in
/// fractions of a pixel (Pango's extents are in 1/1024 of one).
package struct CairoRect: Equatable, Sendable {
    /// Its left edge.
    package var x: Double
    /// Its top edge.
    package var y: Double
    /// Its width (at least 0).
    package var width: Double
    /// Its height (at least 0).
    package var height: Double

    /// The rectangle from (`x`, `y`) of `width` × `height`.
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Its right edge.
    package var maxX: Double { x + width }
    /// Its bottom edge.
    package var maxY: Double { y + height }
    /// Whether it covers nothing.
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest rectangle holding both; an empty one adds nothing.
    package func union(_ other: CairoRect) -> CairoRect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let left = min(x, other.x), top = min(y, other.y)
        return CairoRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// It grown by `amount` on every side (shrunk when negative).
    package func outset(by amount: Double) -> CairoRect {
        CairoRect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }

    /// It moved by (`dx`, `dy`).
    package func offsetBy(dx: Double, dy: Double) -> CairoRect {
        CairoRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
