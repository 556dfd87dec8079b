package import MixdownComposition
internal import MixdownDSP
internal import MixdownCairo
internal import MixdownUnits

extension OverlayRasteriser {
    /// What Pango made of a text: for checks that its glyphs were found and
    /// where its characters went.
    package struct TextMetrics: Sendable {
        /// Lines after wrapping and the line limit.
        package var lineCount: Int
        /// Characters no installed font has (drawn as boxes with their code point).
        package var unknownGlyphCount: Int
        /// Whether the first paragraph runs right to left.
        package var isRightToLeft: Bool
        /// The middle of the first character (in the runs' order), in pixels from
        /// the left of the natural-size image.
        package var firstCharacterCentreX: Double
        /// The natural width.
        package var width: Int
        /// The natural height.
        package var height: Int
    }

    /// How `runs` in `style` are laid out (the font family replaced as drawing would).
    package func textMetrics(_ runs: [TextRun], _ style: TextStyle) -> TextMetrics {
        let text = textPicture(runs, style)
        let first = text.layout.characterExtents(atUTF8Offset: 0)
        return TextMetrics(lineCount: text.layout.lineCount, unknownGlyphCount: text.layout.unknownGlyphCount,
                           isRightToLeft: text.layout.isRightToLeft, firstCharacterCentreX: first.x + first.width / 2 - text.originX,
                           width: text.width, height: text.height)
    }

    /// `runs` laid out in `style`, its font family replaced by the default one
    /// when fontconfig does not have it (planning warns of that, ``fontWarning(for:)``).
    func textPicture(_ runs: [TextRun], _ style: TextStyle) -> TextPicture {
        var style = style
        if Self.fontWarning(for: style) != nil { style.fontFamily = TextStyle.defaultFamily }
        return TextPicture(runs: runs, style: style)
    }

    /// `text` drawn over the whole of `image`, scaled from its natural size: the
    /// box, the shadow (the glyphs and outline drawn on an image of their own,
    /// blurred, and painted in the shadow's colour through it), the outline, the glyphs.
    func drawText(_ text: TextPicture, into image: OverlayImage) {
        let scaleX = Double(image.width) / Double(text.width), scaleY = Double(image.height) / Double(text.height)
        let style = text.style
        let canvas = CairoCanvas(image: image)
        canvas.scale(x: scaleX, y: scaleY)
        canvas.translate(x: -text.originX, y: -text.originY)
        if let box = style.background, let rect = text.background {
            canvas.fillRoundedRectangle(rect, cornerRadius: box.cornerRadius, colour: box.colour)
        }
        if let shadow = style.shadow, shadow.colour.alpha > 0 {
            let mask = OverlayImage(width: image.width, height: image.height)
            let maskCanvas = CairoCanvas(image: mask)
            maskCanvas.scale(x: scaleX, y: scaleY)
            maskCanvas.translate(x: shadow.offsetX - text.originX, y: shadow.offsetY - text.originY)
            if let outline = style.outline {
                maskCanvas.strokeTextOutline(text.layout, x: 0, y: 0, width: outline.width, colour: .white)
            }
            maskCanvas.showText(text.layout, x: 0, y: 0, colour: .white)
            // Three box passes of a third of the blur each reach the blur's length.
            mask.blurAlpha(radius: Int((text.shadowReach * (scaleX + scaleY) / 2 / 3).rounded()))
            canvas.paint(shadow.colour, maskedBy: mask, x: 0, y: 0)
        }
        if let outline = style.outline, outline.colour.alpha > 0 {
            canvas.strokeTextOutline(text.layout, x: 0, y: 0, width: outline.width, colour: outline.colour)
        }
        canvas.showText(text.layout, x: 0, y: 0, colour: style.colour)
    }
}
