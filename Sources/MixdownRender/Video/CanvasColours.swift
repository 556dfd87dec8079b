import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownUnits

/// What a composition's graphics are drawn at on a canvas: the background
/// colours' samples and, in HDR, the `GraphicsColourMapping` overlays are
/// converted by.
///
/// In SDR (and on an 8-bit canvas) a colour is its video-range Y'CbCr by the
/// composition's matrix (×4 on a 10-bit canvas), as ever. In an HLG or PQ
/// composition on its 10-bit canvas, graphics are placed as an SDR clip is:
/// white at BT.2408's reference white, by libzimg. The mapping is made on first
/// use (where errors can be thrown) and shared by the compositor and the
/// overlay painter. Not thread-safe.
final class CanvasColours {
    private let composition: VideoComposition
    /// The mapping once made: `.some(nil)` for a composition that needs none.
    private var made: GraphicsColourMapping??

    /// The colours of `composition`'s canvases.
    init(composition: VideoComposition) { self.composition = composition }

    /// The mapping SDR graphics go through on a canvas of `bitDepth` bits; nil
    /// when they are drawn at their own codes (SDR, or an 8-bit canvas).
    ///
    /// - Throws: `unsupported` when libzimg does not convert into the composition's colour.
    func mapping(bitDepth: Int) throws(MediaIOError) -> GraphicsColourMapping? {
        guard bitDepth > 8 else { return nil }
        if let made { return made }
        let mapping = try GraphicsColourMapping.forComposition(composition)
        made = .some(mapping)
        return mapping
    }

    /// The samples `colour` fills a canvas of `bitDepth` bits with.
    ///
    /// - Throws: what the mapping throws.
    func ycbcr(_ colour: Colour, bitDepth: Int) throws(MediaIOError) -> YCbCr {
        if let mapping = try mapping(bitDepth: bitDepth) { return try mapping.ycbcr(colour) }
        return VideoCompositor.ycbcr(colour, composition.colourMatrix)
    }
}
