import Foundation
import MixdownLoudness
import MixdownMediaIO
import MixdownRender
import MixdownTime
import MixdownUnits

/// What `mixdown loudness` prints: the EBU R128 figures of media files, or of a
/// project's mix, its stems and its dialogue, with the gain to a delivery target.
///
/// JSON keys are stable: a figure that is not a number (the integrated loudness
/// of silence, a peak of −∞) is null, never left out; a part that does not exist
/// (a stem with nothing on it, the dialogue of a timeline with no voice, the
/// target of a project without `output.loudness`) is left out. Loudness and
/// peaks are rounded to 0.01, times to the millisecond.
struct LoudnessReport: Encodable {
    /// One programme's figures.
    struct Figures: Encodable {
        /// LUFS; nil when silent.
        var integrated: Double?
        var range: Double
        var truePeak: Double
        var samplePeak: Double
        var maxMomentary: Double
        /// Seconds; nil when there is no 400 ms window.
        var maxMomentaryTime: Double?
        var maxShortTerm: Double
        /// Seconds; nil when there is no 3 s window.
        var maxShortTermTime: Double?
        var silent: Bool

        init(_ figures: LoudnessFigures) {
            integrated = figures.integrated.map(rounded)
            range = rounded(figures.range)
            truePeak = rounded(figures.truePeak)
            samplePeak = rounded(figures.samplePeak)
            maxMomentary = rounded(figures.maxMomentary)
            maxMomentaryTime = figures.maxMomentary.isFinite ? milliseconds(figures.maxMomentaryTime.seconds) : nil
            maxShortTerm = rounded(figures.maxShortTerm)
            maxShortTermTime = figures.maxShortTerm.isFinite ? milliseconds(figures.maxShortTermTime.seconds) : nil
            silent = figures.isSilent
        }

        private enum CodingKeys: String, CodingKey {
            case integrated, range, truePeak, samplePeak, maxMomentary, maxMomentaryTime, maxShortTerm, maxShortTermTime, silent
        }

        // Written by hand so that a missing figure is null rather than absent: one set of keys for every programme.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(integrated, forKey: .integrated)
            try container.encode(range, forKey: .range)
            try container.encode(truePeak, forKey: .truePeak)
            try container.encode(samplePeak, forKey: .samplePeak)
            try container.encode(maxMomentary, forKey: .maxMomentary)
            try container.encode(maxMomentaryTime, forKey: .maxMomentaryTime)
            try container.encode(maxShortTerm, forKey: .maxShortTerm)
            try container.encode(maxShortTermTime, forKey: .maxShortTermTime)
            try container.encode(silent, forKey: .silent)
        }
    }

    /// A media file's figures.
    struct File: Encodable {
        var path: String
        var figures: Figures

        private enum CodingKeys: String, CodingKey { case path }

        // The figures sit beside the path, not under a key of their own.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try figures.encode(to: encoder)
        }
    }

    /// The stems of a project's mix, by the project file's names; a stem with nothing on it is absent.
    struct Stems: Encodable {
        var clips: Figures?
        var voiceovers: Figures?
        var music: Figures?
    }

    /// The mix's loudness where a voice speaks.
    struct Dialogue: Encodable {
        /// LUFS; nil when nothing passed the gate.
        var integrated: Double?
        /// Seconds of voice measured.
        var seconds: Double
        /// The voice ranges, `[start, end]` in timeline seconds.
        var ranges: [[Double]]

        init(_ dialogue: DialogueLoudness, sampleRate: SampleRate) {
            integrated = dialogue.integrated.map(rounded)
            seconds = milliseconds(Double(dialogue.frames) / Double(sampleRate.hertz))
            ranges = dialogue.ranges.map { [milliseconds($0.start.seconds), milliseconds($0.end.seconds)] }
        }

        private enum CodingKeys: String, CodingKey { case integrated, seconds, ranges }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(integrated, forKey: .integrated)
            try container.encode(seconds, forKey: .seconds)
            try container.encode(ranges, forKey: .ranges)
        }
    }

    /// One dialogue item's speech, before and after dialogue processing.
    struct Speaker: Encodable {
        /// The item as a project file names it: `voiceovers[1]`.
        var item: String
        var path: String
        /// Its speech-gated loudness as recorded (after cleanup), LUFS; nil when it was not measured (levelling off) or silent.
        var before: Double?
        /// Its loudness over its phrases as it plays in the mix (its volume, the leveler; no duck, nothing else), LUFS.
        var after: Double?

        init(item: String, path: String, before: Double?, after: Double?) {
            self.item = item
            self.path = path
            self.before = before.map(rounded)
            self.after = after.map(rounded)
        }

        private enum CodingKeys: String, CodingKey { case item, path, before, after }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item, forKey: .item)
            try container.encode(path, forKey: .path)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
        }
    }

    /// The project's delivery loudness and the static gain that would bring the mix to it.
    struct Delivery: Encodable {
        /// LUFS.
        var target: Double
        /// dBTP.
        var truePeakCeiling: Double
        /// target − integrated, in dB; nil when the mix is silent (no gain reaches a target).
        var gain: Double?
        /// The mix's true peak once the gain is applied, before any limiter, in dBTP.
        var truePeakAfterGain: Double?

        init(_ loudness: DeliveryLoudness, mix: LoudnessFigures) {
            target = loudness.target.decibels
            truePeakCeiling = loudness.ceiling.decibels
            let gain = mix.integrated.map { loudness.target.decibels - $0 }
            self.gain = gain.map(rounded)
            truePeakAfterGain = gain.map { rounded(mix.truePeak + $0) }
        }

        private enum CodingKeys: String, CodingKey { case target, truePeakCeiling, gain, truePeakAfterGain }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(target, forKey: .target)
            try container.encode(truePeakCeiling, forKey: .truePeakCeiling)
            try container.encode(gain, forKey: .gain)
            try container.encode(truePeakAfterGain, forKey: .truePeakAfterGain)
        }
    }

    /// Media files, in the order given (files mode).
    var files: [File]?
    /// The project's mix (project mode).
    var mix: Figures?
    var stems: Stems?
    var dialogue: Dialogue?
    /// Each dialogue item's speech before and after processing (project mode, when dialogue is processed).
    var speakers: [Speaker]?
    var delivery: Delivery?

    var text: String {
        var rows: [(label: String, text: String)] = []
        for file in files ?? [] { rows.append((MessageText.shown(file.path), Self.line(file.figures))) }
        if let mix { rows.append(("mix", Self.line(mix))) }
        if let stems {
            for (label, figures) in [("clips", stems.clips), ("voice-over", stems.voiceovers), ("music", stems.music)] {
                if let figures { rows.append((label, Self.line(figures))) }
            }
        }
        if let dialogue {
            rows.append(("dialogue", Self.loudness(dialogue.integrated)
                         + String(format: "  over %.1f s of voice in %d range%@", dialogue.seconds, dialogue.ranges.count,
                                  dialogue.ranges.count == 1 ? "" : "s")))
        }
        for speaker in speakers ?? [] {
            let file = "  (" + MessageText.shown((speaker.path as NSString).lastPathComponent) + ")"
            guard speaker.before != nil || speaker.after != nil else {
                rows.append((speaker.item, "no speech measured (none detected, or silent)" + file))
                continue
            }
            rows.append((speaker.item, "speech " + (speaker.before.map { Self.level($0) + " LUFS" } ?? "  not measured")
                         + " → " + Self.loudness(speaker.after) + file))
        }
        if let delivery {
            var line = String(format: "%6.1f LUFS, %.1f dBTP: ", delivery.target, delivery.truePeakCeiling)
            if let gain = delivery.gain, let peak = delivery.truePeakAfterGain {
                line += String(format: "gain %+.1f dB (true peak then %.1f dBTP%@)", gain, peak,
                               peak > delivery.truePeakCeiling ? ", over the ceiling: the limiter would hold it" : "")
            } else {
                line += "the mix is silent, no gain reaches it"
            }
            rows.append(("target", line))
        }
        let width = rows.map(\.label.count).max() ?? 0
        return rows.map { $0.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.text }.joined(separator: "\n")
    }

    /// `-18.3 LUFS  LRA 6.1 LU  true peak -1.2 dBTP  sample peak -1.5 dBFS  max momentary …  max short-term …`.
    private static func line(_ f: Figures) -> String {
        var parts = [f.integrated == nil && f.samplePeak.isFinite ? "no LUFS    " : loudness(f.integrated), String(format: "LRA %4.1f LU", f.range),
                     "true peak " + level(f.truePeak) + " dBTP", "sample peak " + level(f.samplePeak) + " dBFS"]
        parts.append("max momentary " + level(f.maxMomentary) + " LUFS" + (f.maxMomentaryTime.map { String(format: " at %.3f s", $0) } ?? ""))
        parts.append("max short-term " + level(f.maxShortTerm) + " LUFS" + (f.maxShortTermTime.map { String(format: " at %.3f s", $0) } ?? ""))
        return parts.joined(separator: "  ")
    }

    /// An integrated loudness in a fixed width: `-18.3 LUFS`, or `silent`
    /// (`line` says `no LUFS` for sound too short or quiet to have one).
    private static func loudness(_ value: Double?) -> String {
        value.map { level($0) + " LUFS" } ?? "silent".padding(toLength: 11, withPad: " ", startingAt: 0)
    }

    /// A level with one decimal in a fixed width; `-inf` for −∞.
    private static func level(_ value: Double) -> String {
        value.isFinite ? String(format: "%6.1f", value) : "  -inf"
    }
}

/// Loudness and levels to 0.01 (LU, dB): finer than any meter agrees with another.
private func rounded(_ value: Double) -> Double {
    value.isFinite ? (value * 100).rounded() / 100 : value
}

/// Seconds to the millisecond.
private func milliseconds(_ seconds: Double) -> Double {
    (seconds * 1000).rounded() / 1000
}
