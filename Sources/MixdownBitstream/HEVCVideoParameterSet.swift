/// The start of an HEVC video parameter set (VPS, NAL type 32): its id and
/// the stream's profile, tier and level.
package struct HEVCVideoParameterSet: Hashable, Sendable {
    /// `vps_video_parameter_set_id`, 0 to 15.
    package var vpsID: Int
    /// `vps_max_sub_layers_minus1`, 0 to 6.
    package var maxSubLayersMinus1: Int
    /// The general profile, tier and level.
    package var profileTierLevel: HEVCProfileTierLevel

    /// Parses `unit`, a base-layer VPS.
    ///
    /// - Throws: `BitstreamError.invalid` for another NAL type, `.unsupported`
    ///   for `nuh_layer_id` > 0, `.truncated` for a unit cut short.
    package init(_ unit: NALUnit) throws(BitstreamError) {
        var reader = try unit.hevcPayloadReader(type: 32, name: "VPS")
        vpsID = Int(try reader.u(4))
        // base layer internal and available flags, vps_max_layers_minus1.
        try reader.skip(8)
        maxSubLayersMinus1 = Int(try reader.u(3))
        // temporal id nesting, vps_reserved_0xffff_16bits.
        try reader.skip(17)
        profileTierLevel = try HEVCProfileTierLevel(reading: &reader, maxSubLayersMinus1: maxSubLayersMinus1)
    }
}
