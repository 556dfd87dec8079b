extension DSP {
    /// Multiplies in place, element by element: `dst[i] *= gains[i]`.
    ///
    /// `gains` may be `dst` (squaring); partial overlap is not supported.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - gains: `count` factors.
    ///   - count: Number of elements; `0` does nothing.
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

    /// Multiplies in place by a linear ramp: `dst[i] *= g0 + Float(i) * dg`.
    ///
    /// The ramp is evaluated per element from its index as in
    /// ``fillRamp(_:from:step:count:)``, never as a running sum.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - g0: Factor for element 0.
    ///   - dg: Factor increment per element.
    ///   - count: Number of elements; `0` does nothing.
    public static func multiply(_ dst: UnsafeMutablePointer<Float>, byRampFrom g0: Float, step dg: Float, count: Int) {
        let d = UnsafeMutableRawPointer(dst)
        let start = Vector(repeating: g0)
        let step = Vector(repeating: dg)
        var index = laneIndices  // exact Float indices, advanced by whole vectors (see rampAccumulate)
        let advance = Vector(repeating: Float(width))
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            let gain = start + index * step
            let product = d.loadUnaligned(fromByteOffset: offset, as: Vector.self) * gain
            d.storeBytes(of: product, toByteOffset: offset, as: Vector.self)
            index += advance
            i += width
        }
        while i < count {
            dst[i] = dst[i] * (g0 + Float(i) * dg)
            i += 1
        }
    }

    /// Multiplies every element by one factor, in place: `dst[i] *= factor`.
    ///
    /// - Parameters:
    ///   - dst: `count` elements, read and written.
    ///   - factor: The factor.
    ///   - count: Number of elements; `0` does nothing.
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
