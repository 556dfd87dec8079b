/// A rectangle of luma samples in a picture: origin at the top left, y down.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width (0 or more).
    public var width: Int
    /// Height (0 or more).
    public var height: Int

    /// A rectangle; negative sizes become empty.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Whether it covers no sample.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The part inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The largest rectangle inside this one whose edges are all even, so that
    /// it covers whole chroma samples of a 4:2:0 picture.
    public var evenInside: PixelRect {
        let left = (x + 1) & ~1, top = (y + 1) & ~1
        return PixelRect(x: left, y: top, width: ((x + width) & ~1) - left, height: ((y + height) & ~1) - top)
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
