import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// One overlay's pixels while it is on screen: where they come from (a raster
/// image decoded by FFmpeg, or a text, box or SVG drawn by Cairo) and the last
/// drawing made of them, kept while nothing that shapes it changes.
///
/// Each layer has its own converter, whose cache then holds this overlay's
/// Y'CbCr: two overlays on screen together do not evict each other's.
final class OverlayLayer {
    private enum Source {
        /// A PNG, JPEG, WebP or GIF: decoded, scaled by libswscale when not at its own size.
        case raster(OverlayImageSource)
        /// A text, a box or an SVG: drawn as vectors at the size shown.
        case vector(OverlayContent)
    }

    private let source: Source
    /// The content's own size; nil for a box, which has none.
    let naturalSize: (width: Int, height: Int)?
    private let converter: OverlayConverter
    /// A text's, box's or SVG's last drawing (raster images keep their own), and its size.
    private var drawn: (width: Int, height: Int, image: OverlayImage)?
    /// The last turn: of which drawing, by what angle, the turned image, and
    /// where its top-left goes from the unturned image's (a turn widens it).
    private var turned: (from: OverlayImage, rotation: Double, image: OverlayImage, dx: Int, dy: Int)?

    /// Opens `content`: reads a raster image's header, lays out a text, reads an SVG.
    ///
    /// - Throws: `missingInput` or `unreadableMedia` for a file that cannot be read.
    init(content: OverlayContent, rasteriser: OverlayRasteriser) throws(MediaIOError) {
        if case let .image(path) = content { converter = OverlayConverter(name: path) } else { converter = OverlayConverter() }
        if case let .image(path) = content, !OverlayRasteriser.isSVG(path: path) {
            let image = try OverlayImageSource(path: path)
            source = .raster(image)
            naturalSize = (image.width, image.height)
        } else {
            source = .vector(content)
            naturalSize = try rasteriser.naturalSize(of: content)
        }
    }

    /// Draws `state` over `canvas`, `local` after the overlay's start: scaled and
    /// turned about its centre, with its opacity, in the render's `matrix`, or
    /// in HDR placed by `mapping` (a 10-bit overlay; nil in SDR).
    ///
    /// A text or an SVG is drawn again only when its size changes (a scale
    /// animation), a raster image only when its frame or size does; a turn
    /// only turns the drawing it has.
    func draw(_ state: OverlayState, at local: MediaTime, on canvas: Picture, matrix: YCbCrMatrix,
              mapping: GraphicsColourMapping?, rasteriser: OverlayRasteriser) throws(MediaIOError) {
        let size = state.scaledSize
        let image = try picture(at: local, width: size.width, height: size.height, rasteriser: rasteriser)
        var shown = (image: image, dx: 0, dy: 0)
        if state.rotation.truncatingRemainder(dividingBy: 360) != 0 {
            if let turned, turned.from === image, turned.rotation == state.rotation {
                shown = (turned.image, turned.dx, turned.dy)
            } else {
                let turn = OverlayRasteriser.transformed(image, scale: 1, rotation: state.rotation)
                turned = (image, state.rotation, turn.image, turn.dx, turn.dy)
                shown = turn
            }
        }
        // Scaled about its centre: the centre stays where the state puts it.
        let x = state.x + (state.width - size.width) / 2 + shown.dx, y = state.y + (state.height - size.height) / 2 + shown.dy
        let overlay = try converter.overlay(for: shown.image, at: (x, y), matrix: matrix, mapping: mapping)
        canvas.draw(overlay, at: (x, y), opacity: Int((state.opacity * 256).rounded()))
    }

    /// The unturned drawing at `width × height`, `local` after the start: the
    /// last one while nothing that shapes it has changed.
    private func picture(at local: MediaTime, width: Int, height: Int, rasteriser: OverlayRasteriser) throws(MediaIOError) -> OverlayImage {
        switch source {
        case let .raster(file):
            // The source hands back the same image while its frame and size stay.
            return try file.image(at: local, width: width, height: height)
        case let .vector(content):
            if let drawn, drawn.width == width, drawn.height == height { return drawn.image }
            let image = try rasteriser.rasterise(content, width: width, height: height)
            drawn = (width, height, image)
            return image
        }
    }
}
