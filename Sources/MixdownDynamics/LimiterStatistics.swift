import Foundation
import MixdownUnits

/// How much a limiter limited: what a report tells users (time above the
/// threshold, time in gain reduction, the largest gain reduction and where).
///
/// Positions are timeline samples (the limiter's `firstPosition` counts them);
/// only positions inside the limiter's counted range count. ``merge(_:)``
/// combines the statistics of the stretches of one signal.
public struct LimiterStatistics: Hashable, Sendable {
    /// Positions whose detected true peak exceeded the threshold (after the
    /// static gain, with the threshold map applied).
    public internal(set) var samplesAboveThreshold = 0
    /// Output samples whose gain was below 1: the attacks, holds and release tails.
    public internal(set) var samplesInGainReduction = 0
    /// The smallest gain applied, 1 when none was below 1.
    public internal(set) var smallestGain = 1.0
    /// The first position of ``smallestGain``; nil when no gain was below 1.
    public internal(set) var smallestGainPosition: Int64?
    /// The largest true peak the detector found in the input (after the input
    /// gain), linear: 1 is full scale. 0 for silence.
    public internal(set) var largestPeak = 0.0
    /// The first position of ``largestPeak``; nil for silence.
    public internal(set) var largestPeakPosition: Int64?

    /// Nothing limited.
    public init() {}

    /// The largest gain reduction in dB, `−20·log10(smallestGain)`: 0 when nothing was limited.
    public var largestGainReduction: Double {
        smallestGain < 1 ? -Gain.decibels(ofFactor: smallestGain) : 0
    }

    /// The largest true peak in dBTP, `20·log10(largestPeak)`: −∞ for silence.
    public var largestPeakDecibels: Double {
        Gain.decibels(ofFactor: largestPeak)
    }

    /// Adds `other`'s counts; the smaller smallest gain and the larger peak win,
    /// the earlier position on a tie.
    public mutating func merge(_ other: LimiterStatistics) {
        samplesAboveThreshold += other.samplesAboveThreshold
        samplesInGainReduction += other.samplesInGainReduction
        if let position = other.smallestGainPosition,
           other.smallestGain < smallestGain || (other.smallestGain == smallestGain && position < smallestGainPosition ?? .max) {
            smallestGain = other.smallestGain
            smallestGainPosition = position
        }
        if let position = other.largestPeakPosition,
           other.largestPeak > largestPeak || (other.largestPeak == largestPeak && position < largestPeakPosition ?? .max) {
            largestPeak = other.largestPeak
            largestPeakPosition = position
        }
    }
}
