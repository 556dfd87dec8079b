/// How Y'CbCr samples map to colours, by FFmpeg's names: matrix, transfer,
/// primaries, range and chroma siting.
///
/// The names are the ones ffprobe prints and `VideoColourProperties` holds, so a
/// caller passes a stream's properties straight through: matrix `bt709`,
/// `bt2020nc`, `smpte170m`, `bt470bg`; transfer `bt709`, `smpte170m`,
/// `bt2020-10`, `bt2020-12`, `arib-std-b67` (HLG), `smpte2084` (PQ); primaries
/// `bt709`, `bt2020`, `smpte170m`, `bt470bg`, `smpte432` (P3-D65); range `tv`
/// or `pc`; chroma location `left`, `center`, `topleft`, `top`, `bottomleft`,
/// `bottom` (`unspecified` read as `left`, the codecs' default). Other names
/// are refused when a `ColourConversion` is made
/// (`ColourConversionError.unsupported`), never guessed.
package struct ColourDescription: Hashable, Sendable {
    /// The Y'CbCr matrix (`bt709`, `bt2020nc`, `smpte170m`, `bt470bg`).
    package var matrix: String
    /// The transfer characteristic (`bt709`, `smpte170m`, `arib-std-b67`, `smpte2084`…).
    package var transfer: String
    /// The colour primaries (`bt709`, `bt2020`, `smpte170m`…).
    package var primaries: String
    /// `tv` (video range: 8-bit luma 16 to 235, 10-bit 64 to 940) or `pc` (full range).
    package var range: String
    /// Where chroma samples sit relative to luma (`left` is MPEG-2's, H.264's and HEVC's default).
    package var chromaLocation: String

    /// A description from FFmpeg's names.
    /// - Parameters:
    ///   - matrix: The Y'CbCr matrix.
    ///   - transfer: The transfer characteristic.
    ///   - primaries: The colour primaries.
    ///   - range: `tv` or `pc`.
    ///   - chromaLocation: The chroma siting; `left` when the stream leaves it unspecified.
    package init(matrix: String, transfer: String, primaries: String, range: String = "tv", chromaLocation: String = "left") {
        self.matrix = matrix
        self.transfer = transfer
        self.primaries = primaries
        self.range = range
        self.chromaLocation = chromaLocation
    }

    /// HD video: BT.709 matrix, transfer and primaries, video range.
    package static let bt709 = ColourDescription(matrix: "bt709", transfer: "bt709", primaries: "bt709")
    /// SD video (NTSC's BT.601): SMPTE 170M matrix, transfer and primaries, video range.
    package static let bt601 = ColourDescription(matrix: "smpte170m", transfer: "smpte170m", primaries: "smpte170m")
    /// HLG as phones record it: BT.2020 primaries and non-constant-luminance matrix, HLG transfer, video range.
    package static let hlg = ColourDescription(matrix: "bt2020nc", transfer: "arib-std-b67", primaries: "bt2020")
    /// HDR10's PQ: BT.2020 primaries and non-constant-luminance matrix, SMPTE ST 2084 transfer, video range.
    package static let pq = ColourDescription(matrix: "bt2020nc", transfer: "smpte2084", primaries: "bt2020")

    /// Which dynamic range the transfer characteristic carries.
    package enum DynamicRange: Hashable, Sendable {
        /// A relative, gamma-like transfer (BT.709, BT.601, BT.2020): 1.0 is the display's white.
        case sdr
        /// Hybrid log-gamma (`arib-std-b67`, ARIB STD-B67 / BT.2100).
        case hlg
        /// Perceptual quantiser (`smpte2084`, SMPTE ST 2084 / BT.2100): absolute, 1.0 is 10 000 cd/m².
        case pq
    }

    /// The dynamic range of `transfer`: `.hlg`, `.pq`, or `.sdr` for any other name.
    package var dynamicRange: DynamicRange {
        switch transfer {
        case "arib-std-b67": .hlg
        case "smpte2084": .pq
        default: .sdr
        }
    }
}
