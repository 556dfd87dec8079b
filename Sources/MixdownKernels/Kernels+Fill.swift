extension Kernels {
    /// The loop behind `DSP.fill`, which documents it.
    public static func fill(_ dst: UnsafeMutablePointer<Float>, value: Float, count: Int) {
        guard count > 0 else { return }
        dst.update(repeating: value, count: count)
    }

    /// The loop behind `DSP.fillRamp`, which documents it.
    public static func fillRamp(_ dst: UnsafeMutablePointer<Float>, from g0: Float, step dg: Float, count: Int) {
        let d = UnsafeMutableRawPointer(dst)
        let start = Vector(repeating: g0)
        let step = Vector(repeating: dg)
        var index = laneIndices  // exact Float indices, advanced by whole vectors (see rampAccumulate)
        let advance = Vector(repeating: Float(width))
        var i = 0
        while i + width <= count {
            let value = start + index * step
            d.storeBytes(of: value, toByteOffset: i * MemoryLayout<Float>.stride, as: Vector.self)
            index += advance
            i += width
        }
        while i < count {
            dst[i] = g0 + Float(i) * dg
            i += 1
        }
    }

    /// The loop behind `DSP.copy`, which documents it.
    public static func copy(into dst: UnsafeMutablePointer<Float>, from src: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: count * MemoryLayout<Float>.stride)
    }
}
