/// Per-track volume settings for a whole composition, like AVFoundation's
/// `AVMutableAudioMix`.
public struct AudioMix: Hashable, Sendable {
    /// One entry per automated track; tracks without one play at volume 1.
    public var inputParameters: [AudioMixInputParameters]

    /// Makes a mix from per-track parameters.
    public init(inputParameters: [AudioMixInputParameters] = []) {
        self.inputParameters = inputParameters
    }

    /// The parameters for `trackID`, or `nil` if the track has none.
    ///
    /// If several entries name the same track, the first one counts.
    public func parameters(forTrackID trackID: Int) -> AudioMixInputParameters? {
        inputParameters.first { $0.trackID == trackID }
    }
}
