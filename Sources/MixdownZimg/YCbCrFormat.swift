/// The sample format of Y'CbCr planes: bit depth, colour, and whether chroma
/// is 4:2:0 (a picture) or at full resolution (4:4:4: an overlay's samples
/// converted pixel by pixel, with no chroma resampling to mix a pixel's colour
/// with its neighbours').
///
/// 8-bit samples are `UInt8`; 10-bit samples are `UInt16` in the machine's
/// (little-endian) order holding 0…1023, as FFmpeg's `yuv420p10le`.
package struct YCbCrFormat: Hashable, Sendable {
    /// 8 or 10; other depths are refused when a `ColourConversion` is made.
    package var bitDepth: Int
    /// How the samples map to colours.
    package var colour: ColourDescription
    /// Whether chroma has half the luma's samples each way (4:2:0); false for 4:4:4.
    package var isSubsampled: Bool

    /// A format of `bitDepth` bits per sample with `colour`.
    /// - Parameters:
    ///   - bitDepth: 8 or 10.
    ///   - colour: How the samples map to colours.
    ///   - isSubsampled: true for 4:2:0, false for 4:4:4 (both sides of a conversion alike).
    package init(bitDepth: Int, colour: ColourDescription, isSubsampled: Bool = true) {
        self.bitDepth = bitDepth
        self.colour = colour
        self.isSubsampled = isSubsampled
    }

    /// Bytes per sample: 1 at 8 bits, 2 at 10.
    package var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }
}
