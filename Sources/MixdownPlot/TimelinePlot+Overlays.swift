import MixdownComposition
import MixdownPlan

extension TimelinePlot {
    /// The lane of what is drawn over the picture: each overlay as a box named
    /// by its text, file or fill, and under them the soft captions' cues.
    /// Nil when nothing is.
    static func overlayLane(for plan: MixPlan) -> PlotLane? {
        var overlays: [Overlay] = []
        if case let .composed(composed) = plan.video { overlays = composed.timeline.videoComposition.overlays }
        guard !overlays.isEmpty else { return nil }
        let items = overlays.map { overlay in
            var item = PlotItem(path: overlay.content.plotPath, timeRange: overlay.timeRange, sourceRange: overlay.timeRange)
            item.label = overlay.content.plotLabel
            return item
        }
        return PlotLane(role: .overlays, items: items, duckRegions: [], gainTop: 1)
    }
}

extension OverlayContent {
    /// What the plot's `data-path` says: an image's path, or the kind.
    fileprivate var plotPath: String {
        switch self {
        case let .image(path): path
        case .text: "text"
        case .box: "box"
        }
    }

    /// What the plot's box is labelled: an image's file name, a text on one line, a box's fill.
    fileprivate var plotLabel: String {
        switch self {
        case let .image(path): path.split(separator: "/").last.map(String.init) ?? path
        case let .text(runs, _): runs.map(\.text).joined().split(whereSeparator: \.isNewline).joined(separator: " / ")
        case let .box(style): "box \(style.colour)"
        }
    }
}
