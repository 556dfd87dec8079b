// Products are written `d + s * g`, never `addProduct`: on the default x86-64
// target (no FMA in the baseline) `addProduct` lowers to a library call per
// lane, 20-40 times slower than a separate multiply and add.

extension DSP {
    /// Adds `src` scaled sample by sample into `dst`: `dst[i] += src[i] * gains[i]`.
    ///
    /// Single-precision; each element is rounded twice (product, then sum).
    /// `dst` may be the same buffer as `src` or `gains`; partial overlap is
    /// not supported.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add.
    ///   - gains: `count` linear gain factors.
    ///   - count: Number of elements; `0` does nothing.
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

    /// Adds `src` scaled by one gain into `dst`: `dst[i] += src[i] * gain`.
    ///
    /// Single-precision, two roundings per element. `dst` may be `src`.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add.
    ///   - gain: Linear gain factor for every sample.
    ///   - count: Number of elements; `0` does nothing.
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

    /// Adds `src` under a linear gain ramp into `dst`:
    /// `dst[i] += src[i] * (g0 + Float(i) * dg)`.
    ///
    /// The gain of element `i` is computed directly as `g0 + Float(i) * dg`,
    /// never as a running sum, so rounding does not accumulate along the
    /// block: each gain is within a few ulps of the exact ramp. Indices are
    /// exact as `Float` up to 2^24, far beyond any block size.
    ///
    /// - Parameters:
    ///   - dst: `count` samples, read and written.
    ///   - src: `count` samples to add; may be `dst`.
    ///   - g0: Gain of element 0.
    ///   - dg: Gain increment per element.
    ///   - count: Number of elements; `0` does nothing.
    public static func rampAccumulate(
        into dst: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>,
        from g0: Float, step dg: Float, count: Int
    ) {
        let d = UnsafeMutableRawPointer(dst)
        let s = UnsafeRawPointer(src)
        let start = Vector(repeating: g0)
        let step = Vector(repeating: dg)
        // Each lane's index is kept as an exact Float (integers below 2^24), so its gain
        // is still g0 + index·dg from the formula, without an Int-to-Float conversion
        // per vector; only the index is advanced, never the gain.
        var index = laneIndices
        let advance = Vector(repeating: Float(width))
        var i = 0
        while i + width <= count {
            let offset = i * MemoryLayout<Float>.stride
            let gain = start + index * step
            let sum = d.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                + s.loadUnaligned(fromByteOffset: offset, as: Vector.self) * gain
            d.storeBytes(of: sum, toByteOffset: offset, as: Vector.self)
            index += advance
            i += width
        }
        while i < count {
            dst[i] = dst[i] + src[i] * (g0 + Float(i) * dg)
            i += 1
        }
    }
}
