import MixdownComposition
import MixdownTime
import MixdownUnits

extension Project.Overlay {
    /// How a title looks when nothing says otherwise (`mixdown --title`): white
    /// bold ``TextStyle/defaultFamily`` (DejaVu Sans) of 56 px (about 8% of a
    /// 720-line render's height), over a soft dark shadow (black at 60%, 2 px
    /// right and down, blurred by 6 px) that keeps it readable on light
    /// pictures, lines centred, not wrapped.
    public static let titleStyle = TextStyle(
        fontWeight: 700, size: 56, colour: .white,
        shadow: TextStyle.Shadow(colour: RGBAColour(colour: .black, alpha: 153), offsetX: 2, offsetY: 2, blur: 6),
        alignment: .center)

    /// Where a title goes: the bottom centre, the default margin in from the edge.
    public static let titleAnchor = OverlayPosition.Anchor.bottom

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
