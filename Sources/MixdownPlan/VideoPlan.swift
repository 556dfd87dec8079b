import MixdownComposition
import MixdownTime

/// The picture of a plan: none, the clips stitched by stream copy, or the
/// clips composed and drawn.
public enum VideoPlan: Sendable {
    /// No clips: the timeline is sound only.
    case none
    /// The clips trimmed and stitched end to end, their packets copied (the clips'
    /// audio is placed on exactly its segments).
    case stitched(VideoStitchPlan)
    /// The clips laid out with transitions, fades, ramps or conforming, and the
    /// video composition drawing them; exported by smart render.
    case composed(ComposedVideo)

    /// Every file the picture reads.
    public var inputPaths: [String] {
        switch self {
        case .none: []
        case let .stitched(stitch): stitch.segments.map(\.path)
        case let .composed(composed): composed.timeline.placements.map { composed.clips[$0.index].path }
        }
    }
}
