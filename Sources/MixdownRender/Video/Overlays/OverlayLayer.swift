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

    /// What makes a drawing: the decoded picture (a GIF's frame; nil for vectors),
    /// the size it is drawn at and its turn.
    private struct Key {
        var picture: OverlayImage?
        var width: Int
        var height: Int
        var rotation: Double

        func matches(_ other: Key) -> Bool {
            picture === other.picture && width == other.width && height == other.height && rotation == other.rotation
        }
    }

    private let source: Source
    /// The content's own size; nil for a box, which has none.
    let naturalSize: (width: Int, height: Int)?
    private let converter = OverlayConverter()
    /// The last drawing: its key, the image drawn, and where its top-left goes
    /// from the unturned image's (a turn widens it).
    private var last: (key: Key, image: OverlayImage, dx: Int, dy: Int)?

    /// Opens `content`: reads a raster image's header, lays out a text, reads an SVG.
    ///
    /// - Throws: `missingInput` or `unreadableMedia` for a file that cannot be read.
    init(content: OverlayContent, rasteriser: OverlayRasteriser) throws(MediaIOError) {
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
    /// turned about its centre, with its opacity, in the render's `matrix`.
    func draw(_ state: OverlayState, at local: MediaTime, on canvas: Picture, matrix: YCbCrMatrix,
              rasteriser: OverlayRasteriser) throws(MediaIOError) {
        let size = state.scaledSize
        var key = Key(picture: nil, width: size.width, height: size.height, rotation: state.rotation)
        if case let .raster(image) = source { key.picture = try image.image(at: local, width: size.width, height: size.height) }
        let drawing: (key: Key, image: OverlayImage, dx: Int, dy: Int)
        if let last, last.key.matches(key) {
            drawing = last
        } else {
            var image: OverlayImage
            switch source {
            case .raster: image = key.picture ?? OverlayImage(width: size.width, height: size.height)
            case let .vector(content): image = try rasteriser.rasterise(content, width: size.width, height: size.height)
            }
            var dx = 0, dy = 0
            if state.rotation.truncatingRemainder(dividingBy: 360) != 0 {
                let turned = OverlayRasteriser.transformed(image, scale: 1, rotation: state.rotation)
                (image, dx, dy) = (turned.image, turned.dx, turned.dy)
            }
            drawing = (key, image, dx, dy)
            last = drawing
        }
        // Scaled about its centre: the centre stays where the state puts it.
        let x = state.x + (state.width - size.width) / 2 + drawing.dx, y = state.y + (state.height - size.height) / 2 + drawing.dy
        let overlay = try converter.overlay(for: drawing.image, at: (x, y), matrix: matrix)
        canvas.draw(overlay, at: (x, y), opacity: Int((state.opacity * 256).rounded()))
    }
}
