import MixdownTime
import MixdownUnits

/// A reason an audio mix setting was refused, with a message meant for users.
///
/// Every failing operation in `MixdownAudioMix` throws exactly this type.
/// ``description`` is one line naming the offending values, with times in
/// seconds, e.g. `volume ramp 4s–9s overlaps volume ramp 8s–10s`.
public enum AudioMixError: Error, Equatable, Sendable {
    /// A volume or gain was NaN, infinite, negative or above the maximum.
    ///
    /// The payload is the refused value; the maximum for volumes is
    /// `Gain.maximum` (+24 dB).
    case volumeOutOfRange(Double)

    /// A volume setting or ramp started before time zero.
    case negativeTime(MediaTime)

    /// Two volume ramps of one track share some time, or start together.
    ///
    /// The earlier-starting ramp comes first.
    case overlappingRamps(VolumeRamp, VolumeRamp)

    /// A volume was set at a time strictly inside a volume ramp.
    case settingInsideRamp(time: MediaTime, ramp: VolumeRamp)

    /// A gain segment given to a ``GainLayer`` is malformed; `reason` says how.
    case invalidSegment(layer: GainLayer.Kind, GainSegment, reason: String)

    /// Two gain segments of one ``GainLayer`` share some time.
    case overlappingSegments(layer: GainLayer.Kind, GainSegment, GainSegment)

    /// A fade, ducking or detector setting is out of range; `reason` says how.
    case invalidSetting(name: String, reason: String)

    /// Time arithmetic failed (for example overflow) while building a layer.
    case time(MediaTimeError)
}

extension AudioMixError: CustomStringConvertible {
    /// A one-line message naming the offending values.
    public var description: String {
        switch self {
        case .volumeOutOfRange(let volume):
            return "volume must be a finite number from 0 to \(Gain.maximum) (+24 dB), got \(volume)"
        case .negativeTime(let time):
            return "volume settings must not start before 0s, got \(time.readable)"
        case .overlappingRamps(let first, let second):
            return "volume ramp \(first.rangeText) overlaps volume ramp \(second.rangeText)"
        case .settingInsideRamp(let time, let ramp):
            return "volume set at \(time.readable) falls inside volume ramp \(ramp.rangeText)"
        case .invalidSegment(let layer, let segment, let reason):
            return "\(layer.rawValue) segment \(segment): \(reason)"
        case .overlappingSegments(let layer, let first, let second):
            return "\(layer.rawValue) segment \(first) overlaps \(layer.rawValue) segment \(second)"
        case .invalidSetting(let name, let reason):
            return "\(name): \(reason)"
        case .time(let error):
            return error.description
        }
    }
}

/// Runs time arithmetic, reporting its failure as ``AudioMixError/time(_:)``.
internal func withTimeArithmetic<T>(_ body: () throws(MediaTimeError) -> T) throws(AudioMixError) -> T {
    do {
        return try body()
    } catch {
        throw .time(error)
    }
}
