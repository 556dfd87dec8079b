/// How a video's samples map to colours: range, primaries, transfer, matrix and
/// chroma siting, each by FFmpeg's name for it, nil where the stream leaves it
/// unspecified.
///
/// The names are FFmpeg's (`av_color_range_name` and its siblings), the words
/// ffprobe prints: `tv`/`pc`; `bt709`, `bt2020`, `smpte170m`…; `bt709`,
/// `arib-std-b67`, `smpte2084`…; `bt709`, `bt2020nc`, `bt470bg`…; `left`,
/// `center`, `topleft`…. `VideoFrameReader` reads them from a stream and
/// `VideoEncoderSettings` writes them into an encoder's stream (its H.264 or
/// HEVC VUI), so a re-encoded stretch can describe its colours as its source does.
public struct VideoColourProperties: Hashable, Sendable {
    /// `tv` (video range: 8-bit luma 16 to 235) or `pc` (full range, 0 to 255).
    public var range: String?
    /// The colour primaries (`bt709`, `bt2020`, `bt470bg`, `smpte170m`…).
    public var primaries: String?
    /// The transfer characteristic (`bt709`, `arib-std-b67` for HLG, `smpte2084` for PQ…).
    public var transfer: String?
    /// The Y'CbCr matrix (`bt709`, `bt2020nc`, `bt470bg`, `smpte170m`…).
    public var matrix: String?
    /// Where chroma samples sit relative to luma (`left` is MPEG-2's and H.264's default).
    public var chromaLocation: String?

    /// Properties from FFmpeg's names; nil for what is unspecified.
    public init(range: String? = nil, primaries: String? = nil, transfer: String? = nil,
                matrix: String? = nil, chromaLocation: String? = nil) {
        self.range = range
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.chromaLocation = chromaLocation
    }

    /// Nothing specified: players assume BT.709 for HD, BT.601 for SD, video range.
    public static let unspecified = VideoColourProperties()

    /// HD video as a `Picture` holds it: BT.709 primaries, transfer and matrix,
    /// video range, chroma sited left.
    public static let bt709 = VideoColourProperties(range: "tv", primaries: "bt709", transfer: "bt709",
                                                    matrix: "bt709", chromaLocation: "left")

    /// Whether samples use the full 8-bit range (`pc`, JPEG's) rather than video range.
    public var isFullRange: Bool { range == "pc" }
}
