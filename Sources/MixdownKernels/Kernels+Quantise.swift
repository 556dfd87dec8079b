extension Kernels {
    /// The loop behind `DSP.quantise`, which documents it.
    public static func quantise(left: UnsafePointer<Float>, right: UnsafePointer<Float>,
                                into codes: UnsafeMutablePointer<Int32>, count: Int,
                                scale: Float, shift: Int32) -> Int {
        let quantiser = Quantiser(scale: scale, shift: shift)
        let l = UnsafeRawPointer(left), r = UnsafeRawPointer(right)
        var clipped = SIMD8<Int32>(repeating: 0)
        var i = 0
        while i + 8 <= count {
            let a = quantiser.codes(l.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self), clipped: &clipped)
            let b = quantiser.codes(r.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self), clipped: &clipped)
            let out = codes + 2 * i
            for lane in 0..<8 {
                out[2 * lane] = a[lane]
                out[2 * lane + 1] = b[lane]
            }
            i += 8
        }
        var total = Int(clipped.wrappedSum())
        while i < count {
            var one = SIMD8<Int32>(repeating: 0)
            codes[2 * i] = quantiser.codes(SIMD8(repeating: left[i]), clipped: &one)[0]
            codes[2 * i + 1] = quantiser.codes(SIMD8(repeating: right[i]), clipped: &one)[0]
            total += Int(one[0])
            i += 1
        }
        return total
    }
}

/// The vector arithmetic of `Kernels.quantise`, with its constants splatted once.
private struct Quantiser {
    let factor: SIMD8<Float>
    let high: SIMD8<Float>
    let low: SIMD8<Float>
    let shift: SIMD8<Int32>
    /// 1.5 × 2^23: adding it leaves round(x) in the low mantissa bits for |x| < 2^22.
    let magic = SIMD8<Float>(repeating: 12_582_912)
    let magicBits = SIMD8<Int32>(repeating: 0x4B40_0000)
    let quarter = SIMD8<Float>(repeating: 4_194_304)

    init(scale: Float, shift: Int32) {
        factor = SIMD8(repeating: scale)
        high = SIMD8(repeating: scale - 1)
        low = SIMD8(repeating: -scale)
        self.shift = SIMD8(repeating: shift)
    }

    @inline(__always)
    func codes(_ samples: SIMD8<Float>, clipped: inout SIMD8<Int32>) -> SIMD8<Int32> {
        var x = samples * factor
        x.replace(with: 0, where: x .!= x)
        let over = x .> high, under = x .< low
        clipped &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: over .| under)
        x.replace(with: high, where: over)
        x.replace(with: low, where: under)
        // Float-to-integer conversion of SIMD vectors is element by element in Swift,
        // so round with the magic-number trick instead. It needs |x| < 2^22: move the
        // outer quarter of the 24-bit range in by 2^22 first (exact) and add it back.
        let up = x .>= quarter, down = x .< -quarter
        let offset = SIMD8<Float>(repeating: 0).replacing(with: quarter, where: up).replacing(with: -quarter, where: down)
        let rounded = unsafeBitCast((x - offset) + magic, to: SIMD8<Int32>.self) &- magicBits
        let code = rounded &+ SIMD8<Int32>(repeating: 0).replacing(with: 1 << 22, where: up).replacing(with: -(1 << 22), where: down)
        return code &<< shift
    }
}
