/// The ids a re-encoded HEVC stretch's parameter sets get so that they can sit
/// in one `hvcC` beside a source's sets.
package struct HEVCParameterSetIDs: Hashable, Sendable {
    /// `vps_video_parameter_set_id`, 0 to 15.
    package var vps: Int
    /// `sps_seq_parameter_set_id`, 0 to 15.
    package var sps: Int
    /// `pps_pic_parameter_set_id`, 0 to 63.
    package var pps: Int

    /// Ids of these values.
    package init(vps: Int, sps: Int, pps: Int) {
        self.vps = vps
        self.sps = sps
        self.pps = pps
    }
}
