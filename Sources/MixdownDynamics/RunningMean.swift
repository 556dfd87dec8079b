/// A running mean over the last `length` values, exact where it matters.
///
/// A count of non-zero values makes an all-zero window give exactly 0, so that
/// the limiter's gain comes back to exactly 1. And the sum is recounted from the
/// window, oldest first, whenever a value lands on a timeline position that is a
/// multiple of `length`: the rounding a running sum gathers then depends only
/// on the values since that position, not on when the limiter started, so two
/// limiters started at different times agree bit for bit once their windows do
/// (``TruePeakLimiter/settlingFrames``).
struct RunningMean {
    private let ring: UnsafeMutablePointer<Double>
    private let length: Int
    private let divisor: Double
    private var next = 0
    private var sum = 0.0
    private var nonZero = 0
    /// Values to take until the next recount, the recount's included.
    private var untilRecount: Int

    /// An all-zero window whose first value will be at timeline position `first`.
    init(length: Int, first: Int) {
        self.length = length
        divisor = Double(length)
        ring = .allocate(capacity: length)
        ring.initialize(repeating: 0, count: length)
        let phase = first % length
        untilRecount = (phase <= 0 ? -phase : length - phase) + 1
    }

    func deallocate() { ring.deallocate() }

    var isZero: Bool { nonZero == 0 }

    /// Adds `value`, drops the oldest, returns the mean of the window.
    @inline(__always)
    mutating func push(_ value: Double) -> Double {
        let old = ring[next]
        if old != 0 { nonZero -= 1 }
        if value != 0 { nonZero += 1 }
        ring[next] = value
        next = next + 1 == length ? 0 : next + 1
        untilRecount -= 1
        if untilRecount == 0 {
            untilRecount = length
            sum = recount()
        } else {
            sum += value - old
        }
        if nonZero == 0 { sum = 0 }
        return sum / divisor
    }

    /// Stands for `count` pushes of 0 into an all-zero window.
    mutating func skipZeros(_ count: Int) {
        untilRecount = (untilRecount - 1 - count % length + length) % length + 1
    }

    private func recount() -> Double {
        var total = 0.0
        for i in next..<length { total += ring[i] }
        for i in 0..<next { total += ring[i] }
        return total
    }
}
