/// Planes of 8-bit samples, all of one size, each row on a 64-byte boundary, in
/// one allocation freed with them: the scratch an overlay is split into for
/// libswscale (blue, green, red and alpha to scale or convert; Y', Cb and Cr at
/// full resolution before chroma is halved).
///
/// Package API: MixdownMediaIO fills them and MixdownFFmpeg's scaler reads and
/// writes them; no public type holds one.
package final class BytePlanes {
    /// Samples per row.
    package let width: Int
    /// Rows per plane.
    package let height: Int
    /// Number of planes.
    package let count: Int
    /// Bytes from one row to the next, in every plane (a multiple of 64).
    package let stride: Int
    private let storage: UnsafeMutableRawPointer

    /// `count` planes of `width × height` zeros.
    ///
    /// - Precondition: every size at least 1.
    package init(count: Int, width: Int, height: Int) {
        precondition(count >= 1 && width >= 1 && height >= 1, "\(count) planes of \(width)×\(height)")
        self.count = count
        self.width = width
        self.height = height
        stride = (width + Picture.rowAlignment - 1) / Picture.rowAlignment * Picture.rowAlignment
        storage = UnsafeMutableRawPointer.allocate(byteCount: count * stride * height, alignment: Picture.rowAlignment)
        zero()
    }

    deinit { storage.deallocate() }

    /// Plane `plane`'s first byte; valid while the planes live.
    package func base(_ plane: Int) -> UnsafeMutablePointer<UInt8> {
        (storage + plane * stride * height).assumingMemoryBound(to: UInt8.self)
    }

    /// Row `row` of plane `plane`.
    package func row(_ row: Int, of plane: Int) -> UnsafeMutablePointer<UInt8> {
        base(plane) + row * stride
    }

    /// Sets every sample of every plane to 0.
    package func zero() {
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: count * stride * height)
    }
}
