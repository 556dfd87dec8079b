import ArgumentParser
import MixdownAudioMix
import MixdownProject
import MixdownTime

/// Fades on the music bed, crossfades at cuts, and ducking of music under voice-over.
struct ShapingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Fade the music in over this time from its start. (default: 0)", valueName: "time"), transform: parseTime)
    var fadeIn: MediaTime?

    @Option(help: ArgumentHelp("Fade the music out over this time, ending at its end inside the timeline. (default: 0)", valueName: "time"), transform: parseTime)
    var fadeOut: MediaTime?

    @Option(help: ArgumentHelp("Shape of the music fades: linear, equal-power, db or s-curve. (default: linear)", valueName: "curve"))
    var fadeCurve: RampCurve?

    @Option(help: ArgumentHelp("Crossfade at each cut between clips' own audio; 0 disables. (default: 0.01)", valueName: "time"), transform: parseTime)
    var cutFade: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Duck depth in dB, e.g. -12 or -12dB. (default: -12)", valueName: "db"), transform: parseDecibels)
    var duck: Double?

    @Option(help: ArgumentHelp("ranges: duck under each voice-over item; signal: under detected speech; off. (default: ranges)", valueName: "mode"))
    var duckMode: Project.Ducking.Mode?

    @Option(help: ArgumentHelp("Time the music takes to go down, ending where the voice starts. (default: 0.5)", valueName: "time"), transform: parseTime)
    var duckFadeDown: MediaTime?

    @Option(help: ArgumentHelp("Time the music takes to come back up after the voice. (default: 0.5)", valueName: "time"), transform: parseTime)
    var duckFadeUp: MediaTime?

    @Option(help: ArgumentHelp("Voice pauses shorter than this keep the music down. (default: 1.0)", valueName: "time"), transform: parseTime)
    var duckMaxPause: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Speech level for --duck-mode signal, in dBFS. (default: -30)", valueName: "db"), transform: parseDecibels)
    var duckThreshold: Double?

    @Flag(help: "Duck the clips' own audio too, not only the music.")
    var duckClips = false

    func validate() throws {
        if let duck, duck > 0 { throw ValidationError("--duck \(duck): a duck depth must be 0 dB or below, e.g. -12") }
    }

    /// Writes what was given onto `project`; what was not keeps the project's value.
    func apply(to project: inout Project) {
        for i in project.music.indices {
            if let fadeIn { project.music[i].fadeIn = fadeIn }
            if let fadeOut { project.music[i].fadeOut = fadeOut }
            if let fadeCurve { project.music[i].fadeCurve = fadeCurve }
        }
        if let cutFade { project.cutFade = cutFade }
        if let duck { project.ducking.depthDB = duck }
        if let duckMode { project.ducking.mode = duckMode }
        if let duckFadeDown { project.ducking.fadeDown = duckFadeDown }
        if let duckFadeUp { project.ducking.fadeUp = duckFadeUp }
        if let duckMaxPause { project.ducking.maxPause = duckMaxPause }
        if let duckThreshold { project.ducking.thresholdDB = duckThreshold }
        if duckClips { project.ducking.duckClips = true }
    }
}

extension RampCurve: ExpressibleByArgument {}
extension Project.Ducking.Mode: ExpressibleByArgument {}

/// Decibels typed as `-12` or `-12dB`.
func parseDecibels(_ text: String) throws -> Double {
    let trimmed = text.lowercased().hasSuffix("db") ? String(text.dropLast(2)) : text
    guard let value = Double(trimmed), value.isFinite else { throw ValidationError("expected decibels like -12 or -12dB") }
    return value
}
