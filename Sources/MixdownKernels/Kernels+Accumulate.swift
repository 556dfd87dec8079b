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

    /// The loop behind `DSP.rampAccumulate`, which documents it.
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
        let advanceTwo = Vector(repeating: Float(2 * width))
        var i = 0
        // Two vectors a turn: the index update is the loop's one serial dependency,
        // and a turn of one vector waited on it (0.85 of memcpy in L1 with AVX-512, 1.1 now).
        while i + 2 * width <= count {
            let offset = i * MemoryLayout<Float>.stride, next = offset + vectorBytes
            let gain = start + index * step
            let nextGain = start + (index + advance) * step
            let sum = d.loadUnaligned(fromByteOffset: offset, as: Vector.self)
                + s.loadUnaligned(fromByteOffset: offset, as: Vector.self) * gain
            let nextSum = d.loadUnaligned(fromByteOffset: next, as: Vector.self)
                + s.loadUnaligned(fromByteOffset: next, as: Vector.self) * nextGain
            d.storeBytes(of: sum, toByteOffset: offset, as: Vector.self)
            d.storeBytes(of: nextSum, toByteOffset: next, as: Vector.self)
            index += advanceTwo
            i += 2 * width
        }
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
