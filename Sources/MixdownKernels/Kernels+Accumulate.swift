// Products are written `d + s * g`, never `addProduct`: on the default x86-64
// target (no FMA in the baseline) `addProduct` lowers to a library call per
// lane, 20-40 times slower than a separate multiply and add.

extension Kernels {
    /// The loop behind `DSP.multiplyAccumulate`, which documents it.
    public static func multiplyAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        gains: UnsafePointer<Float>, count: Int
    ) {
        let d = UnsafeMutableRawPointer(dst)
        let s = UnsafeRawPointer(src)
        let g = UnsafeRawPointer(gains)
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            let sum = d.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                + s.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                * g.loadUnaligned(fromByteOffset: offset, as: Vector.self)
            d.storeBytes(of: sum, toByteOffset: offset, as: Vector.self)
            i += width
        }
        while i < count {
            dst[i] = dst[i] + src[i] * gains[i]
            i += 1
        }
    }

    /// The loop behind `DSP.multiplyAccumulate`, which documents it.
    public static func multiplyAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        gain: Float, count: Int
    ) {
        let d = UnsafeMutableRawPointer(dst)
        let s = UnsafeRawPointer(src)
        let g = Vector(repeating: gain)
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            let sum = d.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                + s.loadUnaligned(fromByteOffset: offset, as: Vector.self) * g
            d.storeBytes(of: sum, toByteOffset: offset, as: Vector.self)
            i += width
        }
        while i < count {
            dst[i] = dst[i] + src[i] * gain
            i += 1
        }
    }
}
