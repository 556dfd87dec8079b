package import MixdownDSP
package import MixdownUnits
internal import CCairo

/// Cairo drawing straight into an ``OverlayImage``'s memory (its premultiplied
/// BGRA rows are Cairo's `ARGB32` image format, stride included), so nothing is
/// copied in or out.
///
/// Coordinates are Cairo's user space: pixels from the image's top-left, y down,
/// until ``translate(x:y:)``, ``scale(x:y:)`` or ``rotate(degreesClockwise:)``
/// move it; ``save()`` and ``restore()`` keep and bring back the transform.
/// Everything is antialiased. Owns its surface and context, released with it;
/// the image must not be read while the canvas draws (each drawing call flushes
/// before it returns, so reading between calls is safe). Not thread-safe.
package final class CairoCanvas {
    /// The image drawn into.
    package let image: OverlayImage
    let surface: OpaquePointer
    let context: OpaquePointer

    /// A canvas over `image`'s pixels (what is already there stays, and is drawn over).
    package init(image: OverlayImage) {
        self.image = image
        surface = Self.surface(over: image)
        context = cairo_create(surface)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Moves the origin by (`x`, `y`) user units.
    package func translate(x: Double, y: Double) { cairo_translate(context, x, y) }
    /// Scales user space by `x` horizontally and `y` vertically.
    package func scale(x: Double, y: Double) { cairo_scale(context, x, y) }
    /// Turns user space about its origin, clockwise on the picture (y points down).
    package func rotate(degreesClockwise degrees: Double) { cairo_rotate(context, degrees * .pi / 180) }
    /// Keeps the transform (and every other setting) until the matching ``restore()``.
    package func save() { cairo_save(context) }
    /// Brings back what the last ``save()`` kept.
    package func restore() { cairo_restore(context) }

    /// Fills `rect` with `colour`, its corners rounded by `cornerRadius` (at most
    /// half the shorter side; 0 for square corners).
    package func fillRoundedRectangle(_ rect: CairoRect, cornerRadius: Double, colour: RGBAColour) {
        guard !rect.isEmpty else { return }
        let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        cairo_new_path(context)
        if radius == 0 {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        } else {
            let quarter = Double.pi / 2
            cairo_arc(context, rect.maxX - radius, rect.y + radius, radius, -quarter, 0)
            cairo_arc(context, rect.maxX - radius, rect.maxY - radius, radius, 0, quarter)
            cairo_arc(context, rect.x + radius, rect.maxY - radius, radius, quarter, 2 * quarter)
            cairo_arc(context, rect.x + radius, rect.y + radius, radius, 2 * quarter, 3 * quarter)
            cairo_close_path(context)
        }
        setSource(colour)
        cairo_fill(context)
        cairo_surface_flush(surface)
    }

    /// Draws `layout`'s glyphs with their top-left at (`x`, `y`) in `colour`
    /// (colour glyphs, such as emoji, in their own colours).
    package func showText(_ layout: TextLayout, x: Double, y: Double, colour: RGBAColour) {
        cairo_move_to(context, x, y)
        setSource(colour)
        pango_cairo_show_layout(context, layout.layout)
        cairo_new_path(context)
        cairo_surface_flush(surface)
    }

    /// Strokes the outlines of `layout`'s glyphs (top-left at `x`, `y`) with a
    /// line `width` user units wide in `colour`, with round joins: half of it
    /// falls outside each glyph, so drawn before ``showText(_:x:y:colour:)`` it
    /// rings the glyphs. Bitmap glyphs (colour emoji) have no outline.
    package func strokeTextOutline(_ layout: TextLayout, x: Double, y: Double, width: Double, colour: RGBAColour) {
        guard width > 0 else { return }
        cairo_new_path(context)
        cairo_move_to(context, x, y)
        pango_cairo_layout_path(context, layout.layout)
        cairo_set_line_width(context, width)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        setSource(colour)
        cairo_stroke(context)
        cairo_surface_flush(surface)
    }

    /// Paints `colour` through `mask`'s alpha, the mask's top-left at device
    /// pixel (`x`, `y`) whatever the transform: how a shadow drawn and blurred
    /// on its own image is laid down.
    package func paint(_ colour: RGBAColour, maskedBy mask: OverlayImage, x: Double, y: Double) {
        let maskSurface = Self.surface(over: mask)
        defer { cairo_surface_destroy(maskSurface) }
        cairo_save(context)
        cairo_identity_matrix(context)
        setSource(colour)
        cairo_mask_surface(context, maskSurface, x, y)
        cairo_restore(context)
        cairo_surface_flush(surface)
    }

    /// Draws `source` over the canvas with its top-left at the user-space
    /// origin, through the current transform, resampled with Cairo's good filter
    /// (bilinear, with box filtering when shrinking); outside it nothing is drawn.
    package func draw(_ source: OverlayImage) {
        let sourceSurface = Self.surface(over: source)
        defer { cairo_surface_destroy(sourceSurface) }
        cairo_set_source_surface(context, sourceSurface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_NONE)
        cairo_paint(context)
        // The pattern holds the surface: drop it before the surface goes.
        cairo_set_source_rgba(context, 0, 0, 0, 0)
        cairo_surface_flush(surface)
    }

    /// The width and height of the box around a `width` × `height` rectangle
    /// scaled by `scale` and turned by `degrees` clockwise (Cairo's matrix does
    /// the trigonometry).
    package static func boundingSize(width: Double, height: Double, scale: Double, degreesClockwise degrees: Double)
        -> (width: Double, height: Double) {
        var matrix = cairo_matrix_t()
        cairo_matrix_init_rotate(&matrix, degrees * .pi / 180)
        cairo_matrix_scale(&matrix, scale, scale)
        var acrossX = width, acrossY = 0.0, downX = 0.0, downY = height
        cairo_matrix_transform_distance(&matrix, &acrossX, &acrossY)
        cairo_matrix_transform_distance(&matrix, &downX, &downY)
        return (abs(acrossX) + abs(downX), abs(acrossY) + abs(downY))
    }

    private func setSource(_ colour: RGBAColour) {
        cairo_set_source_rgba(context, Double(colour.colour.red) / 255, Double(colour.colour.green) / 255,
                              Double(colour.colour.blue) / 255, Double(colour.alpha) / 255)
    }

    /// An `ARGB32` surface over `image`'s memory: the image keeps owning it.
    private static func surface(over image: OverlayImage) -> OpaquePointer {
        guard let surface = cairo_image_surface_create_for_data(image.base, CAIRO_FORMAT_ARGB32, Int32(image.width),
                                                                Int32(image.height), Int32(image.stride)) else {
            preconditionFailure("Cairo made no surface for a \(image.width)×\(image.height) image")
        }
        // Cairo has not touched the memory yet; say it may hold pixels already.
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
