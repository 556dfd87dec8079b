/// The start of an HEVC sequence parameter set (SPS, NAL type 33), up to the
/// sub-layer ordering info: ids, profile, picture size, sample format, and the
/// picture buffering a splice must keep.
package struct HEVCSequenceParameterSet: Hashable, Sendable {
    /// `sps_video_parameter_set_id`, 0 to 15.
    package var vpsID: Int
    /// `sps_max_sub_layers_minus1`, 0 to 6.
    package var maxSubLayersMinus1: Int
    /// `sps_temporal_id_nesting_flag`.
    package var temporalIDNesting: Bool
    /// The general profile, tier and level.
    package var profileTierLevel: HEVCProfileTierLevel
    /// `sps_seq_parameter_set_id`, 0 to 15.
    package var spsID: Int
    /// `chroma_format_idc`: 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaFormat: Int
    /// `pic_width_in_luma_samples`: the coded width, before the conformance window.
    package var width: Int
    /// `pic_height_in_luma_samples`: the coded height, before the conformance window.
    package var height: Int
    /// The conformance window's left, right, top and bottom offsets in luma samples (0 without one).
    package var conformanceWindow: (left: Int, right: Int, top: Int, bottom: Int) {
        get { (windowOffsets[0], windowOffsets[1], windowOffsets[2], windowOffsets[3]) }
        set { windowOffsets = [newValue.left, newValue.right, newValue.top, newValue.bottom] }
    }
    private var windowOffsets = [0, 0, 0, 0]
    /// `bit_depth_luma_minus8` + 8.
    package var bitDepthLuma: Int
    /// `bit_depth_chroma_minus8` + 8.
    package var bitDepthChroma: Int
    /// `log2_max_pic_order_cnt_lsb_minus4` + 4.
    package var log2MaxPicOrderCountLSB: Int
    /// `sps_max_dec_pic_buffering_minus1` + 1 of the highest sub-layer.
    package var maxDecPicBuffering: Int
    /// `sps_max_num_reorder_pics` of the highest sub-layer: how many pictures
    /// may come before one in decoding order and after it in output order.
    package var maxNumReorderPics: Int
    /// `sps_max_latency_increase_plus1` of the highest sub-layer as coded (0: no limit).
    package var maxLatencyIncrease: Int

    /// The picture's width after the conformance window: what a player shows.
    package var croppedWidth: Int { width - subWidth * (windowOffsets[0] + windowOffsets[1]) }
    /// The picture's height after the conformance window.
    package var croppedHeight: Int { height - subHeight * (windowOffsets[2] + windowOffsets[3]) }
    private var subWidth: Int { chromaFormat == 1 || chromaFormat == 2 ? 2 : 1 }
    private var subHeight: Int { chromaFormat == 1 ? 2 : 1 }

    /// Parses `unit`, a base-layer SPS, up to its sub-layer ordering info.
    ///
    /// - Throws: `BitstreamError.invalid` for another NAL type or an id out of
    ///   range, `.unsupported` for `nuh_layer_id` > 0, `.truncated` for a unit cut short.
    package init(_ unit: NALUnit) throws(BitstreamError) {
        var reader = try unit.hevcPayloadReader(type: 33, name: "SPS")
        vpsID = Int(try reader.u(4))
        maxSubLayersMinus1 = Int(try reader.u(3))
        temporalIDNesting = try reader.flag()
        profileTierLevel = try HEVCProfileTierLevel(reading: &reader, maxSubLayersMinus1: maxSubLayersMinus1)
        spsID = try reader.ue()
        guard spsID <= 15 else { throw .invalid("sps_seq_parameter_set_id \(spsID) > 15") }
        chromaFormat = try reader.ue()
        guard chromaFormat <= 3 else { throw .invalid("chroma_format_idc \(chromaFormat) > 3") }
        if chromaFormat == 3 { try reader.skip(1) }  // separate_colour_plane_flag
        width = try reader.ue()
        height = try reader.ue()
        if try reader.flag() {
            windowOffsets = [try reader.ue(), try reader.ue(), try reader.ue(), try reader.ue()]
        }
        bitDepthLuma = try reader.ue() + 8
        bitDepthChroma = try reader.ue() + 8
        log2MaxPicOrderCountLSB = try reader.ue() + 4
        // With the ordering info absent, only the highest sub-layer's is coded.
        let first = try reader.flag() ? 0 : maxSubLayersMinus1
        var values = (0, 0, 0)
        for _ in first...maxSubLayersMinus1 {
            values = (try reader.ue() + 1, try reader.ue(), try reader.ue())
        }
        (maxDecPicBuffering, maxNumReorderPics, maxLatencyIncrease) = values
    }
}
