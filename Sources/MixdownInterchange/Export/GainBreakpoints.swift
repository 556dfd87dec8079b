import Foundation
import MixdownAudioMix

/// An item's gain as breakpoints on a grid (samples for OTIO metadata, frames
/// for FCP 7 keyframes): the gain at each grid point where a layer starts or
/// ends (the points either side of it), and more where a curve bends, so that
/// a straight line between neighbours stays within `tolerance` dB of the curve
/// at every grid point (gains under -60 dB count as -60 dB: silence needs no
/// precision).
struct GainBreakpoints {
    /// How an editor draws the line between two breakpoints.
    enum Interpolation {
        /// Straight in linear gain (FCP 7 and Premiere's Audio Levels).
        case linear
        /// Straight in decibels (the `envelope` of OTIO metadata).
        case decibels
    }

    /// Grid point `tick` is at `tick * step` seconds.
    let step: Double
    let interpolation: Interpolation
    /// The largest error allowed between breakpoints, in dB.
    var tolerance = 0.05

    /// The breakpoints `(tick, gain)` of `gain` over the ticks `first...last`,
    /// with the curve's `boundaries` (seconds) where it may bend or jump.
    func points(first: Int64, last: Int64, boundaries: some Sequence<Double>, gain: (Double) -> Double) -> [(tick: Int64, gain: Double)] {
        guard last > first else { return [(first, gain(Double(first) * step))] }
        var ticks: Set<Int64> = [first, last]
        for boundary in boundaries {
            let position = boundary / step
            guard position > Double(first), position < Double(last) else { continue }
            for tick in [Int64(position.rounded(.down)), Int64(position.rounded(.up))] where tick > first && tick < last {
                ticks.insert(tick)
            }
        }
        let sorted = ticks.sorted()
        var result: [(tick: Int64, gain: Double)] = [(sorted[0], gain(Double(sorted[0]) * step))]
        for b in sorted.dropFirst() {
            refine(from: result[result.count - 1], to: (b, gain(Double(b) * step)), gain: gain, into: &result)
        }
        return removingHolds(result)
    }

    /// Appends the points after `a` up to `b`, splitting until the line is close enough.
    private func refine(from a: (tick: Int64, gain: Double), to b: (tick: Int64, gain: Double), gain: (Double) -> Double,
                        into result: inout [(tick: Int64, gain: Double)]) {
        var stack = [b]
        var start = a
        while let end = stack.last {
            let span = end.tick - start.tick
            var worst = 0.0
            if span > 1 {
                let checks = min(span - 1, 16)
                for c in 1...checks {
                    let tick = start.tick + span * c / (checks + 1)
                    let fraction = Double(tick - start.tick) / Double(span)
                    worst = max(worst, abs(Self.decibels(line(start.gain, end.gain, fraction)) - Self.decibels(gain(Double(tick) * step))))
                }
            }
            if worst > tolerance {
                let middle = start.tick + span / 2
                stack.append((middle, gain(Double(middle) * step)))
            } else {
                result.append(end)
                start = end
                stack.removeLast()
            }
        }
    }

    private func line(_ from: Double, _ to: Double, _ fraction: Double) -> Double {
        switch interpolation {
        case .linear: return from + (to - from) * fraction
        case .decibels:
            let db = Self.decibels(from) + (Self.decibels(to) - Self.decibels(from)) * fraction
            return pow(10, db / 20)
        }
    }

    /// Inside a hold (three equal gains in a row) the middle point says nothing.
    private func removingHolds(_ points: [(tick: Int64, gain: Double)]) -> [(tick: Int64, gain: Double)] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        for i in 1..<(points.count - 1) where !(points[i - 1].gain == points[i].gain && points[i].gain == points[i + 1].gain) {
            kept.append(points[i])
        }
        kept.append(points[points.count - 1])
        return kept
    }

    /// A gain in dB, -60 at the least.
    static func decibels(_ gain: Double) -> Double {
        gain > 0 ? max(20 * log10(gain), -60) : -60
    }
}
