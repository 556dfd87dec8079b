import MixdownDSP
import MixdownMediaIO
import MixdownTime
import MixdownUnits

/// Momentary loudness every 100 ms, as energy: what the dialogue leveler measures
/// an item by (`DialogueHops` in MixdownAudioMix).
///
/// Feed an item's audio in order, in chunks of any size (planar or interleaved); after each complete hop
/// of ``hopFrames`` frames, ``energies`` gains one value: the BS.1770 K-weighted
/// mean-square energy (channels weighted and summed, libebur128's default map) of
/// the 400 ms window, four hops, ending at that hop's end, that is the momentary
/// loudness `L` as `10^((L + 0.691) / 10)`; 0 for digital silence. The first three
/// windows reach back before the first frame, which counts as silence. A partial
/// hop at the end gives nothing.
///
/// The values do not depend on how the audio is chunked: the meter is fed up to
/// each hop's end and read there, and its filters run frame by frame (tests check
/// bit identity).
///
/// The hop is libebur128's 100 ms step, `(rate + 5) / 10` frames (half up): exact
/// at every rate divisible by 10; at other rates (11 025 Hz: 1103 frames,
/// 100.045 ms) the hops are that whole number of frames, ``hopDuration`` is it
/// exactly (`hopFrames / rate`), and the window is four of them. Hops never drift
/// from the frames.
public final class LoudnessHops: LoudnessInput {
    /// Frames per hop: `(rate + 5) / 10`.
    public let hopFrames: Int
    /// The session rate the audio comes at.
    public let sampleRate: SampleRate
    /// One energy per complete hop so far (see the type's summary).
    public private(set) var energies: [Double] = []

    private let meter: LoudnessMeter
    /// Frames of the current, incomplete hop already fed.
    private var framesInHop = 0

    /// Hops of `channels`-channel audio at `sampleRate`.
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 refuses the format
    ///   (channels outside 1…64) or is out of memory.
    public init(channels: Int, sampleRate: SampleRate) throws(MediaIOError) {
        meter = try LoudnessMeter(channels: channels, sampleRate: sampleRate, measures: .momentary)
        hopFrames = meter.step
        self.sampleRate = sampleRate
    }

    /// Channels per frame.
    public var channels: Int { meter.channels }

    /// One hop, exactly `hopFrames / rate` seconds (100 ms at rates divisible by 10).
    public var hopDuration: MediaTime { MediaTime(sampleIndex: Int64(hopFrames), sampleRate: sampleRate) }

    /// Feeds the next frames, any number, planar or interleaved (`add(_:)` of an
    /// `AudioSlice` comes with ``LoudnessInput``); ``channels`` of them per frame.
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 runs out of memory.
    public func add(_ frames: LoudnessFrames) throws(MediaIOError) {
        var done = 0
        while done < frames.count {
            let count = min(hopFrames - framesInHop, frames.count - done)
            try meter.add(frames.slice(from: done, count: count))
            done += count
            framesInHop += count
            if framesInHop == hopFrames {
                energies.append(meter.momentaryEnergy)
                framesInHop = 0
            }
        }
    }
}
