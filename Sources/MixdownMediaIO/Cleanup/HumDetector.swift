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

    /// The frequencies analysed, in Hz: for each candidate and harmonic, the
    /// harmonic, then its reference bins (4, 6 and 8 Hz below and above).
    private static let frequencies: [(base: Int, isTone: Bool, hertz: Double)] = [50, 60].flatMap { base in
        (1...CleanupChain.harmonics).flatMap { harmonic -> [(base: Int, isTone: Bool, hertz: Double)] in
            let centre = Double(base * harmonic)
            return [(base, true, centre)] + [4.0, 6.0, 8.0].flatMap { [(base, false, centre - $0), (base, false, centre + $0)] }
        }
    }

    private mutating func analyse() {
        let powers = Self.powers(of: block, at: Self.frequencies.map(\.hertz), sampleRate: sampleRate)
        for (frequency, power) in zip(Self.frequencies, powers) {
            if frequency.isTone {
                tone[frequency.base, default: 0] += power
            } else {
                reference[frequency.base, default: 0] += power / 6
            }
        }
    }

    /// The power of `block` at each of `frequencies` (Goertzel, normalised by the
    /// block's length). The filters run side by side, eight to a vector: each
    /// lane computes what one filter alone would, bit for bit.
    private static func powers(of block: [Float], at frequencies: [Double], sampleRate: Int) -> [Double] {
        typealias Lanes = SIMD8<Double>
        let vectors = (frequencies.count + Lanes.scalarCount - 1) / Lanes.scalarCount
        var coefficients = [Lanes](repeating: .zero, count: vectors)
        for (n, frequency) in frequencies.enumerated() {
            coefficients[n / Lanes.scalarCount][n % Lanes.scalarCount] = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        }
        var s1 = [Lanes](repeating: .zero, count: vectors)
        var s2 = [Lanes](repeating: .zero, count: vectors)
        coefficients.withUnsafeBufferPointer { c in
            s1.withUnsafeMutableBufferPointer { s1 in
                s2.withUnsafeMutableBufferPointer { s2 in
                    for sample in block {
                        let x = Lanes(repeating: Double(sample))
                        for v in 0..<vectors {
                            let s0 = x + c[v] * s1[v] - s2[v]
                            s2[v] = s1[v]
                            s1[v] = s0
                        }
                    }
                }
            }
        }
        let scale = Double(block.count * block.count)
        return frequencies.indices.map { n in
            let (v, lane) = (n / Lanes.scalarCount, n % Lanes.scalarCount)
            let (a, b, c) = (s1[v][lane], s2[v][lane], coefficients[v][lane])
            return (a * a + b * b - c * a * b) / scale
        }
    }
}
