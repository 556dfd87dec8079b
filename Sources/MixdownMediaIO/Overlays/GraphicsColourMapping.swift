public import MixdownComposition
public import MixdownDSP
public import MixdownUnits
internal import MixdownZimg

/// Places SDR graphics (overlays and background colours, whose R'G'B' is
/// BT.709 SDR by nature) in an HDR composition as an SDR clip is placed, by
/// libzimg: their white at BT.2408's reference white (203 cd/m²: 8-bit 235
/// becomes HLG 721, PQ 573 at 10 bits), their colours converted from BT.709
/// to BT.2020 in linear light, never drawn at their SDR codes ×4 (which would
/// put white at the HDR peak).
///
/// `OverlayConverter` converts each overlay once per drawing through a
/// conversion this makes (4:4:4, one pixel at a time, so a pixel's colour is
/// exactly an SDR clip pixel's of that colour); ``ycbcr(_:)`` gives a
/// background colour's 10-bit codes. One per composition; one thread at a time.
public final class GraphicsColourMapping {
    /// The composition's colour (`VideoComposition.outputColour`): HLG or PQ, 10-bit.
    public let target: VideoColourDescription
    /// Colours already placed, by their R'G'B'.
    private var placed: [Colour: YCbCr] = [:]
    /// The 2×2 converter background colours go through.
    private let colourConverter: PictureColourConverter

    /// What graphics are made in: 8-bit video-range BT.709 SDR, the colour of an
    /// SDR clip that states nothing.
    public static let graphicsColour = VideoColourDescription(bitDepth: 8, range: "tv", primaries: "bt709", transfer: "bt709",
                                                              matrix: "bt709", chromaLocation: "left")

    /// The mapping for `composition`'s graphics; nil for an SDR composition,
    /// whose graphics are drawn at their own codes.
    ///
    /// - Throws: `unsupported` when libzimg does not convert into the composition's colour.
    public static func forComposition(_ composition: VideoComposition) throws(MediaIOError) -> GraphicsColourMapping? {
        composition.dynamicRange.isHDR ? try GraphicsColourMapping(target: composition.outputColour) : nil
    }

    /// A mapping of SDR graphics into `target`.
    ///
    /// - Parameter target: An HDR colour, 10-bit.
    /// - Throws: `unsupported` when libzimg does not convert into it.
    public init(target: VideoColourDescription) throws(MediaIOError) {
        self.target = target
        colourConverter = try PictureColourConverter(from: Self.graphicsColour, to: target, width: 2, height: 2, path: "graphics")
    }

    /// `colour` in the target's 10-bit codes: where a flat SDR BT.709 picture of
    /// that colour lands when `PictureColourConverter` converts it (black stays
    /// 64, 512, 512). Converted once per colour.
    ///
    /// - Throws: `decodeFailed` when libzimg fails.
    public func ycbcr(_ colour: Colour) throws(MediaIOError) -> YCbCr {
        if let known = placed[colour] { return known }
        let samples = colour.videoRangeYCbCr(.bt709)
        let picture = Picture(width: 2, height: 2, colour: YCbCr(y: samples.y, cb: samples.cb, cr: samples.cr))
        let converted = try colourConverter.convert(picture)
        let result = YCbCr(y10: UInt16(converted.sample(.y, x: 0, y: 0)), cb10: UInt16(converted.sample(.cb, x: 0, y: 0)),
                           cr10: UInt16(converted.sample(.cr, x: 0, y: 0)))
        placed[colour] = result
        return result
    }

    /// A conversion of `width × height` 8-bit 4:4:4 graphics samples into the
    /// target's 10-bit 4:4:4: each pixel on its own, no chroma resampling.
    ///
    /// - Throws: `unsupported` when libzimg refuses it.
    func fullResolutionConversion(width: Int, height: Int) throws(MediaIOError) -> ColourConversion {
        let source = PictureColourConverter.description(Self.graphicsColour)
        let target = PictureColourConverter.description(self.target)
        do {
            return try ColourConversion(from: YCbCrFormat(bitDepth: 8, colour: source, isSubsampled: false),
                                        to: YCbCrFormat(bitDepth: 10, colour: target, isSubsampled: false),
                                        width: width, height: height, sourcePeakLuminance: nil)
        } catch {
            throw .unsupported(path: "graphics", reason: "they cannot be converted into \(self.target.label): \(error)")
        }
    }
}
