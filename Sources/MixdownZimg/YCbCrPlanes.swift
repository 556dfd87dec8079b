/// Where a Y'CbCr picture to read is: each plane's first row and the byte
/// distance between its rows.
///
/// The conversion reads `width` × `height` luma samples and, for 4:2:0, half of each side of
/// chroma from these; it needs every base address and stride to be a multiple of
/// 32 bytes (zimg's vector loads), as `Picture` and FFmpeg's frames have them.
/// The pointers are borrowed for the duration of one `convert` call.
package struct YCbCrPlanes {
    /// The first row of the luma (Y') plane.
    package var y: UnsafeRawPointer
    /// The first row of the blue-difference (Cb) plane.
    package var cb: UnsafeRawPointer
    /// The first row of the red-difference (Cr) plane.
    package var cr: UnsafeRawPointer
    /// Bytes from one luma row to the next.
    package var yStride: Int
    /// Bytes from one Cb row to the next.
    package var cbStride: Int
    /// Bytes from one Cr row to the next.
    package var crStride: Int

    /// Planes at the given addresses.
    /// - Parameters:
    ///   - y: The first luma row.
    ///   - yStride: Bytes between luma rows.
    ///   - cb: The first Cb row.
    ///   - cbStride: Bytes between Cb rows.
    ///   - cr: The first Cr row.
    ///   - crStride: Bytes between Cr rows.
    package init(y: UnsafeRawPointer, yStride: Int, cb: UnsafeRawPointer, cbStride: Int, cr: UnsafeRawPointer, crStride: Int) {
        self.y = y
        self.cb = cb
        self.cr = cr
        self.yStride = yStride
        self.cbStride = cbStride
        self.crStride = crStride
    }
}
