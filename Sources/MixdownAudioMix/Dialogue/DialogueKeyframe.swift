import MixdownTime

/// A point of the dialogue leveler's gain curve: a time on the timeline and the
/// gain there in dB (0 = unchanged).
///
/// Between two keyframes of one item the gain moves linearly in dB (a
/// `RampCurve.decibel` ramp); it holds before the first and after the last.
public struct DialogueKeyframe: Hashable, Sendable {
    /// Where on the timeline.
    public let time: MediaTime
    /// The gain there, in dB.
    public let gain: Double

    /// A keyframe of `gain` dB at `time`.
    public init(time: MediaTime, gain: Double) {
        self.time = time
        self.gain = gain
    }
}
