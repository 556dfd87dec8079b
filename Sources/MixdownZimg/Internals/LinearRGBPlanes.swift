/// Three full-resolution planes of linear R, G and B floats: the tone map's
/// working space, allocated once per conversion, rows 64-byte aligned and the
/// padding zeroed (the tone map runs over whole planes, padding included).
final class LinearRGBPlanes {
    private let storage: UnsafeMutablePointer<Float>
    /// Floats from one row to the next.
    let rowLength: Int
    /// Floats in each plane, padding included.
    let planeLength: Int

    init(width: Int, height: Int) {
        rowLength = (width + 15) / 16 * 16
        planeLength = rowLength * height
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 3 * planeLength * MemoryLayout<Float>.stride, alignment: 64)
        storage = raw.initializeMemory(as: Float.self, repeating: 0, count: 3 * planeLength)
    }

    deinit { storage.deallocate() }

    var red: UnsafeMutablePointer<Float> { storage }
    var green: UnsafeMutablePointer<Float> { storage + planeLength }
    var blue: UnsafeMutablePointer<Float> { storage + 2 * planeLength }

    /// The planes in zimg's R, G, B order, as a graph writes them.
    var planes: MutableYCbCrPlanes {
        let stride = rowLength * MemoryLayout<Float>.stride
        return MutableYCbCrPlanes(y: UnsafeMutableRawPointer(red), yStride: stride, cb: UnsafeMutableRawPointer(green), cbStride: stride,
                                  cr: UnsafeMutableRawPointer(blue), crStride: stride)
    }
}
