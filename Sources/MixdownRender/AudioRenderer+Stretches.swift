extension AudioRenderer {
    /// The shortest render cut into stretches by default, in seconds: below it,
    /// opening every input once more costs about what a second core gains.
    package static let shortestParallelSeconds: Int64 = 20

    /// `range` cut for `workers` threads: consecutive stretches of equal length on
    /// the block grid, so that each stretch's blocks are the blocks of a render in
    /// one piece (whose gain ramps are computed per block) and give the same bits.
    /// One stretch with one worker, or when `parallel` is false, or (by default)
    /// when the range is shorter than `shortestParallelSeconds`.
    package func stretches(of range: Range<Int64>, workers: Int, parallel: Bool? = nil) -> [Range<Int64>] {
        let count = Int64(max(1, workers))
        guard count > 1, parallel ?? (Int64(range.count) >= Self.shortestParallelSeconds * Int64(sampleRate.hertz)) else {
            return [range]
        }
        let block = Int64(blockSize)
        let length = max(block, ((Int64(range.count) + count - 1) / count + block - 1) / block * block)
        return stride(from: range.lowerBound, to: range.upperBound, by: Int(length)).map {
            $0..<min($0 + length, range.upperBound)
        }
    }
}
