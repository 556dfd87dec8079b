import MixdownTime

/// A volume that takes effect at one instant and holds until the next
/// setting, as set by ``AudioMixInputParameters/setVolume(_:at:)``.
public struct VolumePoint: Hashable, Sendable {
    /// Linear gain (1 = unchanged).
    public var volume: Double

    /// When the volume takes effect on the track's timeline.
    public var time: MediaTime

    /// Makes a point; nothing is validated until it is added to parameters.
    public init(volume: Double, time: MediaTime) {
        self.volume = volume
        self.time = time
    }
}

extension VolumePoint: CustomStringConvertible {
    /// `"0.5 at 4s"`.
    public var description: String {
        "\(volume) at \(time)"
    }
}
