/// The display an HDR picture was mastered on (SMPTE ST 2086: HEVC's and H.264's
/// mastering display colour volume SEI, MP4's `mdcv`, Matroska's
/// `MasteringMetadata`): its primaries, white point and luminance range.
public struct MasteringDisplay: Hashable, Sendable, Codable {
    /// A CIE 1931 xy chromaticity.
    public struct Chromaticity: Hashable, Sendable, Codable {
        /// x.
        public var x: Double
        /// y.
        public var y: Double

        /// A chromaticity from its coordinates.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The red primary; nil with the green and blue ones when the metadata states no primaries.
    public var red: Chromaticity?
    /// The green primary.
    public var green: Chromaticity?
    /// The blue primary.
    public var blue: Chromaticity?
    /// The white point.
    public var whitePoint: Chromaticity?
    /// The darkest luminance the display shows, in cd/m²; nil when the metadata states no luminance.
    public var minLuminance: Double?
    /// The brightest luminance the display shows, in cd/m² (1000 for a typical HDR10 master).
    public var maxLuminance: Double?

    /// Metadata from its parts; nil for what it does not state.
    public init(red: Chromaticity? = nil, green: Chromaticity? = nil, blue: Chromaticity? = nil,
                whitePoint: Chromaticity? = nil, minLuminance: Double? = nil, maxLuminance: Double? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.whitePoint = whitePoint
        self.minLuminance = minLuminance
        self.maxLuminance = maxLuminance
    }

    /// Whether the primaries, white point and luminance range are all stated.
    public var isComplete: Bool {
        red != nil && green != nil && blue != nil && whitePoint != nil && minLuminance != nil && maxLuminance != nil
    }
}
