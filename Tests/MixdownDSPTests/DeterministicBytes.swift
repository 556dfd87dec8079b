/// `count` bytes from a xorshift generator seeded by `seed`: the same for a
/// seed on every run, spread over every value, for kernel tests.
func deterministicBytes(_ count: Int, seed: UInt32) -> [UInt8] {
    var state = seed &* 2_654_435_761 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return UInt8(truncatingIfNeeded: state >> 8)
    }
}
