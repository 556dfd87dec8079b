import MixdownTime
import MixdownUnits

/// One item of the overlay track: an image, a text or a box drawn above the
/// composed picture over a range of the timeline, independent of the clips'
/// boundaries, as a layer of Core Animation's tree over a video composition
/// (`AVVideoCompositionCoreAnimationTool`).
///
/// It covers the frames whose time t satisfies start ≤ t < end. Later overlays
/// are drawn over earlier ones.
public struct Overlay: Hashable, Sendable {
    /// What it draws.
    public var content: OverlayContent
    /// When it shows, in timeline time.
    public var timeRange: MediaTimeRange
    /// Where it goes.
    public var position: OverlayPosition
    /// Its drawn width in render pixels; nil: its natural width, or, with
    /// ``height`` given, the width that keeps its shape.
    public var width: Int?
    /// Its drawn height in render pixels; nil: its natural height, or, with
    /// ``width`` given, the height that keeps its shape.
    public var height: Int?
    /// Its own opacity, which its opacity animations multiply.
    public var opacity: Opacity
    /// How its properties move, in its own time.
    public var animations: [OverlayAnimation]

    /// The most pixels an overlay may be drawn across, at its largest scale:
    /// twice a 4K render's width, and what keeps one overlay's pixels under 256 MiB.
    public static let largestDrawnSide = 8192

    /// `content` over `timeRange` at `position`.
    public init(content: OverlayContent, timeRange: MediaTimeRange, position: OverlayPosition = .anchored(.center, margin: nil),
                width: Int? = nil, height: Int? = nil, opacity: Opacity = .standard, animations: [OverlayAnimation] = []) {
        self.content = content
        self.timeRange = timeRange
        self.position = position
        self.width = width
        self.height = height
        self.opacity = opacity
        self.animations = animations
    }
}
