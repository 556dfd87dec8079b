/// A video stream's colour as a file states it: bit depth, the four colour
/// properties by FFmpeg's names, the dynamic range they mean, and the HDR
/// metadata (mastering display, content light level, Dolby Vision configuration).
///
/// MixdownMediaIO reads it at probe and scan time without decoding (the codec
/// parameters, the stream's side data, the first packet's SEI) and keeps it in
/// each clip's `VideoStreamFormat`, so planning, `inspect` and `probe` say what
/// each clip is. It lives here, below MixdownMediaIO, because the plan carries it.
/// The names are the ones ffprobe prints (`tv`, `bt2020`, `arib-std-b67`,
/// `bt2020nc`, `left`); nil where the stream leaves a property unspecified.
public struct VideoColourDescription: Hashable, Sendable {
    /// Bits per luma sample (8, 10, 12), from the pixel format; nil when unknown
    /// (a scan that did not analyse the format).
    public var bitDepth: Int?
    /// `tv` (video range) or `pc` (full range).
    public var range: String?
    /// The colour primaries (`bt709`, `bt2020`, `smpte170m`…).
    public var primaries: String?
    /// The transfer characteristic (`bt709`, `arib-std-b67`, `smpte2084`…).
    public var transfer: String?
    /// The Y'CbCr matrix (`bt709`, `bt2020nc`, `smpte170m`…).
    public var matrix: String?
    /// Where chroma samples sit (`left`, `topleft`…).
    public var chromaLocation: String?
    /// The mastering display (SMPTE ST 2086), when the stream states it.
    public var masteringDisplay: MasteringDisplay?
    /// MaxCLL and MaxFALL, when the stream states them.
    public var contentLightLevel: ContentLightLevel?
    /// The Dolby Vision configuration record, for a Dolby Vision stream.
    public var dolbyVision: DolbyVisionConfiguration?

    /// A description from its parts; nil for what is unknown or unspecified.
    public init(bitDepth: Int? = nil, range: String? = nil, primaries: String? = nil, transfer: String? = nil,
                matrix: String? = nil, chromaLocation: String? = nil, masteringDisplay: MasteringDisplay? = nil,
                contentLightLevel: ContentLightLevel? = nil, dolbyVision: DolbyVisionConfiguration? = nil) {
        self.bitDepth = bitDepth
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.chromaLocation = chromaLocation
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
        self.dolbyVision = dolbyVision
    }

    /// Nothing known.
    public static let unknown = VideoColourDescription()

    /// SDR, HLG or PQ, from the transfer (an HLG-compatible Dolby Vision 8.4
    /// stream is HLG: that is what its base layer shows without Dolby Vision).
    public var dynamicRange: DynamicRange { DynamicRange(transfer: transfer) }

    /// Whether drawing the stream in an 8-bit SDR picture loses something: it is
    /// HDR, or has more than 8 bits.
    public var exceedsEightBitSDR: Bool { dynamicRange.isHDR || (bitDepth ?? 8) > 8 }

    /// The dynamic range and depth in a few words: `HLG 10-bit`, `SDR 8-bit`
    /// (`SDR` alone when the depth is unknown).
    public var label: String {
        dynamicRange.rawValue + (bitDepth.map { " \($0)-bit" } ?? "")
    }

    /// The primaries, transfer, matrix and range as FFmpeg names them, in that
    /// order, `unspecified` for each the stream leaves open: `bt2020, arib-std-b67, bt2020nc, tv`.
    public var propertyNames: String {
        [primaries, transfer, matrix, range].map { $0 ?? "unspecified" }.joined(separator: ", ")
    }
}
