import MixdownComposition
import MixdownTime
import MixdownUnits

extension Project.Overlay {
    /// How a title looks when nothing says otherwise (`mixdown --title`): white
    /// bold `TextStyle.defaultFamily` (DejaVu Sans) of 56 px at 720 lines
    /// (about 8% of the render's height: its sizes scale with the render,
    /// `TextStyle.designHeight`), over a soft dark shadow (black at 60%, 2 px
    /// right and down, blurred by 6 px at 720 lines) that keeps it readable on
    /// light pictures, lines centred, wrapped to 90% of a 16:9 render's width.
    public static let titleStyle = TextStyle(
        fontWeight: 700, size: 56, colour: .white,
        shadow: TextStyle.Shadow(colour: RGBAColour(colour: .black, alpha: 153), offsetX: 2, offsetY: 2, blur: 6),
        alignment: .center, maximumWidth: 1152, designHeight: 720)

    /// Where a title goes: the centre of the picture, clear of the captions
    /// along its bottom.
    public static let titleAnchor = OverlayPosition.Anchor.center

    /// Where a watermark goes unless told: the top-right corner, the default
    /// margin in from both edges.
    public static let watermarkAnchor = OverlayPosition.Anchor.topRight

    /// `text` in ``titleStyle`` at ``titleAnchor`` over `range` of the timeline.
    public static func title(_ text: String, over range: MediaTimeRange) -> Project.Overlay {
        var overlay = Project.Overlay(content: .text([TextRun(text)], titleStyle))
        overlay.start = range.start
        overlay.end = range.end
        overlay.position = .anchored(titleAnchor, margin: nil)
        return overlay
    }

    /// The image at `path` over the whole timeline, at its natural size, held
    /// to `anchor` with the default margin, at `opacity`.
    public static func watermark(path: String, anchor: OverlayPosition.Anchor = watermarkAnchor,
                                 opacity: Opacity = .standard) -> Project.Overlay {
        var overlay = Project.Overlay(content: .image(path: path))
        overlay.position = .anchored(anchor, margin: nil)
        overlay.opacity = opacity
        return overlay
    }
}
