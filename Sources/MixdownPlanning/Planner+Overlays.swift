import MixdownComposition
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What is drawn over the picture: the project's overlays on the composition's
// overlay track (AVFoundation's animation tool), in timeline time.

extension Planner {
    /// Whether the project draws anything over the picture (overlays, burned
    /// captions), which then must be composed.
    var drawsOverPicture: Bool { !project.overlays.isEmpty || burnsCaptions }

    /// The overlay track of a picture lasting `duration`: each overlay from its
    /// start to its end (an open end at the picture's), its fades as opacity
    /// animations; with a warning for one that is never shown.
    func overlayTrack(until duration: MediaTime) throws(PlanningError) -> (overlays: [Overlay], warnings: [String]) {
        var overlays: [Overlay] = []
        var warnings: [String] = []
        for (index, item) in project.overlays.enumerated() {
            let field = "overlays[\(index)]"
            let end = item.end ?? duration
            guard item.start < duration, end > item.start else {
                warnings.append("\(field): it starts at \(item.start.readable), at or after the picture's end \(duration.readable); it is never shown")
                continue
            }
            var overlay: Overlay
            do {
                overlay = Overlay(content: item.content, timeRange: try MediaTimeRange(start: item.start, end: end), position: item.position,
                                  width: item.width, height: item.height, opacity: item.opacity, animations: item.animations)
                try overlay.addFades(in: item.fadeIn, out: item.fadeOut)
            } catch { throw .time(error) }
            overlays.append(overlay)
        }
        return (overlays, warnings)
    }
}
