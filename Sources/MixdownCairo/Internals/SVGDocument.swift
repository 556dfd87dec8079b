internal import CCairo

/// An SVG file parsed by librsvg, drawn as vectors at any size.
///
/// Its intrinsic size is its `width` and `height` attributes in pixels (at
/// 96 dpi, so `1in` is 96 px), or its `viewBox`'s when it gives none. Owns the
/// `RsvgHandle`, released with it. Not thread-safe.
package final class SVGDocument {
    /// The file it was read from.
    package let path: String
    /// Its intrinsic width in pixels (more than 0).
    package let width: Double
    /// Its intrinsic height in pixels (more than 0).
    package let height: Double
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Reads and parses the file at `path`.
    ///
    /// - Throws: ``SVGError/missingInput(path:reason:)`` when it cannot be read,
    ///   ``SVGError/unreadableMedia(path:reason:)`` when librsvg cannot parse it
    ///   or it has no size (no `width`/`height` in absolute units and no `viewBox`).
    package init(path: String) throws(SVGError) {
        self.path = path
        // Opened first on its own, so that a file that cannot be read is told
        // from one librsvg cannot parse (librsvg reports both in its own domain).
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let stream = g_file_read(file, nil, &error) else {
            throw Self.error(error, path: path, fallback: "it cannot be opened")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        // The file is the base that relative references (linked images) resolve against.
        guard let handle = rsvg_handle_new_from_stream_sync(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self),
                                                             file, RSVG_HANDLE_FLAGS_NONE, nil, &error) else {
            throw Self.error(error, path: path, fallback: "librsvg could not read it")
        }
        rsvg_handle_set_dpi(handle, 96)
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var lengthW = RsvgLength(), lengthH = RsvgLength()
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &lengthW, &hasHeight, &lengthH, &hasViewBox, &viewBox)
            if hasViewBox != 0 {
                width = viewBox.width
                height = viewBox.height
            } else {
                width = 0
                height = 0
            }
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw .unreadableMedia(path: path, reason: "the SVG has no size: give its svg element width and height in absolute units, or a viewBox")
        }
        self.handle = handle
        self.width = width
        self.height = height
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the whole document on `canvas` from its user-space origin,
    /// stretched from its intrinsic size to `width` × `height` user units (as
    /// vectors: nothing is drawn at one size and resampled).
    ///
    /// - Throws: ``SVGError/unreadableMedia(path:reason:)`` with librsvg's reason
    ///   when it cannot draw the document.
    package func draw(on canvas: CairoCanvas, width: Double, height: Double) throws(SVGError) {
        canvas.save()
        defer {
            canvas.restore()
            cairo_surface_flush(canvas.surface)
        }
        canvas.scale(x: width / self.width, y: height / self.height)
        var viewport = RsvgRectangle(x: 0, y: 0, width: self.width, height: self.height)
        var error: UnsafeMutablePointer<GError>?
        if rsvg_handle_render_document(handle, canvas.context, &viewport, &error) == 0 {
            throw Self.error(error, path: path, fallback: "librsvg could not draw it")
        }
    }

    /// `error` as an ``SVGError`` (GIO's error, from opening the file, is a
    /// missing input; librsvg's an unreadable document), freed.
    private static func error(_ error: UnsafeMutablePointer<GError>?, path: String, fallback: String) -> SVGError {
        guard let error else { return .unreadableMedia(path: path, reason: fallback) }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? fallback
        return error.pointee.domain == g_io_error_quark()
            ? .missingInput(path: path, reason: message)
            : .unreadableMedia(path: path, reason: message)
    }
}
