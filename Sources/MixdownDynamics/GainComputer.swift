/// The limiter's gain, one sample at a time: from the gain each detected peak
/// requires to the smooth gain applied ``LimiterTiming/lookAhead`` +
/// ``LimiterTiming/guardLength`` samples earlier.
///
/// Per required gain `r[s]` (1, or threshold / peak):
/// - `m[q] = min r[q − K − hold … q + L + K]` with `q = s − L − K`: a sliding
///   minimum (a monotonic deque), so that the gain is down over the whole
///   interpolation neighbourhood (±K) of every peak, from L before it to the hold after it;
/// - `e[q] = m[q]` when that is lower (instant: the look-ahead makes the attack),
///   else an exponential release toward `m[q]`, snapped to it once within 10⁻⁵;
/// - `g[q]`: two running means of L₁ + 1 and L₂ + 1 samples of `e`, a triangular
///   kernel over `e[q − L … q]`, so attack and release are S-shaped and no gain
///   step is steeper than (1 − g_min)/(L₂ + 1) per sample.
///
/// Every weight of the kernel multiplies an `m` whose window covers the whole
/// neighbourhood of each peak it must hold down, so `g ≤ r` there: the ceiling
/// holds. The means run in the deficit domain `1 − e` with a count of non-zero
/// entries, so that when none is left the gain is exactly 1 and the audio passes
/// bit for bit. Owns its buffers, sized once by the timing: constant memory.
final class GainComputer {
    private let window: Int
    private let releaseStep: Double
    /// Deque of (required gain, position), a ring of `window + 1` entries; values increase from the head.
    private let values: UnsafeMutablePointer<Double>
    private let positions: UnsafeMutablePointer<Int>
    private let capacity: Int
    private var head = 0
    private var length = 0
    /// e: the gain before smoothing.
    private var envelope = 1.0
    private var firstMean: RunningMean
    private var secondMean: RunningMean

    /// The release snaps to its target once within this: it ends, exactly.
    private static let snap = 1e-5

    /// A computer whose first required gain will be of timeline position `first`.
    init(timing: LimiterTiming, first: Int) {
        window = timing.window
        releaseStep = 1 - timing.releaseFactor
        capacity = timing.window + 1
        values = .allocate(capacity: capacity)
        values.initialize(repeating: 1, count: capacity)
        positions = .allocate(capacity: capacity)
        positions.initialize(repeating: 0, count: capacity)
        firstMean = RunningMean(length: timing.firstMean, first: first)
        secondMean = RunningMean(length: timing.secondMean, first: first)
    }

    deinit {
        values.deallocate()
        positions.deallocate()
        firstMean.deallocate()
        secondMean.deallocate()
    }

    /// Nothing held down and nothing releasing: the gain is 1 and stays 1 while
    /// every required gain is 1.
    var isIdle: Bool {
        (length == 0 || values[head] == 1) && envelope == 1 && firstMean.isZero && secondMean.isZero
    }

    /// Takes the required gains of `count` consecutive timeline positions from
    /// `position` on (the first one more than the last call's) and writes into
    /// `gains[i]` the gain of position `position + i − L − K`.
    ///
    /// The state is worked on in locals and stored back once: per sample, the
    /// loop touches no class property (each access of one is checked).
    func gains(requiring required: UnsafePointer<Double>, count: Int, from position: Int,
               into gains: UnsafeMutablePointer<Double>) {
        var head = self.head, length = self.length, envelope = self.envelope
        var firstMean = self.firstMean, secondMean = self.secondMean
        let values = self.values, positions = self.positions, capacity = self.capacity
        let window = self.window, releaseStep = self.releaseStep
        for i in 0..<count {
            let required = required[i], position = position + i
            // Sliding minimum: drop the entries the new one outlives at no higher value.
            while length > 0 {
                var back = head + length - 1
                if back >= capacity { back -= capacity }
                if values[back] >= required { length -= 1 } else { break }
            }
            var tail = head + length
            if tail >= capacity { tail -= capacity }
            values[tail] = required
            positions[tail] = position
            length += 1
            while positions[head] <= position - window {
                head = head + 1 == capacity ? 0 : head + 1
                length -= 1
            }
            let minimum = values[head]

            if minimum <= envelope {
                envelope = minimum
            } else {
                envelope += (minimum - envelope) * releaseStep
                if minimum - envelope < Self.snap { envelope = minimum }
            }
            let deficit = secondMean.push(firstMean.push(1 - envelope))
            // A running sum can round a hair below 0; the gain never goes above 1.
            gains[i] = deficit > 0 ? 1 - deficit : 1
        }
        self.head = head
        self.length = length
        self.envelope = envelope
        self.firstMean = firstMean
        self.secondMean = secondMean
    }

    /// Stands for `count` calls, each with a required gain of 1 and returning 1,
    /// the last at `position`; only while ``isIdle``.
    func skipIdle(_ count: Int, through position: Int) {
        // All-ones windows: the deque keeps just the newest entry, the means stay all zero.
        head = 0
        length = 1
        values[0] = 1
        positions[0] = position
        firstMean.skipZeros(count)
        secondMean.skipZeros(count)
    }
}
