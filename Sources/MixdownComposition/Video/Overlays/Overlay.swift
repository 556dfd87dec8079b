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
    /// Its drawn width and height in render pixels; nil: its natural size, or,
    /// with one of them given, the size that keeps its shape.
    public var width: Int?
    public var height: Int?
    /// Its own opacity, which its opacity animations multiply.
    public var opacity: Opacity
    /// How its properties move, in its own time.
    public var animations: [OverlayAnimation]

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
