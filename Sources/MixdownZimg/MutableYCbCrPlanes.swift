/// Where a Y'CbCr picture to write is: each plane's first row and the byte
/// distance between its rows.
///
/// The same rules as `YCbCrPlanes`: 32-byte aligned bases and strides, borrowed
/// for one `convert` call; only the picture's samples are written, never the
/// padding at the end of a row.
package struct MutableYCbCrPlanes {
    /// The first row of the luma (Y') plane.
    package var y: UnsafeMutableRawPointer
    /// The first row of the blue-difference (Cb) plane.
    package var cb: UnsafeMutableRawPointer
    /// The first row of the red-difference (Cr) plane.
    package var cr: UnsafeMutableRawPointer
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
    package init(y: UnsafeMutableRawPointer, yStride: Int, cb: UnsafeMutableRawPointer, cbStride: Int,
                 cr: UnsafeMutableRawPointer, crStride: Int) {
        self.y = y
        self.cb = cb
        self.cr = cr
        self.yStride = yStride
        self.cbStride = cbStride
        self.crStride = crStride
    }

    /// The same planes, to read.
    package var readOnly: YCbCrPlanes {
        YCbCrPlanes(y: y, yStride: yStride, cb: cb, cbStride: cbStride, cr: cr, crStride: crStride)
    }
}
