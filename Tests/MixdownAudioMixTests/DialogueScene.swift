import Foundation
import MixdownAudioMix
import MixdownTime
import MixdownUnits
import XCTest

/// A synthetic dialogue item for the leveler's tests: phrases at given loudnesses
/// (with a syllable-rate wobble), room noise in the pauses, on a millisecond grid;
/// its hop energies computed from that analytically (each window's mean energy).
struct DialogueScene {
    /// One phrase: from `start` to `end` seconds into the item, at `loudness` LUFS, by `speaker`.
    struct Phrase {
        var start: Double
        var end: Double
        var loudness: Double
        var speaker: Int = 0
        /// The loudness at the end, LUFS, when it moves (linearly in dB) across the phrase.
        var endLoudness: Double?
    }

    /// Where the item starts on the timeline, seconds.
    var offset: Double
    /// The item's length, seconds.
    var length: Double
    var phrases: [Phrase]
    /// Room noise between phrases, LUFS.
    var noise: Double = -60
    /// Peak-to-mean swing of the syllable wobble as a fraction of the energy (0: steady).
    var wobble: Double = 0.8
    /// Swing of a slow wobble (0.37 Hz, as a phrase's own ups and downs), dB either way.
    var slowWobble: Double = 1.5
    /// The detector's pre-roll and hangover around each phrase, seconds.
    var preRoll = 0.05
    var hangover = 0.15

    /// Energy at each millisecond of the item.
    var energyPerMillisecond: [Double] {
        var energy = [Double](repeating: pow(10, (noise + 0.691) / 10), count: Int((length * 1000).rounded()))
        for phrase in phrases {
            let (first, last) = (Int((phrase.start * 1000).rounded()), Int((phrase.end * 1000).rounded()))
            for i in first..<last {
                let end = phrase.endLoudness ?? phrase.loudness
                let mean = pow(10, (phrase.loudness + (end - phrase.loudness) * Double(i - first) / Double(last - first) + 0.691) / 10)
                // Syllables at 4 Hz (a whole cycle every 250 ms: mean energy `mean`), and a slow swing.
                let t = Double(i) / 1000
                energy[i] = mean * (1 + wobble * sin(2 * Double.pi * 4 * t)) * pow(10, slowWobble * sin(2 * Double.pi * 0.37 * t) / 10)
            }
        }
        return energy
    }

    /// The mean energy of each millisecond window `[end − 400, end)` (silence before the item).
    static func windowEnergy(_ energy: [Double], endingAt end: Int) -> Double {
        (max(0, end - 400)..<end).reduce(0) { $0 + energy[$1] } / 400
    }

    /// The detector's phrases on the timeline, seconds (pre-roll and hangover added, cut to the item).
    func speechSeconds(speaker: Int? = nil) -> [(Double, Double)] {
        var speech: [(Double, Double)] = []
        for phrase in phrases where speaker == nil || phrase.speaker == speaker {
            let (start, end) = (offset + max(0, phrase.start - preRoll), offset + min(length, phrase.end + hangover))
            // Phrases that touch are one to the detector.
            if let last = speech.last, start <= last.1 { speech[speech.count - 1].1 = max(last.1, end) } else { speech.append((start, end)) }
        }
        return speech
    }

    /// The measurement the integrator would hand the leveler.
    func hops() throws -> DialogueHops {
        let energy = energyPerMillisecond
        let energies = (0..<energy.count / 100).map { Self.windowEnergy(energy, endingAt: ($0 + 1) * 100) }
        return try DialogueHops(timeRange: range(offset, offset + length), hopDuration: .milliseconds(100), energies: energies,
                                speech: speechSeconds().map { try range($0.0, $0.1) })
    }

    /// Hop ends (ms into the item) whose window is at least half in `speaker`'s detected speech.
    func speechHopEnds(speaker: Int? = nil) -> [Int] {
        let speech = speechSeconds(speaker: speaker).map { (Int((($0.0 - offset) * 1000).rounded()), Int((($0.1 - offset) * 1000).rounded())) }
        return stride(from: 100, through: Int((length * 1000).rounded()), by: 100).filter { end in
            let overlap = speech.reduce(0) { $0 + max(0, min(end, $1.1) - max(end - 400, $1.0)) }
            return 2 * overlap >= 400
        }
    }

    /// BS.1770 gated loudness (LUFS) of `speaker`'s speech hops with `gain` (dB at a
    /// timeline time in seconds) applied millisecond by millisecond.
    func loudness(speaker: Int? = nil, gain: (Double) -> Double = { _ in 0 }) -> Double? {
        let energy = energyPerMillisecond.enumerated().map { i, e in e * pow(10, gain(offset + (Double(i) + 0.5) / 1000) / 10) }
        return Self.gatedLoudness(speechHopEnds(speaker: speaker).map { Self.windowEnergy(energy, endingAt: $0) })
    }

    /// Short-term loudness (LUFS, 3 s windows, ungated) with `gain` applied, of the windows
    /// ending every 100 ms inside `range` (seconds into the item).
    func shortTerm(in range: ClosedRange<Double>, gain: (Double) -> Double) -> [Double] {
        let energy = energyPerMillisecond.enumerated().map { i, e in e * pow(10, gain(offset + (Double(i) + 0.5) / 1000) / 10) }
        let ends = stride(from: Int(range.lowerBound * 1000) + 3000, through: Int(range.upperBound * 1000), by: 100)
        return ends.map { (end: Int) -> Double in
            let sum = energy[(end - 3000)..<end].reduce(0.0, +)
            return -0.691 + 10 * log10(sum / 3000)
        }
    }

    /// BS.1770-4's gating of block energies: above −70 LUFS, then above their mean − 10 LU; LUFS.
    static func gatedLoudness(_ energies: [Double]) -> Double? {
        func lufs(_ e: Double) -> Double { -0.691 + 10 * log10(e) }
        let audible = energies.filter { lufs($0) > -70 }
        guard !audible.isEmpty else { return nil }
        let gate = lufs(audible.reduce(0, +) / Double(audible.count)) - 10
        let kept = audible.filter { lufs($0) > gate }
        return lufs(kept.reduce(0, +) / Double(kept.count))
    }
}

extension GainLayer {
    /// The layer's gain at `seconds`, dB.
    func decibels(at seconds: Double) -> Double { 20 * log10(gain(at: seconds)) }
}
