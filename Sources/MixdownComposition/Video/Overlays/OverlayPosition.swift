/// Where an overlay goes in the render.
public enum OverlayPosition: Hashable, Sendable {
    /// A point of the render the overlay is held to (its matching point: its
    /// top-right corner to the render's top-right), `margin` pixels in from each
    /// edge it touches; nil margin: ``OverlayPosition/defaultMargin(renderHeight:)``.
    case anchored(Anchor, margin: Int?)
    /// The overlay's `anchor` point (its top-left corner by default; its
    /// bottom-right corner for `.bottomRight`, its centre for `.center`) at
    /// (`x`, `y`) render pixels: where its size is only known once it is drawn
    /// (a caption's text), the point still holds the edge it should.
    case point(x: Int, y: Int, anchor: Anchor = .topLeft)

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
        case let .point(x, y, anchor):
            let (across, down) = anchor.fractions
            return (x - across * width / 2, y - down * height / 2)
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

extension OverlayPosition.Anchor {
    /// Where the point is across and down the overlay, in halves of its width
    /// and height: 0 its left or top edge, 1 its centre, 2 its right or bottom edge.
    var fractions: (across: Int, down: Int) {
        switch self {
        case .topLeft: (0, 0)
        case .top: (1, 0)
        case .topRight: (2, 0)
        case .left: (0, 1)
        case .center: (1, 1)
        case .right: (2, 1)
        case .bottomLeft: (0, 2)
        case .bottom: (1, 2)
        case .bottomRight: (2, 2)
        }
    }
}
