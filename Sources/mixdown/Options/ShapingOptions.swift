import ArgumentParser
import Foundation
import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

/// Fades on the music bed, crossfades at cuts, and ducking of music under voice-over.
struct ShapingOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Fade the music in over this time from its start. (default: \(Project.Item.standard.fade.fadeIn))", valueName: "time"), transform: parseTime)
    var fadeIn: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fade the music out over this time, ending at its end inside the timeline. (default: \(Project.Item.standard.fade.fadeOut))", valueName: "time"), transform: parseTime)
    var fadeOut: MediaTime?

    @Option(help: ArgumentHelp("Shape of the music fades: linear, equal-power, db or s-curve. (default: \(Project.Item.standard.fade.curve.rawValue))", valueName: "curve"))
    var fadeCurve: RampCurve?

    @Option(parsing: .unconditional, help: ArgumentHelp("Crossfade at each cut between clips' own audio; 0 disables. (default: \(Project.standard.cutFade))", valueName: "time"), transform: parseTime)
    var cutFade: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Duck depth in dB, -120 to 0, e.g. -12 or -12dB; with --duck-mode loudness, the depth where the voice is too short or quiet to measure. (default: \(Project.standard.ducking.settings.depth))", valueName: "db"),
            transform: quantity(DuckDepth.init(parsing:)))
    var duck: DuckDepth?

    @Option(help: ArgumentHelp("ranges: duck under each voice-over item; signal: under detected speech; loudness: under each item, as deep as puts the music --duck-below the voice; off. (default: \(Project.standard.ducking.mode.rawValue))", valueName: "mode"))
    var duckMode: Project.Ducking.Mode?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --duck-mode loudness: how far the ducked music's loudness sits under the voice's, in LU, 0 to 40. (default: \(Project.standard.ducking.below))", valueName: "lu"),
            transform: quantity(LoudnessGap.init(parsing:)))
    var duckBelow: LoudnessGap?

    @Option(parsing: .unconditional, help: ArgumentHelp("Time the music takes to go down, ending where the voice starts. (default: \(Project.standard.ducking.settings.fadeDown))", valueName: "time"), transform: parseTime)
    var duckFadeDown: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Time the music takes to come back up after the voice. (default: \(Project.standard.ducking.settings.fadeUp))", valueName: "time"), transform: parseTime)
    var duckFadeUp: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Voice pauses shorter than this keep the music down. (default: \(Project.standard.ducking.settings.maxPause))", valueName: "time"), transform: parseTime)
    var duckMaxPause: MediaTime?

    @Option(help: ArgumentHelp("Shape of the duck's ramps: linear, equal-power, db or s-curve. (default: \(Project.standard.ducking.settings.curve.rawValue))", valueName: "curve"))
    var duckCurve: RampCurve?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lowest speech-band level that can count as speech, in dBFS, -120 to 0. (default: \(Project.standard.ducking.threshold))", valueName: "db"),
            transform: quantity(SpeechThreshold.init(parsing:)))
    var duckThreshold: SpeechThreshold?

    @Option(help: ArgumentHelp("What triggers the duck: voiceovers (by --duck-mode), clips (the speech in their audio), or both, comma-separated. (default: \(typed(Project.standard.ducking.sources)))", valueName: "parts"),
            transform: parts(allowed: [.voiceovers, .clips]))
    var duckUnder: Set<MixPart>?

    @Option(help: ArgumentHelp("What ducks: music, clips, voiceovers, comma-separated; a part never ducks under itself. (default: \(typed(Project.standard.ducking.targets)))", valueName: "parts"),
            transform: parts(allowed: [.music, .clips, .voiceovers]))
    var duckTarget: Set<MixPart>?

    @Flag(help: "Duck the clips' own audio too, not only the music (same as adding clips to --duck-target).")
    var duckClips = false

    @OptionGroup(title: "Dialogue") var dialogue: DialogueOptions

    /// Writes what was given onto `project`; what was not keeps the project's value.
    func apply(to project: inout Project) {
        for i in project.music.indices {
            if let fadeIn { project.music[i].fade.fadeIn = fadeIn }
            if let fadeOut { project.music[i].fade.fadeOut = fadeOut }
            if let fadeCurve { project.music[i].fade.curve = fadeCurve }
        }
        if let cutFade { project.cutFade = cutFade }
        if let duck { project.ducking.settings.depth = duck }
        if let duckMode { project.ducking.mode = duckMode }
        if let duckBelow { project.ducking.below = duckBelow }
        if let duckFadeDown { project.ducking.settings.fadeDown = duckFadeDown }
        if let duckFadeUp { project.ducking.settings.fadeUp = duckFadeUp }
        if let duckMaxPause { project.ducking.settings.maxPause = duckMaxPause }
        if let duckCurve { project.ducking.settings.curve = duckCurve }
        if let duckThreshold { project.ducking.threshold = duckThreshold }
        if let duckUnder { project.ducking.sources = duckUnder }
        if let duckTarget { project.ducking.targets = duckTarget }
        if duckClips { project.ducking.targets.insert(.clips) }
        dialogue.apply(to: &project)
    }
}

/// Parts of the mix as `--duck-under` and `--duck-target` take them: `voiceovers,clips`.
private func typed(_ parts: Set<MixPart>) -> String {
    parts.sorted().map(\.rawValue).joined(separator: ",")
}

/// Parses a comma-separated list of parts of the mix, each one of `allowed`.
private func parts(allowed: [MixPart]) -> @Sendable (String) throws -> Set<MixPart> {
    { text in
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        var parts: Set<MixPart> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let part = MixPart(rawValue: name), allowed.contains(part) else {
                throw ValidationError("\"\(name)\" is not one of \(names); expected a comma-separated list of them")
            }
            parts.insert(part)
        }
        return parts
    }
}

extension RampCurve: ExpressibleByArgument {}
extension Project.Ducking.Mode: ExpressibleByArgument {}
