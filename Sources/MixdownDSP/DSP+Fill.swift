extension DSP {
    /// Writes one value into every element: `dst[i] = value`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - value: The value to store.
    ///   - count: Number of elements; `0` does nothing.
    public static func fill(_ dst: UnsafeMutablePointer<Float>, value: Float, count: Int) {
        guard count > 0 else { return }
        dst.update(repeating: value, count: count)
    }

    /// Writes a linear ramp: `dst[i] = g0 + Float(i) * dg`.
    ///
    /// Each element is computed directly from its index, never by repeated
    /// addition, so element `i` is within a few ulps of the exact ramp
    /// however long the block. Indices are exact as `Float` up to 2^24.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - g0: Value of element 0.
    ///   - dg: Increment per element.
    ///   - count: Number of elements; `0` does nothing.
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

    /// Copies `count` elements from `src` to `dst`.
    ///
    /// The buffers may overlap in any way (it is a `memmove`).
    ///
    /// - Parameters:
    ///   - dst: `count` elements, written.
    ///   - src: `count` elements, read.
    ///   - count: Number of elements; `0` does nothing.
    public static func copy(into dst: UnsafeMutablePointer<Float>, from src: UnsafePointer<Float>, count: Int) {
        guard count > 0 else { return }
        UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: count * MemoryLayout<Float>.stride)
    }
}
