import MixdownTime
import MixdownUnits

/// Volume automation for one track of a composition, with the semantics of
/// AVFoundation's `AVMutableAudioMixInputParameters`.
///
/// Before the first setting the volume is 1.0. ``setVolume(_:at:)`` holds a
/// volume from its time until the next setting; a ramp moves from its start
/// volume at the start of its range to its end volume at the end, and the
/// end volume holds afterwards until the next setting. Beyond AVFoundation,
/// volumes may go up to `Gain.maximum` (+24 dB) and ramps may use any
/// ``RampCurve``. Settings are checked as they are made, so parameters
/// always describe one well-defined volume function.
public struct AudioMixInputParameters: Hashable, Sendable {
    /// The composition track these parameters apply to.
    public var trackID: Int

    /// Every ``setVolume(_:at:)`` in time order; one per time.
    public private(set) var volumePoints: [VolumePoint] = []

    /// Every volume ramp in time order; no two conflict.
    public private(set) var volumeRamps: [VolumeRamp] = []

    /// Makes parameters with no settings: volume 1.0 throughout.
    public init(trackID: Int) {
        self.trackID = trackID
    }

    /// Sets the volume from `time` until the next setting.
    ///
    /// A second setting at the same time replaces the first. At the start of
    /// a ramp the ramp wins; at its end this setting takes over from the
    /// ramp's end volume.
    ///
    /// - Parameters:
    ///   - volume: Linear gain, from 0 to `Gain.maximum` (+24 dB).
    ///   - time: When the volume takes effect; not negative.
    /// - Throws: ``AudioMixError/volumeOutOfRange(_:)``,
    ///   ``AudioMixError/negativeTime(_:)``, or
    ///   ``AudioMixError/settingInsideRamp(time:ramp:)`` if `time` is strictly
    ///   inside an existing ramp.
    public mutating func setVolume(_ volume: Double, at time: MediaTime) throws(AudioMixError) {
        try Self.validate(volume)
        guard time >= .zero else { throw .negativeTime(time) }
        if let ramp = volumeRamps.first(where: { $0.timeRange.start < time && time < $0.timeRange.end }) {
            throw .settingInsideRamp(time: time, ramp: ramp)
        }
        volumePoints.removeAll { $0.time == time }
        volumePoints.append(VolumePoint(volume: volume, time: time))
        volumePoints.sort { $0.time < $1.time }
    }

    /// Ramps the volume from `startVolume` at `timeRange.start` to
    /// `endVolume` at `timeRange.end` along `curve`; `endVolume` then holds
    /// until the next setting.
    ///
    /// An empty range is a jump to `endVolume` at its start.
    ///
    /// - Parameters:
    ///   - startVolume: Linear gain at the start, from 0 to `Gain.maximum` (+24 dB).
    ///   - endVolume: Linear gain at the end, from 0 to `Gain.maximum` (+24 dB).
    ///   - timeRange: Where the ramp runs; must not start before 0.
    ///   - curve: The ramp's shape; AVFoundation's is ``RampCurve/linear``.
    /// - Throws: ``AudioMixError/volumeOutOfRange(_:)``,
    ///   ``AudioMixError/negativeTime(_:)``,
    ///   ``AudioMixError/overlappingRamps(_:_:)`` if the range shares time
    ///   with (or starts with) another ramp, or
    ///   ``AudioMixError/settingInsideRamp(time:ramp:)`` if a volume was set
    ///   strictly inside the range.
    public mutating func setVolumeRamp(
        from startVolume: Double, to endVolume: Double, timeRange: MediaTimeRange, curve: RampCurve = .linear
    ) throws(AudioMixError) {
        try Self.validate(startVolume)
        try Self.validate(endVolume)
        guard timeRange.start >= .zero else { throw .negativeTime(timeRange.start) }
        let ramp = VolumeRamp(startVolume: startVolume, endVolume: endVolume, timeRange: timeRange, curve: curve)
        if let other = volumeRamps.first(where: { $0.conflicts(with: ramp) }) {
            throw other.timeRange.start <= ramp.timeRange.start
                ? .overlappingRamps(other, ramp) : .overlappingRamps(ramp, other)
        }
        if let point = volumePoints.first(where: { timeRange.start < $0.time && $0.time < timeRange.end }) {
            throw .settingInsideRamp(time: point.time, ramp: ramp)
        }
        volumeRamps.append(ramp)
        volumeRamps.sort { $0.timeRange.start < $1.timeRange.start }
    }

    private static func validate(_ volume: Double) throws(AudioMixError) {
        guard (try? Gain(factor: volume)) != nil else { throw .volumeOutOfRange(volume) }
    }
}
