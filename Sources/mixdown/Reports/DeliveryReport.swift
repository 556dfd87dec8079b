import Foundation
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownUnits

/// The lines `mix` and `export` print about loudness: what was written, and
/// what normalisation did.
enum DeliveryReport {
    /// `-16.0 LUFS, true peak -1.2 dBTP` (or `silent`): the figures of a written file.
    ///
    /// A file with sound but no integrated loudness (under 400 ms of it, or all of
    /// it below the −70 LUFS gate) says so with its true peak, not `silent`.
    static func figures(_ figures: LoudnessFigures) -> String {
        guard let integrated = figures.integrated else {
            guard figures.truePeak.isFinite else { return "silent" }
            return "no integrated loudness (no 400 ms above -70 LUFS), true peak " + decibels(figures.truePeak, unit: "dBTP")
        }
        return String(format: "%.1f LUFS, true peak %@", integrated, decibels(figures.truePeak, unit: "dBTP"))
    }

    /// What normalisation measured, the gain it chose and what the limiter did.
    static func normalisation(_ normalisation: LoudnessNormalisation, sampleRate: SampleRate) -> String? {
        guard let integrated = normalisation.measured.integrated, let mastering = normalisation.plan.mastering else { return nil }
        let limiting = normalisation.limiting
        let seconds = { (samples: Int) in Double(samples) / Double(sampleRate.hertz) }
        let limited = limiting.samplesInGainReduction == 0 ? "the limiter never acted"
            : String(format: "the limiter acted for %.2f s (%.2f s above its threshold), at most %.1f dB",
                     seconds(limiting.samplesInGainReduction), seconds(limiting.samplesAboveThreshold), limiting.largestGainReduction)
        return String(format: "loudness: the mix measured %.1f LUFS, true peak %@; gain %+.2f dB to %@; ",
                      integrated, decibels(normalisation.measured.truePeak, unit: "dBTP"), mastering.gainDecibels,
                      "\(normalisation.delivery)") + limited
    }

    private static func decibels(_ value: Double, unit: String) -> String {
        value.isFinite ? String(format: "%.1f %@", value, unit) : "-inf \(unit)"
    }
}
