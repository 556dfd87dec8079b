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
        package var versionMajor: Int
        package var versionMinor: Int
        package var profile: Int
        package var level: Int
        package var rpuPresent: Bool
        package var enhancementLayerPresent: Bool
        package var baseLayerPresent: Bool
        package var baseLayerCompatibility: Int
    }
}
