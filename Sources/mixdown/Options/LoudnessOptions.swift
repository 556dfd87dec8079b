import ArgumentParser
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownUnits

/// The delivery loudness flags of `mix` and `export`, over the project's `output.loudness`.
struct LoudnessOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Normalise to this integrated loudness: LUFS (e.g. -16) or a preset: podcast (-16/-1), streaming (-14/-1), ebu-r128 (-23/-1), atsc-a85 (-24/-2).",
                               valueName: "LUFS|preset"),
            transform: quantity(DeliveryLoudness.init(parsing:)))
    var loudness: DeliveryLoudness?

    @Option(help: ArgumentHelp("The true-peak ceiling of the normalised mix, -20 to 0 dBTP. (default: the preset's, else \(TruePeakCeiling.standard))", valueName: "dBTP"),
            transform: quantity(TruePeakCeiling.init(parsing:)))
    var truePeak: TruePeakCeiling?

    /// The delivery asked for: the flags over `project`'s; nil for none.
    ///
    /// - Throws: `ValidationError` for `--true-peak` without a target anywhere.
    func delivery(for project: Project) throws -> DeliveryLoudness? {
        guard var delivery = loudness ?? project.output.loudness else {
            if truePeak != nil { throw ValidationError("--true-peak needs a target: --loudness, or output.loudness in the project") }
            return nil
        }
        if let truePeak { delivery.ceiling = truePeak }
        return delivery
    }

    /// `plan` brought to the delivery asked for, its warnings on `console`; nil
    /// without a target. The whole mix is measured, also for a `--range`: a
    /// range previews the delivery. `output` is the file to be written.
    func normalisation(of plan: MixPlan, project: Project, lossy: Bool, threads: Int, output: String,
                       console: Console) throws -> LoudnessNormalisation? {
        guard let target = try delivery(for: project) else { return nil }
        // The first pass records the mix beside the output: the disk that takes the output takes it.
        let folder = output.lastIndex(of: "/").map { output[..<$0].isEmpty ? "/" : String(output[..<$0]) } ?? "."
        let found = try runReportingErrors { () throws(MediaIOError) in
            try LoudnessNormalisation(plan: plan, delivery: target, lossy: lossy, threads: threads, scratchFolder: folder,
                                      isCancelled: { Interrupt.isRequested() })
        }
        found.warnings.forEach { console.warn($0) }
        return found
    }
}
