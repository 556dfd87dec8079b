import MixdownDSP
import MixdownMediaIO

/// One block of one track, decoded and with its gains, waiting to be added to the bus.
final class TrackBlock {
    let left: UnsafeMutablePointer<Float>
    let right: UnsafeMutablePointer<Float>
    let gains: UnsafeMutablePointer<Float>
    /// The part of the block the track sounds in, and its gain there when constant;
    /// nil when the track is silent for the whole block.
    var sounding: (offset: Int, count: Int, gain: Float?)?
    /// What went wrong preparing it; the mix rethrows it.
    var failure: MediaIOError?

    init(capacity: Int) {
        left = .allocate(capacity: capacity)
        right = .allocate(capacity: capacity)
        gains = .allocate(capacity: capacity)
    }

    deinit {
        left.deallocate()
        right.deallocate()
        gains.deallocate()
    }

    /// Adds the block, scaled by its gains, into the bus.
    func accumulate(left busLeft: UnsafeMutablePointer<Float>, right busRight: UnsafeMutablePointer<Float>) {
        guard let (low, n, gain) = sounding else { return }
        if let gain {
            guard gain != 0 else { return }
            DSP.multiplyAccumulate(into: busLeft + low, left + low, gain: gain, count: n)
            DSP.multiplyAccumulate(into: busRight + low, right + low, gain: gain, count: n)
        } else {
            DSP.multiplyAccumulate(into: busLeft + low, left + low, gains: gains + low, count: n)
            DSP.multiplyAccumulate(into: busRight + low, right + low, gains: gains + low, count: n)
        }
    }
}
