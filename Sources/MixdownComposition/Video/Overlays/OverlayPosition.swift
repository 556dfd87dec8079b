/// Where an overlay's top-left corner goes in the render.
public enum OverlayPosition: Hashable, Sendable {
    /// A point of the render the overlay is held to (its matching point: its
    /// top-right corner to the render's top-right), `margin` pixels in from each
    /// edge it touches; nil margin: ``OverlayPosition/defaultMargin(renderHeight:)``.
    case anchored(Anchor, margin: Int?)
    /// The top-left corner at (`x`, `y`) render pixels.
    case point(x: Int, y: Int)

    /// The nine points an overlay can be held to.
    public enum Anchor: String, Hashable, Sendable, CaseIterable {
        case topLeft = "top-left"
        case top
        case topRight = "top-right"
        case left
        case center
        case right
        case bottomLeft = "bottom-left"
        case bottom
        case bottomRight = "bottom-right"
    }

    /// The margin of an anchored overlay when none is given: 5% of the render
    /// height, to an even number of pixels (36 at 720 lines), so it lands on the
    /// chroma grid.
    public static func defaultMargin(renderHeight: Int) -> Int {
        (renderHeight * 5 + 100) / 200 * 2
    }

    /// The top-left corner of a `width × height` overlay in a `renderWidth × renderHeight` render.
    public func origin(width: Int, height: Int, renderWidth: Int, renderHeight: Int) -> (x: Int, y: Int) {
        switch self {
        case let .point(x, y):
            return (x, y)
        case let .anchored(anchor, margin):
            let m = margin ?? Self.defaultMargin(renderHeight: renderHeight)
            let left = m, centreX = (renderWidth - width) / 2, right = renderWidth - width - m
            let top = m, centreY = (renderHeight - height) / 2, bottom = renderHeight - height - m
            switch anchor {
            case .topLeft: return (left, top)
            case .top: return (centreX, top)
            case .topRight: return (right, top)
            case .left: return (left, centreY)
            case .center: return (centreX, centreY)
            case .right: return (right, centreY)
            case .bottomLeft: return (left, bottom)
            case .bottom: return (centreX, bottom)
            case .bottomRight: return (right, bottom)
            }
        }
    }
}
