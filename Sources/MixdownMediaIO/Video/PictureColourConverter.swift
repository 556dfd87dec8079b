public import MixdownComposition
public import MixdownDSP
internal import MixdownZimg

/// Converts a clip's pictures into the colour of the picture they are drawn
/// in, by libzimg (`ColourConversion` in MixdownZimg): SDR into HLG or PQ at
/// BT.2408's reference white (203 cd/m²), HLG or PQ into SDR by BT.2390's tone
/// curve and BT.2020 → BT.709 gamut clipping, and the depth between.
///
/// Made once per clip and picture size; one thread at a time. What a stream
/// leaves unspecified is taken as players take it: BT.709 for SDR, BT.2020 for
/// HDR, video range.
public final class PictureColourConverter {
    /// Bits per sample of the pictures converted.
    public let sourceBitDepth: Int
    /// Bits per sample of the pictures made.
    public let targetBitDepth: Int
    private let conversion: ColourConversion
    private let path: String

    /// A converter of `width × height` pictures of `source`'s colour into `target`'s.
    ///
    /// - Parameters:
    ///   - source: the clip's colour: its bit depth (8 when unknown), transfer,
    ///     primaries, matrix, range and, for PQ, its mastering display's peak.
    ///   - target: the colour drawn in (`VideoComposition.outputColour`).
    ///   - width: luma samples per row (even).
    ///   - height: luma rows (even).
    ///   - path: the clip, named in errors.
    /// - Throws: `unsupported` for a colour libzimg does not convert (naming it).
    public init(from source: VideoColourDescription, to target: VideoColourDescription, width: Int, height: Int,
                path: String) throws(MediaIOError) {
        sourceBitDepth = Self.depth(source)
        targetBitDepth = Self.depth(target)
        self.path = path
        do {
            conversion = try ColourConversion(from: YCbCrFormat(bitDepth: sourceBitDepth, colour: Self.description(source)),
                                              to: YCbCrFormat(bitDepth: targetBitDepth, colour: Self.description(target)),
                                              width: width, height: height, sourcePeakLuminance: source.masteringDisplay?.maxLuminance)
        } catch {
            throw .unsupported(path: path, reason: "its colour cannot be converted: \(error)")
        }
    }

    /// Whether pictures of `source` must be converted to be drawn in `target`:
    /// their dynamic ranges differ (within one range, pictures are drawn as
    /// they are, as ever).
    public static func isNeeded(from source: VideoColourDescription, to target: VideoColourDescription) -> Bool {
        source.dynamicRange != target.dynamicRange
    }

    /// `picture` (of the source's depth and the converter's size) in the target's colour.
    ///
    /// - Throws: `unsupported` for a picture of another depth or size (libzimg
    ///   would read past its planes); `decodeFailed` when libzimg fails.
    public func convert(_ picture: Picture) throws(MediaIOError) -> Picture {
        guard picture.bitDepth == sourceBitDepth, picture.width == conversion.width, picture.height == conversion.height else {
            throw .unsupported(path: path, reason: "a \(picture.width)×\(picture.height) \(picture.bitDepth)-bit picture given to a colour conversion "
                + "of \(conversion.width)×\(conversion.height) \(sourceBitDepth)-bit ones")
        }
        let converted = Picture(width: picture.width, height: picture.height, bitDepth: targetBitDepth)
        let source = YCbCrPlanes(y: picture.bytes(.y), yStride: picture.stride(.y), cb: picture.bytes(.cb), cbStride: picture.stride(.cb),
                                 cr: picture.bytes(.cr), crStride: picture.stride(.cr))
        let target = MutableYCbCrPlanes(y: converted.bytes(.y), yStride: converted.stride(.y), cb: converted.bytes(.cb),
                                        cbStride: converted.stride(.cb), cr: converted.bytes(.cr), crStride: converted.stride(.cr))
        do { try conversion.convert(from: source, into: target) } catch {
            throw .decodeFailed(path: path, reason: "colour conversion: \(error)")
        }
        return converted
    }

    private static func depth(_ colour: VideoColourDescription) -> Int { (colour.bitDepth ?? 8) > 8 ? 10 : 8 }

    /// libzimg's description of `colour`, unspecified properties as players take them.
    static func description(_ colour: VideoColourDescription) -> ColourDescription {
        let hdr = colour.dynamicRange.isHDR
        return ColourDescription(matrix: colour.matrix ?? (hdr ? "bt2020nc" : "bt709"), transfer: colour.transfer ?? "bt709",
                                 primaries: colour.primaries ?? (hdr ? "bt2020" : "bt709"), range: colour.range ?? "tv",
                                 chromaLocation: colour.chromaLocation ?? "left")
    }
}
