import MixdownComposition
import MixdownMediaIO
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What is drawn over the picture: the project's overlays on the composition's
// overlay track (AVFoundation's animation tool), in timeline time.

extension Planner {
    /// Whether the project draws anything over the picture (overlays, burned
    /// captions), which then must be composed.
    var drawsOverPicture: Bool { !project.overlays.isEmpty || burnsCaptions }

    /// The overlay track of a picture lasting `duration`, `renderHeight` lines
    /// high: each overlay from its start to its end (an open end at the
    /// picture's), its fades as opacity animations, a text's style in render
    /// pixels; with a warning for one that is never shown, and for a font
    /// family the machine does not have (drawn in the default one).
    ///
    /// Every image is opened here, so a missing or undecodable one stops a mix
    /// as it stops an export, before anything is written.
    func overlayTrack(until duration: MediaTime, renderHeight: Int) throws(PlanningError) -> (overlays: [Overlay], warnings: [String]) {
        var overlays: [Overlay] = []
        var warnings: [String] = []
        for (index, item) in project.overlays.enumerated() {
            let field = "overlays[\(index)]"
            let end = item.end ?? duration
            guard item.start < duration, end > item.start else {
                warnings.append("\(field): it starts at \(item.start.readable), at or after the picture's end \(duration.readable); it is never shown")
                continue
            }
            if let warning = try check(item.content) { warnings.append("\(field): \(warning)") }
            var overlay: Overlay
            do {
                overlay = Overlay(content: item.content.resolved(forRenderHeight: renderHeight), timeRange: try MediaTimeRange(start: item.start, end: end), position: item.position,
                                  width: item.width, height: item.height, opacity: item.opacity, animations: item.animations)
                try overlay.addFades(in: item.fadeIn, out: item.fadeOut)
            } catch { throw .time(error) }
            overlays.append(overlay)
        }
        return (overlays, warnings)
    }

    /// Opens an overlay's image (its header; an SVG parsed), or checks a text's
    /// font family: a warning when the family is missing.
    ///
    /// - Throws: `.media(missingInput)` or `.media(unreadableMedia)` for an image that cannot be read.
    func check(_ content: OverlayContent) throws(PlanningError) -> String? {
        switch content {
        case let .image(path):
            do {
                if OverlayRasteriser.isSVG(path: path) {
                    _ = try OverlayRasteriser().naturalSize(of: content)
                } else {
                    _ = try OverlayImageSource(path: path)
                }
            } catch { throw .media(error) }
            return nil
        case let .text(_, style):
            return OverlayRasteriser.fontWarning(for: style)
        case .box:
            return nil
        }
    }
}

extension OverlayContent {
    /// A text's style in render pixels for a render `renderHeight` lines high; any other content as it is.
    func resolved(forRenderHeight renderHeight: Int) -> OverlayContent {
        guard case let .text(runs, style) = self else { return self }
        return .text(runs, style.resolved(forRenderHeight: renderHeight))
    }
}
