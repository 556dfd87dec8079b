/// The sample format of 4:2:0 Y'CbCr planes: bit depth and colour.
///
/// 8-bit samples are `UInt8`; 10-bit samples are `UInt16` in the machine's
/// (little-endian) order holding 0…1023, as FFmpeg's `yuv420p10le`.
package struct YCbCrFormat: Hashable, Sendable {
    /// 8 or 10; other depths are refused when a `ColourConversion` is made.
    package var bitDepth: Int
    /// How the samples map to colours.
    package var colour: ColourDescription

    /// A format of `bitDepth` bits per sample with `colour`.
    /// - Parameters:
    ///   - bitDepth: 8 or 10.
    ///   - colour: How the samples map to colours.
    package init(bitDepth: Int, colour: ColourDescription) {
        self.bitDepth = bitDepth
        self.colour = colour
    }

    /// Bytes per sample: 1 at 8 bits, 2 at 10.
    package var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }
}
