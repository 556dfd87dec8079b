/// Triangular (TPDF) dither in [-1, 1) LSB: the difference of two uniform values,
/// from a xorshift generator with a fixed seed.
struct TPDFDither {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> Float {
        uniform() - uniform()
    }

    private mutating func uniform() -> Float {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Float(state >> 40) * (1.0 / 16_777_216.0)
    }
}
