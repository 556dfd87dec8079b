public import MixdownComposition
public import MixdownDSP
internal import MixdownCairo
internal import MixdownUnits

/// Draws the overlays that are vectors (text, boxes, SVG images) into
/// `OverlayImage`s with Pango, Cairo and librsvg, at any size; and turns and
/// scales any overlay image about its centre.
///
/// Raster images (PNG, JPEG, WebP, GIF) are not drawn here: FFmpeg decodes
/// them. Text and SVG have a natural size (``naturalSize(of:)``) and are drawn at
/// any other one by scaling their vectors, never a bitmap. A font family that
/// fontconfig does not have is replaced by `TextStyle.defaultFamily`
/// (``fontWarning(for:)`` is what planning tells the user). Parsed SVG documents are kept for the
/// rasteriser's life, so drawing one on every frame parses it once.
///
/// Not thread-safe: one rasteriser per thread (Pango's font map is per thread).
public final class OverlayRasteriser {
    var svgDocuments: [String: SVGDocument] = [:]

    /// A rasteriser with nothing read yet.
    public init() {}

    /// The size `content` has when nothing scales it, in pixels (rounded up), or
    /// nil when it has none here.
    ///
    /// Text: its layout with the outline, shadow and background box around it.
    /// An SVG image (a path ending in `.svg`, in any case): its intrinsic size
    /// (its `width` and `height`, or its `viewBox`). A box, and raster images
    /// (FFmpeg decodes those), have none: nil.
    ///
    /// - Throws: ``MediaIOError/missingInput(path:reason:)`` for an SVG file that
    ///   cannot be read, ``MediaIOError/unreadableMedia(path:reason:)`` for one
    ///   librsvg cannot parse, naming the file and librsvg's reason.
    public func naturalSize(of content: OverlayContent) throws(MediaIOError) -> (width: Int, height: Int)? {
        switch content {
        case .box:
            return nil
        case let .image(path):
            guard Self.isSVG(path: path) else { return nil }
            let document = try svgDocument(path)
            return (Self.pixels(document.width), Self.pixels(document.height))
        case let .text(runs, style):
            let text = textPicture(runs, style)
            return (text.width, text.height)
        }
    }

    /// `content` drawn into a new `width` × `height` image (each at least 1).
    ///
    /// Text and SVG are scaled as vectors from their natural size to this one
    /// (each axis on its own, so a size of another shape stretches them); a box
    /// fills the image, its corners rounded.
    ///
    /// - Throws: for an SVG, as ``naturalSize(of:)`` does, or
    ///   ``MediaIOError/unreadableMedia(path:reason:)`` when librsvg cannot draw it;
    ///   ``MediaIOError/unsupported(path:reason:)`` for a raster image, which is
    ///   decoded, not drawn, here.
    public func rasterise(_ content: OverlayContent, width: Int, height: Int) throws(MediaIOError) -> OverlayImage {
        let image = OverlayImage(width: max(1, width), height: max(1, height))
        switch content {
        case let .box(style):
            let canvas = CairoCanvas(image: image)
            canvas.fillRoundedRectangle(CairoRect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                                        cornerRadius: style.cornerRadius, colour: style.colour)
        case let .image(path):
            guard Self.isSVG(path: path) else {
                throw .unsupported(path: path, reason: "a raster image is decoded with FFmpeg, not drawn as vectors")
            }
            try drawSVG(try svgDocument(path), into: image)
        case let .text(runs, style):
            drawText(textPicture(runs, style), into: image)
        }
        return image
    }

    /// Whether `path` names an SVG file (it ends in `.svg`, in any case).
    public static func isSVG(path: String) -> Bool {
        path.lowercased().hasSuffix(".svg")
    }

    /// The warning for a style whose font family fontconfig does not have (the
    /// text is then drawn in `TextStyle.defaultFamily`), or nil when it has it.
    public static func fontWarning(for style: TextStyle) -> String? {
        guard !FontCatalogue.knows(family: style.fontFamily) else { return nil }
        return "font family \(MessageText.quoted(style.fontFamily)) is not installed: text is drawn in \(TextStyle.defaultFamily)"
    }

    /// A natural length in whole pixels: rounded up, ignoring a rounding error's
    /// worth above a whole number, at least 1.
    static func pixels(_ length: Double) -> Int {
        max(1, Int((length - roundingTolerance).rounded(.up)))
    }

    /// How far past a whole pixel a length may be and still count as on it:
    /// Pango's and librsvg's sums of fractions land a hair beside whole numbers.
    static let roundingTolerance = 1e-6
}
