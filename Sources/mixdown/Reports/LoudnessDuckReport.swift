import Foundation
import MixdownPlan

/// How one duck's depth was chosen by loudness, as `inspect` and `automation` print it.
struct LoudnessDuckReport: Encodable {
    /// The duck region in timeline seconds, `[start, end]`, where the track is fully down.
    var region: [Double]
    /// The depth chosen, in dB.
    var depthDB: Double
    /// The voice's integrated loudness inside the region, LUFS; null when too short or quiet to measure.
    var voiceLUFS: Double?
    /// The ducked part's, before the duck; null when it is silent there.
    var targetLUFS: Double?
    /// The gap asked for, in LU.
    var belowLU: Double
    /// True when the voice could not be measured and the fixed depth was kept.
    var fallback: Bool

    init(_ duck: LoudnessDuck) {
        region = [duck.range.start.seconds, duck.range.end.seconds]
        depthDB = duck.depth.decibels
        voiceLUFS = duck.voiceLoudness
        targetLUFS = duck.targetLoudness
        belowLU = duck.gap.decibels
        fallback = duck.isFallback
    }

    /// `  duck -20.1 dB over 5.000 – 11.917 s: voice -18.5 LUFS, this part -13.4 → -33.5 LUFS (asked: 15 LU under the voice)`
    var text: String {
        let head = String(format: "  duck %.1f dB over %.3f – %.3f s: ", depthDB, region[0], region[1])
        guard let voiceLUFS else { return head + "the voice is too short or quiet to measure; the fixed depth" }
        guard let targetLUFS else { return head + String(format: "voice %.1f LUFS, this part silent", voiceLUFS) }
        return head + String(format: "voice %.1f LUFS, this part %.1f → %.1f LUFS (asked: %g LU under the voice)",
                             voiceLUFS, targetLUFS, targetLUFS + depthDB, belowLU)
    }
}
