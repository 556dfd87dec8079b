/// Triangular (TPDF) dither in [-1, 1) LSB: the difference of two uniform values.
///
/// The values are a hash of the sample's position in the output (frame × 2 +
/// channel), not the next state of a generator, so a file written in parts by
/// several threads gets the same dither as one written in order.
struct TPDFDither {
    private var index: UInt64

    /// Dither for the samples from frame `firstFrame` on, left then right.
    init(firstFrame: Int64) {
        index = UInt64(max(0, firstFrame)) &* 2
    }

    mutating func next() -> Float {
        // SplitMix64's finaliser: every bit of the index moves every bit of the hash.
        var z = (index &+ 1) &* 0x9E37_79B9_7F4A_7C15
        index &+= 1
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let scale: Float = 1.0 / 16_777_216.0
        return Float(z >> 40) * scale - Float((z >> 16) & 0xFF_FFFF) * scale
    }
}
