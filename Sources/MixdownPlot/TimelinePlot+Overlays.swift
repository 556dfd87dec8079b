import MixdownComposition
import MixdownPlan
import MixdownTime

extension TimelinePlot {
    /// The lane of what is drawn over the picture: each overlay (burned cues
    /// included) as a box named by its text, file or fill, and under them the
    /// soft captions' cues. Nil when there is neither.
    static func overlayLane(for plan: MixPlan) -> PlotLane? {
        var overlays: [Overlay] = []
        if case let .composed(composed) = plan.video { overlays = composed.timeline.videoComposition.overlays }
        guard !overlays.isEmpty || !plan.captionTracks.isEmpty else { return nil }
        // Each overlay in the first row free at its start: those that overlap stack.
        var rowEnds: [MediaTime] = []
        let items = overlays.map { overlay in
            var item = PlotItem(path: overlay.content.plotPath, timeRange: overlay.timeRange, sourceRange: overlay.timeRange)
            item.label = overlay.content.summary
            if let free = rowEnds.firstIndex(where: { $0 <= overlay.timeRange.start }) {
                item.row = free
                rowEnds[free] = overlay.timeRange.end
            } else {
                item.row = rowEnds.count
                rowEnds.append(overlay.timeRange.end)
            }
            return item
        }
        var lane = PlotLane(role: .overlays, items: items, duckRegions: [], gainTop: 1)
        lane.cues = plan.captionTracks.enumerated().flatMap { index, track in
            track.cues.map { cue in
                (track: index, language: track.language, text: cue.text.oneLine,
                 start: cue.timeRange.start.seconds, end: cue.timeRange.end.seconds)
            }
        }
        return lane
    }
}

extension OverlayContent {
    /// What the plot's `data-path` says: an image's path, or the kind.
    fileprivate var plotPath: String {
        if case let .image(path) = self { return path }
        return kind
    }
}
