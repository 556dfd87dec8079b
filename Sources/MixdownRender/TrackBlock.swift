import MixdownDSP
import MixdownMediaIO

/// One block of one track, decoded and with its gains, waiting to be added to the bus.
final class TrackBlock {
    /// The track's frames of the block (stereo), where it sounds.
    var samples: AudioBuffer
    /// One gain factor per frame (one channel), where the gain changes inside the block.
    var gains: AudioBuffer
    /// The part of the block the track sounds in, and its gain there when constant;
    /// nil when the track is silent for the whole block.
    var sounding: (offset: Int, count: Int, gain: Float?)?
    /// What went wrong preparing it; the mix rethrows it.
    var failure: MediaIOError?

    init(capacity: Int) {
        samples = AudioBuffer(capacity: capacity)
        gains = AudioBuffer(channelCount: 1, capacity: capacity)
    }

    /// Adds the block, scaled by its gains, into `bus` (the same frames of the block, stereo).
    func accumulate(into bus: MutableAudioSlice) {
        guard let (low, n, gain) = sounding else { return }
        let part = low..<low + n
        if let gain {
            guard gain != 0 else { return }
            DSP.multiplyAccumulate(into: bus.slice(part), samples.slice(part), gain: gain)
        } else {
            DSP.multiplyAccumulate(into: bus.slice(part), samples.slice(part), gains: gains.slice(part).channel(0))
        }
    }
}
