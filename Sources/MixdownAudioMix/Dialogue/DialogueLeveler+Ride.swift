import Foundation
import MixdownTime

extension DialogueLeveler {
    /// The adaptive ride of one item (docs/audio-mix.md, "Dialogue levelling"): what
    /// each phrase's speech needs, held with hysteresis, slew-limited ahead of time
    /// inside phrases, and moved only at the end of pauses.
    internal struct Ride {
        let hops: DialogueHops
        let measurement: Measurement
        /// Target loudness, LUFS.
        let target: Double
        /// The static matching gain, dB, where the ride starts.
        let match: Double
        /// The largest gain either way, dB.
        let bound: Double

        /// A phrase's points: the phrase, and the hops whose window's middle lies in
        /// it with the gain there (dB).
        private struct PhraseCurve {
            let phrase: MediaTimeRange
            var points: [(hop: Int, gain: Double)]
        }

        /// The curve: match and ride, in dB, simplified (no point on a straight line
        /// between its neighbours).
        func keyframes() throws(AudioMixError) -> [DialogueKeyframe] {
            let curves = try phraseCurves()
            guard let firstCurve = curves.first else { return [DialogueKeyframe(time: hops.timeRange.start, gain: match)] }
            var keyframes = [DialogueKeyframe(time: hops.timeRange.start, gain: firstCurve.points[0].gain)]
            var previousPhraseStart = hops.timeRange.start
            for curve in curves {
                let start = curve.phrase.start
                let gain = curve.points[0].gain
                let change = abs(gain - keyframes[keyframes.count - 1].gain)
                if change > 1e-9 {
                    // One move, ending where the phrase starts, at most pauseSlew fast, 0.5 to 1 s long.
                    let needed = MediaTime.milliseconds(Int64((change / pauseSlew * 1000).rounded(.up)))
                    let length = min(max(needed, pauseMoveLength.lowerBound), pauseMoveLength.upperBound)
                    let moveStart = max(try withTimeArithmetic { () throws(MediaTimeError) in try start - length }, previousPhraseStart)
                    let from = Self.gain(of: keyframes, at: moveStart)
                    keyframes.removeAll { $0.time > moveStart }
                    if keyframes.last?.time != moveStart { keyframes.append(DialogueKeyframe(time: moveStart, gain: from)) }
                }
                keyframes.append(DialogueKeyframe(time: start, gain: gain))
                for point in curve.points { keyframes.append(DialogueKeyframe(time: try hops.centre(of: point.hop), gain: point.gain)) }
                previousPhraseStart = start
            }
            return Self.simplified(keyframes)
        }

        /// Each phrase with points, its gains after hysteresis and the slew limit.
        private func phraseCurves() throws(AudioMixError) -> [PhraseCurve] {
            let sources = phraseSources()
            var curves: [PhraseCurve] = []
            var p = 0
            for k in 0..<measurement.hopCount {
                let centre = try hops.centre(of: k)
                while p < hops.speech.count, hops.speech[p].end <= centre { p += 1 }
                guard p < hops.speech.count, hops.speech[p].contains(centre) else { continue }
                if curves.last?.phrase != hops.speech[p] { curves.append(PhraseCurve(phrase: hops.speech[p], points: [])) }
                curves[curves.count - 1].points.append((k, needed(at: k, from: sources[p]) ?? .nan))
            }
            // Hysteresis, across phrases in order: the held gain follows what speech
            // needs only when that differs by more than `hysteresis`.
            var held = match
            for c in curves.indices {
                for i in curves[c].points.indices {
                    let needed = curves[c].points[i].gain
                    if !needed.isNaN, abs(needed - held) > hysteresis { held = needed }
                    curves[c].points[i].gain = held
                }
            }
            // Slew limit inside each phrase, backwards: each change is reached by the
            // time it is held (look-ahead), never faster than `speechSlew`.
            let step = speechSlew * hops.hopDuration.seconds
            for c in curves.indices {
                var i = curves[c].points.count - 2
                while i >= 0 {
                    let next = curves[c].points[i + 1].gain
                    curves[c].points[i].gain = min(max(curves[c].points[i].gain, next - step), next + step)
                    i -= 1
                }
            }
            return curves
        }

        /// For each phrase, its hops (at least half their window in it) that pass
        /// BS.1770's gates among the phrase's own: breaths and noise in it set nothing.
        private func phraseSources() -> [[Int]] {
            var members = [[Int]](repeating: [], count: hops.speech.count)
            for k in 0..<measurement.hopCount { if let p = measurement.phraseOfHop[k] { members[p].append(k) } }
            return members.map { hopsOfPhrase in
                guard let threshold = DialogueLeveler.gate(hopsOfPhrase.map { hops.energies[$0] })?.threshold else { return [] }
                return hopsOfPhrase.filter { hops.energies[$0] > threshold }
            }
        }

        /// The gain the speech around hop `k` needs, dB within ±bound: target minus the
        /// loudness of the `2·rideWindowHops + 1` hops of `sources` (sorted) nearest
        /// it, all of them in a shorter phrase; nil when there are none. The window
        /// keeps its length at a phrase's ends, sliding inwards rather than shrinking,
        /// so a steady phrase needs one gain throughout.
        private func needed(at k: Int, from sources: [Int]) -> Double? {
            guard !sources.isEmpty else { return nil }
            let length = min(2 * rideWindowHops + 1, sources.count)
            let position = sources.firstIndex { $0 >= k } ?? sources.count
            let first = min(max(position - rideWindowHops, 0), sources.count - length)
            let near = sources[first..<first + length].map { hops.energies[$0] }
            return min(max(target - DialogueLeveler.loudness(ofEnergy: DialogueLeveler.mean(near)), -bound), bound)
        }

        /// The gain of `keyframes` (sorted) at `time`, linear in dB between points.
        private static func gain(of keyframes: [DialogueKeyframe], at time: MediaTime) -> Double {
            guard let after = keyframes.firstIndex(where: { $0.time > time }) else { return keyframes[keyframes.count - 1].gain }
            guard after > 0 else { return keyframes[0].gain }
            let (a, b) = (keyframes[after - 1], keyframes[after])
            guard a.gain != b.gain, let done = try? time - a.time, let length = try? b.time - a.time else { return a.gain }
            return a.gain + (b.gain - a.gain) * done.seconds / length.seconds
        }

        /// `keyframes` without repeated times of one gain and without points on the
        /// straight line (in dB over time) between their neighbours.
        private static func simplified(_ keyframes: [DialogueKeyframe]) -> [DialogueKeyframe] {
            var result: [DialogueKeyframe] = []
            for keyframe in keyframes {
                if let last = result.last, last.time == keyframe.time, last.gain == keyframe.gain { continue }
                if result.count >= 2, isStraight(result[result.count - 2], result[result.count - 1], keyframe) {
                    result.removeLast()
                }
                result.append(keyframe)
            }
            // The last gain holds to the item's end anyway.
            while result.count >= 2, result[result.count - 1].gain == result[result.count - 2].gain { result.removeLast() }
            return result
        }

        /// Whether `b` lies on the line from `a` to `c` (within 1e-9 dB).
        private static func isStraight(_ a: DialogueKeyframe, _ b: DialogueKeyframe, _ c: DialogueKeyframe) -> Bool {
            if a.gain == b.gain, b.gain == c.gain { return true }
            guard a.time < b.time, b.time < c.time, let ab = try? b.time - a.time, let ac = try? c.time - a.time else { return false }
            return abs(a.gain + (c.gain - a.gain) * ab.seconds / ac.seconds - b.gain) < 1e-9
        }
    }
}
