internal import CCairo

/// Text shaped and laid out by Pango (HarfBuzz shaping, the Unicode
/// bidirectional algorithm, line breaking, fontconfig's font fallback per
/// character), ready to measure and to draw on a ``CairoCanvas``.
///
/// Styles come from Pango attributes over byte ranges (italic, bold per run),
/// never from markup, so no character of the text has a meaning to Pango.
/// Sizes are in pixels (device units at scale 1). Glyphs are neither hinted
/// nor snapped to whole pixels, so a layout at twice the size is the same
/// layout twice as large: a scale animation re-rasterises without the lines
/// jumping.
///
/// Owns a `PangoContext` made from the calling thread's default font map
/// (Pango keeps one per thread; fontconfig is thread-safe) and its
/// `PangoLayout`, both released with it. Not thread-safe: make, measure and
/// draw one on a single thread.
package final class TextLayout {
    /// A stretch of the text in one style.
    package struct Run: Equatable, Sendable {
        /// The text; `\n` starts a new paragraph.
        package var text: String
        /// Drawn in the italic (or oblique) face.
        package var isItalic: Bool
        /// Drawn one step bolder than the font's weight (CSS's `bolder`).
        package var isBold: Bool

        /// `text` in the given style.
        package init(_ text: String, isItalic: Bool = false, isBold: Bool = false) {
            self.text = text
            self.isItalic = isItalic
            self.isBold = isBold
        }
    }

    /// The font asked for: fontconfig finds the nearest it has.
    package struct Font: Equatable, Sendable {
        /// A fontconfig family name (one: `FontCatalogue` checks it as a whole).
        package var family: String
        /// 100 (thin) to 900 (black); 400 is regular.
        package var weight: Int
        /// The em size in pixels.
        package var pixelSize: Double

        /// `family` at `weight`, `pixelSize` pixels to the em.
        package init(family: String, weight: Int, pixelSize: Double) {
            self.family = family
            self.weight = weight
            self.pixelSize = pixelSize
        }
    }

    /// How lines line up, as seen (left is left whatever the script's direction).
    package enum Alignment: Sendable {
        case left, center, right
    }

    let layout: OpaquePointer
    private let context: OpaquePointer

    /// `runs` laid out in `font`; lines wrap at `wrapWidth` pixels (at word
    /// boundaries, between characters inside a word too long for a line), and
    /// at most `maximumLines` lines are kept, the last cut with an ellipsis.
    ///
    /// The first paragraph's direction (its first strong character's) is the
    /// text's: `left` and `right` mean the same side in Arabic as in English.
    /// When lines must be cut, the text's paragraphs are joined by line
    /// separators (U+2028), since Pango counts a line limit per paragraph: the
    /// paragraphs then share the first one's direction.
    package init(runs: [Run], font: Font, wrapWidth: Double?, alignment: Alignment, maximumLines: Int?) {
        let fontMap = pango_cairo_font_map_get_default()
        context = pango_font_map_create_context(fontMap)
        Self.setRenderingOptions(of: context)
        layout = pango_layout_new(context)

        let description = pango_font_description_new()
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(UInt32(Self.clampedWeight(font.weight))))
        pango_font_description_set_absolute_size(description, font.pixelSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)

        setText(runs, font: font, joiningParagraphs: false)
        if let wrapWidth {
            pango_layout_set_width(layout, Self.pangoUnits(wrapWidth))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        if lineDirection(0) == PANGO_DIRECTION_RTL {
            // Pango swaps left and right for a paragraph whose direction differs
            // from the context's: with the context's set to the text's, they stay put.
            pango_context_set_base_dir(context, PANGO_DIRECTION_RTL)
            pango_layout_context_changed(layout)
        }
        let pangoAlignment: PangoAlignment = switch alignment {
        case .left: PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .right: PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, pangoAlignment)

        if let maximumLines, maximumLines >= 1, lineCount > maximumLines {
            if wrapWidth == nil {
                // Pango ellipsizes only within a width: the widest line's keeps every line as it is.
                var logical = PangoRectangle()
                pango_layout_get_extents(layout, nil, &logical)
                pango_layout_set_width(layout, logical.width + 1)
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
            setText(runs, font: font, joiningParagraphs: true)
            pango_layout_set_height(layout, -Int32(clamping: maximumLines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The extents of the glyphs' ink, relative to the layout's top-left.
    package var inkExtents: CairoRect { extents().ink }
    /// The logical extents: every line's advance width and full line height
    /// (ascent to descent), relative to the layout's top-left.
    package var logicalExtents: CairoRect { extents().logical }
    /// How many lines it has (after wrapping and cutting).
    package var lineCount: Int { Int(pango_layout_get_line_count(layout)) }
    /// How many characters no font on the machine has: Pango draws each as a
    /// box with its code point in hex (the `.notdef` case).
    package var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }
    /// Whether lines were cut with an ellipsis (`maximumLines`).
    package var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }
    /// Whether its first paragraph runs right to left (its first strong
    /// character is Arabic, Hebrew, …).
    package var isRightToLeft: Bool { lineDirection(0) == PANGO_DIRECTION_RTL }

    /// Where the character starting at byte `utf8Offset` of the text (the runs
    /// joined) is drawn, relative to the layout's top-left: its logical box, whose
    /// width is negative for a right-to-left character.
    package func characterExtents(atUTF8Offset utf8Offset: Int) -> CairoRect {
        var position = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(clamping: utf8Offset), &position)
        return Self.rect(position)
    }

    /// The layout's text and attributes from `runs`, with paragraph breaks
    /// turned into line separators when `joiningParagraphs`.
    private func setText(_ runs: [Run], font: Font, joiningParagraphs: Bool) {
        var text = ""
        let attributes = pango_attr_list_new()
        for run in runs {
            let piece = joiningParagraphs ? Self.joiningParagraphs(run.text) : run.text
            let start = UInt32(text.utf8.count)
            text += piece
            let end = UInt32(text.utf8.count)
            guard end > start else { continue }
            if run.isItalic { insert(pango_attr_style_new(PANGO_STYLE_ITALIC), into: attributes, from: start, to: end) }
            if run.isBold {
                let weight = PangoWeight(UInt32(Self.bolder(Self.clampedWeight(font.weight))))
                insert(pango_attr_weight_new(weight), into: attributes, from: start, to: end)
            }
        }
        pango_layout_set_text(layout, text, Int32(clamping: text.utf8.count))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, into list: OpaquePointer?, from start: UInt32, to end: UInt32) {
        guard let attribute else { return }
        attribute.pointee.start_index = start
        attribute.pointee.end_index = end
        pango_attr_list_insert(list, attribute)
    }

    private func extents() -> (ink: CairoRect, logical: CairoRect) {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return (Self.rect(ink), Self.rect(logical))
    }

    private func lineDirection(_ index: Int32) -> PangoDirection {
        guard let line = pango_layout_get_line_readonly(layout, index) else { return PANGO_DIRECTION_LTR }
        return pango_layout_line_get_resolved_direction(line)
    }

    /// Grey antialiasing (no colour fringes: the picture is not an LCD), no
    /// hinting and no rounding of positions, so that sizes scale linearly.
    private static func setRenderingOptions(of context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Paragraph separators (`\r\n`, `\n`, `\r`, U+2029) as line separators (U+2028).
    private static func joiningParagraphs(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            if scalar == "\n", afterCarriageReturn { continue }
            scalars.append(["\n", "\r", "\u{2029}"].contains(scalar) ? "\u{2028}" : scalar)
        }
        return String(scalars)
    }

    private static func clampedWeight(_ weight: Int) -> Int { min(1000, max(100, weight)) }

    /// CSS's `bolder`: 100–300 → 400, 400–500 → 700, 600 and more → 900.
    private static func bolder(_ weight: Int) -> Int {
        weight < 350 ? 400 : weight < 550 ? 700 : max(900, weight)
    }

    private static func pangoUnits(_ pixels: Double) -> Int32 {
        Int32(clamping: Int((pixels * Double(PANGO_SCALE)).rounded(.down)))
    }

    private static func rect(_ rectangle: PangoRectangle) -> CairoRect {
        let scale = Double(PANGO_SCALE)
        return CairoRect(x: Double(rectangle.x) / scale, y: Double(rectangle.y) / scale,
                         width: Double(rectangle.width) / scale, height: Double(rectangle.height) / scale)
    }
}
