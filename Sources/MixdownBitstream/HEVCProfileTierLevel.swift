/// An HEVC `profile_tier_level()`'s general part: what the stream needs of a
/// decoder, as the VPS, the SPS and the `hvcC` header hold it.
package struct HEVCProfileTierLevel: Hashable, Sendable {
    /// `general_profile_space` (0 in every published profile).
    package var profileSpace: Int
    /// `general_tier_flag`: the High tier.
    package var highTier: Bool
    /// `general_profile_idc`: 1 Main, 2 Main 10, 3 Main Still Picture, 4 range extensions.
    package var profileIDC: Int
    /// `general_profile_compatibility_flag[0…31]`, flag 0 in the most significant bit.
    package var compatibilityFlags: UInt32
    /// The 48 bits after the compatibility flags, as `hvcC` stores them:
    /// progressive, interlaced, non-packed and frame-only source flags, then 44
    /// constraint and reserved bits.
    package var constraintFlags: UInt64
    /// `general_level_idc`: 30 times the level (93 is level 3.1).
    package var levelIDC: Int

    /// A profile, tier and level of these values.
    package init(profileSpace: Int, highTier: Bool, profileIDC: Int, compatibilityFlags: UInt32, constraintFlags: UInt64, levelIDC: Int) {
        self.profileSpace = profileSpace
        self.highTier = highTier
        self.profileIDC = profileIDC
        self.compatibilityFlags = compatibilityFlags
        self.constraintFlags = constraintFlags
        self.levelIDC = levelIDC
    }

    /// Reads `profile_tier_level(1, maxSubLayersMinus1)` and moves past its
    /// sub-layer part, whose length depends on the sub-layer flags.
    package init(reading reader: inout BitReader, maxSubLayersMinus1: Int) throws(BitstreamError) {
        profileSpace = Int(try reader.u(2))
        highTier = try reader.flag()
        profileIDC = Int(try reader.u(5))
        compatibilityFlags = UInt32(try reader.u(32))
        constraintFlags = try reader.u(48)
        levelIDC = Int(try reader.u(8))
        var profilePresent: [Bool] = []
        var levelPresent: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 {
            profilePresent.append(try reader.flag())
            levelPresent.append(try reader.flag())
        }
        if maxSubLayersMinus1 > 0 { try reader.skip(2 * (8 - maxSubLayersMinus1)) }
        for index in 0..<maxSubLayersMinus1 {
            // Profile space to the constraint flags: 2 + 1 + 5 + 32 + 48 bits; the level 8.
            if profilePresent[index] { try reader.skip(88) }
            if levelPresent[index] { try reader.skip(8) }
        }
    }
}
