import ArgumentParser
import MixdownAudioMix
import MixdownProject
import MixdownUnits

/// Dialogue cleanup and levelling: what the project's `dialogue` holds, as flags.
struct DialogueOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Level the dialogue (the takes, the speech in the clips' audio) to one loudness: match (one gain per item), adaptive "
            + "(and a slow, speech-gated ride inside each item) or off. (default: \(Project.standard.dialogue.level.rawValue))", valueName: "how"))
    var levelDialogue: DialogueSettings.Level?

    @Option(parsing: .unconditional, help: ArgumentHelp("The speech loudness dialogue is levelled to: loudest (the loudest item's) or LUFS, e.g. -18. (default: \(DialogueTarget.standard))", valueName: "lufs"),
            transform: quantity(DialogueTarget.init(parsing:)))
    var dialogueTarget: DialogueTarget?

    @Option(parsing: .unconditional, help: ArgumentHelp("Reduce the noise in the dialogue's pauses by this many dB, \(Int(NoiseReduction.range.lowerBound)) to \(Int(NoiseReduction.range.upperBound)), learned from its own pauses; off for none; \(NoiseReduction.standard) is moderate. (default: off)", valueName: "db"),
            transform: switchable(NoiseReduction.init(parsing:)))
    var denoise: NoiseReduction??

    @Option(parsing: .unconditional, help: ArgumentHelp("Remove mains hum and its harmonics from the dialogue: \(Dehum.expected). (default: off)", valueName: "hz"),
            transform: quantity(Dehum.init(parsing:)))
    var dehum: Dehum?

    @Option(parsing: .unconditional, help: ArgumentHelp("Cut rumble under this frequency from the dialogue (12 dB/octave); off for none; \(HighpassFrequency.standard) suits speech. (default: off)", valueName: "hz"),
            transform: switchable(HighpassFrequency.init(parsing:)))
    var highpass: HighpassFrequency??

    /// Writes what was given onto `project`'s dialogue settings.
    func apply(to project: inout Project) {
        if let levelDialogue { project.dialogue.level = levelDialogue }
        if let dialogueTarget { project.dialogue.target = dialogueTarget }
        if let denoise { project.dialogue.cleanup.denoise = denoise }
        if let dehum { project.dialogue.cleanup.dehum = dehum }
        if let highpass { project.dialogue.cleanup.highpass = highpass }
    }
}

/// Parses a quantity, or `off` as nil.
private func switchable<Value>(_ parse: @escaping @Sendable (String) throws(QuantityError) -> Value) -> @Sendable (String) throws -> Value? {
    let value = quantity(parse)
    return { text in text.lowercased() == "off" ? nil : try value(text) }
}

extension DialogueSettings.Level: ExpressibleByArgument {}
