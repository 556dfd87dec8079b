extension Kernels {
    /// The loop behind `DSP.multiply`, which documents it.
    public static func multiply(_ dst: UnsafeMutablePointer<Float>, by gains: UnsafePointer<Float>, count: Int) {
        let d = UnsafeMutableRawPointer(dst)
        let g = UnsafeRawPointer(gains)
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            let product = d.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                * g.loadUnaligned(fromByteOffset: offset, as: Vector.self)
            d.storeBytes(of: product, toByteOffset: offset, as: Vector.self)
            i += width
        }
        while i < count {
            dst[i] = dst[i] * gains[i]
            i += 1
        }
    }

    /// The loop behind `DSP.scale`, which documents it.
    public static func scale(_ dst: UnsafeMutablePointer<Float>, by factor: Float, count: Int) {
        let d = UnsafeMutableRawPointer(dst)
        let k = Vector(repeating: factor)
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            d.storeBytes(of: d.loadUnaligned(fromByteOffset: offset, as: Vector.self) * k, toByteOffset: offset, as: Vector.self)
            i += width
        }
        while i < count {
            dst[i] = dst[i] * factor
            i += 1
        }
    }
}
