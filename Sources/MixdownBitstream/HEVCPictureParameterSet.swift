/// The start of an HEVC picture parameter set (PPS, NAL type 34), up to its
/// tiles and wavefront flags.
package struct HEVCPictureParameterSet: Hashable, Sendable {
    /// `pps_pic_parameter_set_id`, 0 to 63.
    package var ppsID: Int
    /// `pps_seq_parameter_set_id`, 0 to 15.
    package var spsID: Int
    /// `dependent_slice_segments_enabled_flag`.
    package var dependentSliceSegments: Bool
    /// `output_flag_present_flag`: slice headers carry `pic_output_flag`.
    package var outputFlagPresent: Bool
    /// `num_extra_slice_header_bits`.
    package var numExtraSliceHeaderBits: Int
    /// `tiles_enabled_flag`.
    package var tilesEnabled: Bool
    /// `entropy_coding_sync_enabled_flag`: wavefront parallel processing (WPP).
    package var entropyCodingSync: Bool

    /// Parses `unit`, a base-layer PPS, up to `entropy_coding_sync_enabled_flag`.
    ///
    /// - Throws: `BitstreamError.invalid` for another NAL type or an id out of
    ///   range, `.unsupported` for `nuh_layer_id` > 0, `.truncated` for a unit cut short.
    package init(_ unit: NALUnit) throws(BitstreamError) {
        var reader = try unit.hevcPayloadReader(type: 34, name: "PPS")
        ppsID = try reader.ue()
        spsID = try reader.ue()
        guard ppsID <= 63, spsID <= 15 else { throw .invalid("PPS id \(ppsID) or its SPS id \(spsID) out of range") }
        dependentSliceSegments = try reader.flag()
        outputFlagPresent = try reader.flag()
        numExtraSliceHeaderBits = Int(try reader.u(3))
        // sign_data_hiding_enabled_flag, cabac_init_present_flag.
        try reader.skip(2)
        _ = try reader.ue()  // num_ref_idx_l0_default_active_minus1
        _ = try reader.ue()  // num_ref_idx_l1_default_active_minus1
        _ = try reader.se()  // init_qp_minus26
        // constrained_intra_pred_flag, transform_skip_enabled_flag.
        try reader.skip(2)
        if try reader.flag() { _ = try reader.ue() }  // cu_qp_delta_enabled_flag, diff_cu_qp_delta_depth
        _ = try reader.se()  // pps_cb_qp_offset
        _ = try reader.se()  // pps_cr_qp_offset
        // pps_slice_chroma_qp_offsets_present, weighted_pred, weighted_bipred, transquant_bypass_enabled.
        try reader.skip(4)
        tilesEnabled = try reader.flag()
        entropyCodingSync = try reader.flag()
    }
}
