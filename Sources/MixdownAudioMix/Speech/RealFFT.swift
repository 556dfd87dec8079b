import Foundation

/// The spectrum of real signals of one power-of-two length, in `Double`: a
/// radix-2 complex FFT of half the length, unpacked (the textbook "two for the
/// price of one" real transform). Tables are made once; a transform allocates
/// nothing and writes only its own scratch, so use one instance per thread.
struct RealFFT {
    /// The transform length, a power of two of at least 4.
    let count: Int
    private let half: Int
    private let log2Half: Int
    /// `e^(-2πi j / count)` for j < count / 2: the half-size FFT's twiddles are every
    /// other one, the unpacking's all of them.
    private let cosines: [Double]
    private let sines: [Double]
    private let bitReversed: [Int]
    private var re: [Double]
    private var im: [Double]

    init(count: Int) {
        precondition(count >= 4 && count & (count - 1) == 0, "the FFT length must be a power of two of at least 4")
        self.count = count
        half = count / 2
        log2Half = half.trailingZeroBitCount
        cosines = (0..<half).map { cos(2 * Double.pi * Double($0) / Double(count)) }
        sines = (0..<half).map { -sin(2 * Double.pi * Double($0) / Double(count)) }
        let bits = half.trailingZeroBitCount
        bitReversed = (0..<half).map { index in
            var reversed = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            return reversed
        }
        re = [Double](repeating: 0, count: half)
        im = [Double](repeating: 0, count: half)
    }

    /// `|X_k|²` for k = 0 … count / 2 of the real signal `x` (`count` samples)
    /// into `power` (`count / 2 + 1` values).
    mutating func powerSpectrum(of x: UnsafePointer<Double>, into power: UnsafeMutablePointer<Double>) {
        // Pack even samples as real parts and odd ones as imaginary parts, in bit-reversed order.
        for n in 0..<half {
            let target = bitReversed[n]
            re[target] = x[2 * n]
            im[target] = x[2 * n + 1]
        }
        transformInPlace()
        // Unpack: X_k = E_k + W^k O_k with E_k = (Z_k + Z*_{h-k}) / 2, O_k = (Z_k − Z*_{h-k}) / 2i.
        for k in 0...half {
            let a = k % half, b = (half - k) % half
            let zr = re[a], zi = im[a], cr = re[b], ci = -im[b]
            let er = (zr + cr) / 2, ei = (zi + ci) / 2
            let or = (zi - ci) / 2, oi = -(zr - cr) / 2
            let (wr, wi) = k < half ? (cosines[k], sines[k]) : (-1.0, 0.0)
            let xr = er + wr * or - wi * oi
            let xi = ei + wr * oi + wi * or
            power[k] = xr * xr + xi * xi
        }
    }

    /// The iterative radix-2 decimation-in-time FFT of `half` points, on `re`/`im`
    /// already in bit-reversed order.
    private mutating func transformInPlace() {
        var size = 2
        while size <= half {
            let step = count / size  // twiddle stride in the `count`-point table
            let halfSize = size / 2
            var start = 0
            while start < half {
                for j in 0..<halfSize {
                    let wr = cosines[j * step], wi = sines[j * step]
                    let p = start + j, q = p + halfSize
                    let tr = wr * re[q] - wi * im[q]
                    let ti = wr * im[q] + wi * re[q]
                    re[q] = re[p] - tr
                    im[q] = im[p] - ti
                    re[p] += tr
                    im[p] += ti
                }
                start += size
            }
            size *= 2
        }
    }
}
