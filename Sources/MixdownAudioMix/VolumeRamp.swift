import MixdownTime

/// A change of a track's volume over a time range, as set by
/// ``AudioMixInputParameters/setVolumeRamp(from:to:timeRange:curve:)``.
///
/// The volume is `startVolume` at `timeRange.start`, follows `curve` to
/// `endVolume` at `timeRange.end`, and stays at `endVolume` afterwards
/// until the next setting. Volumes are linear gains (1 = unchanged).
public struct VolumeRamp: Hashable, Sendable {
    /// Linear gain at the start of the range.
    public var startVolume: Double

    /// Linear gain reached at the end of the range and held afterwards.
    public var endVolume: Double

    /// Where on the track's timeline the ramp runs.
    public var timeRange: MediaTimeRange

    /// How the gain moves between the two volumes.
    public var curve: RampCurve

    /// Makes a ramp; nothing is validated until it is added to parameters.
    public init(startVolume: Double, endVolume: Double, timeRange: MediaTimeRange, curve: RampCurve = .linear) {
        self.startVolume = startVolume
        self.endVolume = endVolume
        self.timeRange = timeRange
        self.curve = curve
    }

    /// `"4s–9s"`: the range as users name a ramp in messages.
    internal var rangeText: String {
        "\(timeRange.start.readable)–\(timeRange.end.readable)"
    }

    /// Whether the two ramps cannot both apply: they share some time, or
    /// start at the same instant (which would make their order ambiguous,
    /// even if one is empty).
    internal func conflicts(with other: VolumeRamp) -> Bool {
        timeRange.start == other.timeRange.start
            || (timeRange.start < other.timeRange.end && other.timeRange.start < timeRange.end)
    }
}

extension VolumeRamp: CustomStringConvertible {
    /// `"4s–9s 0.5→0.2 linear"`.
    public var description: String {
        "\(rangeText) \(startVolume)→\(endVolume) \(curve.rawValue)"
    }
}
