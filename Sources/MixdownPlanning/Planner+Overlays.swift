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
            let content = item.content.resolved(forRenderHeight: renderHeight)
            let opened = try open(content)
            if let warning = opened.warning { warnings.append("\(field): \(warning)") }
            var overlay: Overlay
            do {
                overlay = Overlay(content: content, timeRange: try MediaTimeRange(start: item.start, end: end), position: item.position,
                                  width: item.width, height: item.height, opacity: item.opacity, animations: item.animations)
                try overlay.addFades(in: item.fadeIn, out: item.fadeOut)
            } catch { throw .time(error) }
            try checkSize(of: overlay, natural: opened.natural, field: field)
            overlays.append(overlay)
        }
        return (overlays, warnings)
    }

    /// Opens an overlay's image (its header; an SVG parsed), or checks a text's
    /// font family: a warning when the family is missing.
    ///
    /// - Throws: `.media(missingInput)` or `.media(unreadableMedia)` for an image that cannot be read.
    func check(_ content: OverlayContent) throws(PlanningError) -> String? {
        try open(content).warning
    }

    /// An overlay's content opened as the painter opens it: its natural size (an
    /// image's pixels, an SVG's own size, a text's layout; nil for a box) and a
    /// warning for a font family the machine does not have.
    ///
    /// - Throws: `.media(missingInput)` or `.media(unreadableMedia)` for an image that cannot be read.
    private func open(_ content: OverlayContent) throws(PlanningError) -> (natural: (width: Int, height: Int)?, warning: String?) {
        do {
            switch content {
            case let .image(path) where !OverlayRasteriser.isSVG(path: path):
                let image = try OverlayImageSource(path: path)
                return ((image.width, image.height), nil)
            case .image, .box:
                return (try OverlayRasteriser().naturalSize(of: content), nil)
            case let .text(_, style):
                return (try OverlayRasteriser().naturalSize(of: content), OverlayRasteriser.fontWarning(for: style))
            }
        } catch { throw .media(error) }
    }

    /// Refuses an overlay drawn larger than ``Overlay/largestDrawnSide`` on a
    /// side at its largest scale: its pixels are made whole, so a title scaled
    /// a hundredfold would take gigabytes.
    private func checkSize(of overlay: Overlay, natural: (width: Int, height: Int)?, field: String) throws(PlanningError) {
        guard let size = overlay.drawnSize(natural: natural) else { return }
        let scale = overlay.animations.filter { $0.property == .scale }.reduce(1.0) { max($0, abs($1.from), abs($1.to)) }
        let side = Double(max(size.width, size.height)) * scale
        guard side > Double(Overlay.largestDrawnSide) else { return }
        throw .invalidValue(field: field, reason: "drawn \(Int(side.rounded())) px across at its largest (\(size.width)×\(size.height) px"
                            + (scale == 1 ? "" : " scaled by \(scale)") + "); an overlay is at most \(Overlay.largestDrawnSide) px a side")
    }
}

extension OverlayContent {
    /// A text's style in render pixels for a render `renderHeight` lines high; any other content as it is.
    func resolved(forRenderHeight renderHeight: Int) -> OverlayContent {
        guard case let .text(runs, style) = self else { return self }
        return .text(runs, style.resolved(forRenderHeight: renderHeight))
    }
}
