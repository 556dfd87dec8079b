/// A video stream's HDR metadata as its container states it (stream side data:
/// MP4's `mdcv`, `clli`, `dvcC`/`dvvC`; Matroska's colour elements), as Swift values.
package struct HDRSideData {
    /// The mastering display's primaries, red, green and blue, then its white
    /// point, as CIE xy; nil when the metadata has none.
    package var masteringPrimaries: [(x: Double, y: Double)]?
    /// The mastering display's luminance range in cd/m²; nil when the metadata has none.
    package var masteringLuminance: (min: Double, max: Double)?
    /// MaxCLL and MaxFALL, cd/m².
    package var contentLightLevel: (maxCLL: Int, maxFALL: Int)?
    /// The Dolby Vision configuration record.
    package var dolbyVision: DolbyVisionRecord?

    /// FFmpeg's `AVDOVIDecoderConfigurationRecord`, field for field.
    package struct DolbyVisionRecord {
        /// `dv_version_major`.
        package var versionMajor: Int
        /// `dv_version_minor`.
        package var versionMinor: Int
        /// `dv_profile` (8 for iPhones' HLG and HDR10-compatible streams).
        package var profile: Int
        /// `dv_level`.
        package var level: Int
        /// `rpu_present_flag`.
        package var rpuPresent: Bool
        /// `el_present_flag`.
        package var enhancementLayerPresent: Bool
        /// `bl_present_flag`.
        package var baseLayerPresent: Bool
        /// `dv_bl_signal_compatibility_id` (4: HLG, 1: HDR10).
        package var baseLayerCompatibility: Int
    }
}
