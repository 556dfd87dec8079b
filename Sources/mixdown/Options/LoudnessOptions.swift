import ArgumentParser
import MixdownProject
import MixdownUnits

/// The delivery loudness flags of `mix` and `export`, over the project's `output.loudness`.
struct LoudnessOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Normalise to this integrated loudness: LUFS (e.g. -16) or a preset: podcast (-16/-1), streaming (-14/-1), ebu-r128 (-23/-1), atsc-a85 (-24/-2).",
                               valueName: "LUFS|preset"),
            transform: quantity(DeliveryLoudness.init(parsing:)))
    var loudness: DeliveryLoudness?

    @Option(parsing: .unconditional, help: ArgumentHelp("The true-peak ceiling of the normalised mix, -20 to 0 dBTP. (default: the preset's, else \(TruePeakCeiling.standard))", valueName: "dBTP"),
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

    /// Where a normalisation records the mix for `output`, the file to be
    /// written: beside it, on the disk that takes the output.
    static func scratchFolder(for output: String) -> String {
        output.lastIndex(of: "/").map { output[..<$0].isEmpty ? "/" : String(output[..<$0]) } ?? "."
    }
}
