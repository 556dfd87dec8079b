internal import MixdownCairo
internal import MixdownComposition

/// A text overlay laid out, with where everything goes at its natural size:
/// the layout's top-left, the background box, the image's size. Coordinates are
/// the layout's own (its top-left at 0, 0); ``originX``, ``originY`` are the
/// image's top-left in them, on whole pixels, so that at the natural size the
/// box's edges fall on pixel boundaries.
struct TextPicture {
    /// The runs laid out in the style's font (or the default family's).
    let layout: TextLayout
    /// The style, its font family replaced when fontconfig does not have it.
    let style: TextStyle
    /// The image's top-left, in the layout's coordinates.
    let originX: Double
    let originY: Double
    /// The natural size in whole pixels.
    let width: Int
    let height: Int
    /// The background box, in the layout's coordinates; nil when the style has none.
    let background: CairoRect?
    /// How far the shadow's edge reaches beyond its glyphs (its blur).
    let shadowReach: Double

    /// `runs` laid out in `style`.
    ///
    /// The box behind the text reaches `padding` beyond its lines' logical
    /// extents (each line's full height and advance width: the same box for
    /// "ace" as for "Ag"), out to whole pixels; the outline reaches half its
    /// width beyond the ink, the shadow its offset and blur beyond that. With a
    /// `maximumWidth`, the text (ink and lines, before outline and padding) is
    /// never wider: when glyphs overhang the wrap width, the text is wrapped
    /// again that much narrower.
    init(runs: [TextRun], style: TextStyle) {
        self.style = style
        var layoutRuns: [TextLayout.Run] = []
        for run in runs { layoutRuns.append(TextLayout.Run(run.text, isItalic: run.isItalic, isBold: run.isBold)) }
        let alignment: TextLayout.Alignment = switch style.alignment {
        case .left: .left
        case .center: .center
        case .right: .right
        }
        let font = TextLayout.Font(family: style.fontFamily, weight: style.fontWeight, pixelSize: max(1, style.size))
        func laidOut(wrapWidth: Double?) -> TextLayout {
            TextLayout(runs: layoutRuns, font: font, wrapWidth: wrapWidth, alignment: alignment, maximumLines: style.maximumLines)
        }
        var layout = laidOut(wrapWidth: style.maximumWidth.map { Double(max(1, $0)) })
        if let maximumWidth = style.maximumWidth {
            var wrapWidth = Double(max(1, maximumWidth))
            for _ in 0..<3 {
                let text = Self.snapped(layout.logicalExtents.union(layout.inkExtents))
                let excess = text.width - Double(maximumWidth)
                guard excess > 0, wrapWidth - excess >= 1 else { break }
                wrapWidth -= excess
                layout = laidOut(wrapWidth: wrapWidth)
            }
        }
        self.layout = layout

        let logical = layout.logicalExtents
        let outlineHalf = max(0, style.outline?.width ?? 0) / 2
        let glyphs = layout.inkExtents.outset(by: outlineHalf)
        var bounds = logical.union(glyphs)
        shadowReach = max(0, style.shadow?.blur ?? 0)
        if let shadow = style.shadow {
            bounds = bounds.union(glyphs.offsetBy(dx: shadow.offsetX, dy: shadow.offsetY).outset(by: shadowReach))
        }
        if let box = style.background {
            let backgroundBox = Self.snapped(logical.outset(by: max(0, box.padding)))
            background = backgroundBox
            bounds = bounds.union(backgroundBox)
        } else {
            background = nil
        }
        bounds = Self.snapped(bounds)
        originX = bounds.x
        originY = bounds.y
        width = max(1, Int(bounds.width))
        height = max(1, Int(bounds.height))
    }

    /// The smallest rectangle on whole pixels holding `rect` (a rounding
    /// error's worth over a whole number does not count).
    static func snapped(_ rect: CairoRect) -> CairoRect {
        let tolerance = OverlayRasteriser.roundingTolerance
        let left = (rect.x + tolerance).rounded(.down), top = (rect.y + tolerance).rounded(.down)
        let right = (rect.maxX - tolerance).rounded(.up), bottom = (rect.maxY - tolerance).rounded(.up)
        return CairoRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}
