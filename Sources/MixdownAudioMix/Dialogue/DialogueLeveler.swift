import Foundation
import MixdownTime

/// The dialogue leveler's gain computer: from each item's hops and speech, its
/// speech loudness, the target, the static matching gain and, for `adaptive`, a
/// slow ride inside the item (docs/audio-mix.md, "Dialogue levelling").
///
/// Pure and deterministic: the same items give the same bits. Loudness is in LUFS,
/// gains in dB.
public enum DialogueLeveler {
    /// BS.1770's absolute gate, −70 LUFS.
    public static let absoluteGate = -70.0
    /// BS.1770's relative gate, 10 LU under the loudness of what passed the absolute one.
    public static let relativeGate = 10.0
    /// The ride's loudness window: the `2·15 + 1` speech hops of a phrase nearest a
    /// point (3.1 s, about the short-term window), or all of a shorter phrase's.
    public static let rideWindowHops = 15
    /// Changes of what speech needs smaller than this (dB) are not ridden, so a steady
    /// speaker keeps one gain.
    public static let hysteresis = 1.0
    /// The ride's fastest move inside speech, dB per second.
    public static let speechSlew = 6.0
    /// The fastest move in a pause, dB per second: that of the duck's default ramp
    /// (0.5 s for 12 dB).
    public static let pauseSlew = 24.0
    /// The shortest and longest move in a pause.
    public static let pauseMoveLength: ClosedRange<MediaTime> = .milliseconds(500)...(.milliseconds(1000))

    /// Each item's levelling, in the order given.
    ///
    /// The target of an item with `.loudest` is the highest speech loudness of all
    /// `items` that have speech (levelled or not: pass one mix's dialogue). An item
    /// with `level` `.off` is measured and left at unity.
    ///
    /// - Throws: ``AudioMixError/time(_:)`` when time arithmetic overflows.
    public static func levellings(of items: [(hops: DialogueHops, settings: DialogueSettings)])
    throws(AudioMixError) -> [DialogueLevelling] {
        var measured: [Measurement] = []
        for item in items { measured.append(try Measurement(item.hops)) }
        let loudest = measured.compactMap(\.speechLoudness).max()
        var result: [DialogueLevelling] = []
        for (item, measurement) in zip(items, measured) {
            result.append(try levelling(item.hops, item.settings, measurement, loudest: loudest))
        }
        return result
    }

    /// One item's levelling.
    private static func levelling(_ hops: DialogueHops, _ settings: DialogueSettings, _ measurement: Measurement,
                                  loudest: Double?) throws(AudioMixError) -> DialogueLevelling {
        let named: Double? = switch settings.target {
        case .loudest: loudest
        case .loudness(let level): level.decibels
        }
        let unity = [DialogueKeyframe(time: hops.timeRange.start, gain: 0)]
        func unlevelled(_ reason: DialogueLevelling.Unlevelled?) -> DialogueLevelling {
            DialogueLevelling(timeRange: hops.timeRange, level: settings.level, speechLoudness: measurement.speechLoudness,
                              target: named, matchingGain: 0, keyframes: unity,
                              expectedLoudness: measurement.speechLoudness, unlevelled: reason)
        }
        guard settings.level != .off else { return unlevelled(nil) }
        guard measurement.isAudible else { return unlevelled(.silent) }
        guard let loudness = measurement.speechLoudness else { return unlevelled(.noSpeech) }
        // `loudest` names a loudness whenever this item has speech.
        let target = named ?? loudness
        let bound = settings.maxGain.decibels
        let match = min(max(target - loudness, -bound), bound)
        let keyframes: [DialogueKeyframe]
        switch settings.level {
        case .off, .match:
            keyframes = [DialogueKeyframe(time: hops.timeRange.start, gain: match)]
        case .adaptive:
            keyframes = try Ride(hops: hops, measurement: measurement, target: target, match: match, bound: bound).keyframes()
        }
        let levelling = DialogueLevelling(timeRange: hops.timeRange, level: settings.level, speechLoudness: loudness,
                                          target: target, matchingGain: match, keyframes: keyframes,
                                          expectedLoudness: nil, unlevelled: nil)
        let after = try measurement.speechHops.map { k throws(AudioMixError) in
            hops.energies[k] * pow(10, levelling.gain(at: try hops.centre(of: k)) / 10)
        }
        return DialogueLevelling(timeRange: hops.timeRange, level: settings.level, speechLoudness: loudness,
                                 target: target, matchingGain: match, keyframes: keyframes,
                                 expectedLoudness: gatedLoudness(after), unlevelled: nil)
    }

    /// BS.1770's gated loudness of window energies, LUFS: those above −70 LUFS, then
    /// those above their mean's loudness − 10 LU; nil when none pass.
    public static func gatedLoudness(_ energies: [Double]) -> Double? {
        gate(energies).map { loudness(ofEnergy: $0.mean) }
    }

    /// The energies that pass both gates: their mean, and the smallest energy kept.
    internal static func gate(_ energies: [Double]) -> (mean: Double, threshold: Double)? {
        let audible = energies.filter(isAudible)
        guard !audible.isEmpty else { return nil }
        let relative = energy(ofLoudness: loudness(ofEnergy: mean(audible)) - relativeGate)
        let kept = audible.filter { $0 > relative }
        // Kept is never empty: the largest energy is at least the mean.
        return (mean(kept), max(energy(ofLoudness: absoluteGate), relative))
    }

    /// Whether a window of `energy` (linear mean square) reaches the absolute gate:
    /// an item none of whose windows does is silent, and left unlevelled.
    public static func isAudible(_ energy: Double) -> Bool { energy > Self.energy(ofLoudness: absoluteGate) }

    /// `−0.691 + 10·log10(energy)`, LUFS; −∞ for 0.
    public static func loudness(ofEnergy energy: Double) -> Double { -0.691 + 10 * log10(energy) }

    /// `10^((loudness + 0.691) / 10)`.
    public static func energy(ofLoudness loudness: Double) -> Double { pow(10, (loudness + 0.691) / 10) }

    /// The mean, summed in order (so the same values give the same bits).
    internal static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }
}
