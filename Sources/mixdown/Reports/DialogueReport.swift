import Foundation
import MixdownAudioMix
import MixdownMediaIO
import MixdownPlan
import MixdownUnits

/// How one dialogue item was cleaned and levelled, as `inspect`, `automation`
/// and `loudness` print it.
struct DialogueReport: Encodable {
    /// The item as a project file names it: `voiceovers[1]`.
    var item: String
    var path: String
    /// `off`, `match` or `adaptive`.
    var level: String
    /// The phrases the leveler heard, `[start, end]` in timeline seconds; cleanup learns the noise between them.
    var phrases: [[Double]]
    /// Its speech-gated loudness as recorded (after cleanup), LUFS; null when it had no speech to measure.
    var speechLUFS: Double?
    /// The loudness its speech was brought to; null when it was left alone.
    var targetLUFS: Double?
    /// The static gain that matches it, in dB.
    var gainDB: Double?
    /// The lowest and highest gain the leveler applies inside it (match and ride), in dB.
    var gainRangeDB: [Double]?
    /// The rumble filter's corner, Hz; null for none.
    var highpassHz: Double?
    /// The mains hum removed, Hz; null for none.
    var humHz: Int?
    /// The noise in its pauses before cleanup, dBFS; null when not measured.
    var noiseDBFS: Double?
    /// How far noise reduction took the noise down, in dB; null when it did not run.
    var denoiseDB: Double?

    init(item: MixItem, dialogue: DialogueProcessing) {
        self.item = item.name
        path = item.path
        level = dialogue.settings.level.rawValue
        phrases = dialogue.phrases.map { [$0.start.seconds, $0.end.seconds] }
        if let levelling = dialogue.levelling {
            speechLUFS = levelling.speechLoudness
            targetLUFS = levelling.target
            gainDB = levelling.matchingGain
            gainRangeDB = [levelling.gainRange.lowerBound, levelling.gainRange.upperBound]
        }
        if let cleanup = dialogue.cleanup, cleanup.cleaned {
            highpassHz = dialogue.settings.cleanup.highpass?.hertz
            humHz = cleanup.humFrequency
            noiseDBFS = cleanup.noiseLevel
            denoiseDB = cleanup.denoised ? dialogue.settings.cleanup.denoise?.decibels : nil
        }
    }

    /// Every dialogue item of `track`.
    static func on(_ track: MixTrack) -> [DialogueReport] {
        track.items.compactMap { item in item.dialogue.map { DialogueReport(item: item, dialogue: $0) } }
    }

    /// `  dialogue voiceovers[1] (take2.wav): speech -26.0 LUFS → -18.0 LUFS, gain +8.0 dB (ride +6.5 to +9.1 dB); highpass 80 Hz, hum 50 Hz, noise -48.2 dBFS down 12 dB`
    var text: String {
        var parts: [String] = []
        if level != "off" {
            if let speechLUFS, let targetLUFS, let gainDB {
                var levelled = String(format: "speech %.1f LUFS → %.1f LUFS, gain %+.1f dB", speechLUFS, targetLUFS, gainDB)
                if level == "adaptive", let range = gainRangeDB {
                    levelled += String(format: " (ride %+.1f to %+.1f dB)", range[0], range[1])
                }
                parts.append(levelled)
            } else if let speechLUFS {
                parts.append(String(format: "speech %.1f LUFS, left as recorded", speechLUFS))
            } else {
                parts.append("no speech measured, left as recorded")
            }
        }
        var cleaned: [String] = []
        if let highpassHz { cleaned.append(String(format: "highpass %g Hz", highpassHz)) }
        if let humHz { cleaned.append("hum \(humHz) Hz") }
        if let noiseDBFS, noiseDBFS < DialogueCleaning.silenceLevel {
            cleaned.append("pauses silent")
        } else if let noiseDBFS {
            cleaned.append(String(format: "noise %.1f dBFS", noiseDBFS) + (denoiseDB.map { String(format: " down %g dB", $0) } ?? ""))
        }
        if !cleaned.isEmpty { parts.append(cleaned.joined(separator: ", ")) }
        return "  dialogue \(item) (\((path as NSString).lastPathComponent)): " + (parts.isEmpty ? "as recorded" : parts.joined(separator: "; "))
    }
}
