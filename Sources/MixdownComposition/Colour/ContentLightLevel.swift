/// An HDR stream's content light levels (CTA-861.3: HEVC's and H.264's content
/// light level SEI, MP4's `clli`), in cd/m²; 0 means unknown.
public struct ContentLightLevel: Hashable, Sendable, Codable {
    /// MaxCLL: the brightest pixel of the whole stream.
    public var maxContentLightLevel: Int
    /// MaxFALL: the brightest frame's average.
    public var maxFrameAverageLightLevel: Int

    /// Levels from their values.
    public init(maxContentLightLevel: Int, maxFrameAverageLightLevel: Int) {
        self.maxContentLightLevel = maxContentLightLevel
        self.maxFrameAverageLightLevel = maxFrameAverageLightLevel
    }
}
