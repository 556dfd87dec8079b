/// A Dolby Vision stream's configuration record (MP4's `dvcC`/`dvvC`, FFmpeg's
/// `AVDOVIDecoderConfigurationRecord`): which profile, and what its base layer
/// is compatible with.
///
/// Phones record profile 8.4: an HEVC Main 10 HLG base layer any player shows,
/// with Dolby Vision's reshaping data (the RPU) in NAL units of type 62. Profile
/// 8.1's base layer is HDR10 (PQ).
public struct DolbyVisionConfiguration: Hashable, Sendable, Codable {
    /// The record's version, major.
    public var versionMajor: Int
    /// The record's version, minor.
    public var versionMinor: Int
    /// The profile (5, 7, 8, 9…).
    public var profile: Int
    /// The level (1 to 13: resolution and frame rate).
    public var level: Int
    /// Whether the stream carries RPUs.
    public var rpuPresent: Bool
    /// Whether it has an enhancement layer.
    public var enhancementLayerPresent: Bool
    /// Whether it has a base layer.
    public var baseLayerPresent: Bool
    /// What the base layer shows as without Dolby Vision: 0 none, 1 HDR10 (PQ),
    /// 2 SDR, 4 HLG, 6 an HDR10 BT.2100 master.
    public var baseLayerCompatibility: Int

    /// A record from its fields.
    public init(versionMajor: Int, versionMinor: Int, profile: Int, level: Int, rpuPresent: Bool,
                enhancementLayerPresent: Bool, baseLayerPresent: Bool, baseLayerCompatibility: Int) {
        self.versionMajor = versionMajor
        self.versionMinor = versionMinor
        self.profile = profile
        self.level = level
        self.rpuPresent = rpuPresent
        self.enhancementLayerPresent = enhancementLayerPresent
        self.baseLayerPresent = baseLayerPresent
        self.baseLayerCompatibility = baseLayerCompatibility
    }

    /// The profile as Dolby names it: `8.4` for profile 8 with an HLG-compatible
    /// base layer; the profile alone where no compatibility is signalled.
    public var name: String {
        baseLayerCompatibility == 0 ? "\(profile)" : "\(profile).\(baseLayerCompatibility)"
    }
}
