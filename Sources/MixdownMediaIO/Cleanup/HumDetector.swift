internal import Foundation
package import MixdownDSP

/// Finds mains hum (50 or 60 Hz and its harmonics) in pause audio by Goertzel
/// filters: the power at each harmonic against the power in bins beside it.
///
/// The audio is cut into blocks of half a second, so bins are 2 Hz apart and a
/// steady tone at a whole number of Hz falls on one bin without leaking into
/// its neighbours; the references are the bins 4, 6 and 8 Hz either side,
/// which hold only the noise around the tone.
package struct HumDetector {
    /// How far the harmonics' power must stand over the noise beside them: 9 dB.
    package static let threshold = 8.0

    private let sampleRate: Int
    private let blockLength: Int
    /// Power at each candidate's harmonics, and in the reference bins, summed over blocks.
    private var tone: [Int: Double] = [50: 0, 60: 0]
    private var reference: [Int: Double] = [50: 0, 60: 0]
    /// The samples of the block being gathered (mid channel).
    private var block: [Float] = []

    /// A detector for audio at `sampleRate` Hz.
    package init(sampleRate: Int) {
        self.sampleRate = sampleRate
        blockLength = sampleRate / 2
        block.reserveCapacity(blockLength)
    }

    /// Adds `audio` (stereo; its mid) to what is analysed. Pauses may be added one
    /// after another: a block spanning two is as good as any for a steady hum.
    package mutating func add(_ audio: AudioSlice) {
        for i in 0..<audio.count {
            block.append(0.5 * (audio.left[i] + audio.right[i]))
            if block.count == blockLength {
                analyse()
                block.removeAll(keepingCapacity: true)
            }
        }
    }

    /// 50 or 60 when that mains hum stands ``threshold`` over the noise beside
    /// its harmonics (the stronger if both do), nil otherwise or without a whole block.
    package var frequency: Int? {
        let ratios = [50, 60].compactMap { base -> (Int, Double)? in
            guard let power = tone[base], let noise = reference[base], power > 0 else { return nil }
            return (base, noise > 0 ? power / noise : .infinity)
        }
        guard let best = ratios.max(by: { $0.1 < $1.1 }), best.1 >= Self.threshold else { return nil }
        return best.0
    }

    private mutating func analyse() {
        for base in [50, 60] {
            for harmonic in 1...CleanupChain.harmonics {
                let centre = Double(base * harmonic)
                tone[base, default: 0] += power(at: centre)
                var around = 0.0
                for offset in [4.0, 6.0, 8.0] { around += power(at: centre - offset) + power(at: centre + offset) }
                reference[base, default: 0] += around / 6
            }
        }
    }

    /// The block's power at `frequency` Hz (Goertzel, normalised by the block's length).
    private func power(at frequency: Double) -> Double {
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var s1 = 0.0
        var s2 = 0.0
        for sample in block {
            let s0 = Double(sample) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return power / Double(block.count * block.count)
    }
}
