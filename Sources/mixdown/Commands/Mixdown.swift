import ArgumentParser
import MixdownUnits

/// The `mixdown` command: mixes, ducks and exports the audio of video timelines.
@main
struct Mixdown: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "mixdown",
        abstract: "Mix, fade and duck audio for video on Linux, sample-exact.",
        discussion: """
            Exit codes: 0 success, 64 usage error, 65 bad input data, 66 missing input, \
            70 internal error, 73 cannot create output, 74 I/O error, 130 interrupted (Ctrl-C; \
            128 + N for another signal N). Outputs appear only when complete: a failed or \
            interrupted run leaves no file and never touches an existing one.
            """,
        version: version,
        subcommands: [MixCommand.self, ExportCommand.self, InitCommand.self, ImportCommand.self, ExportTimelineCommand.self, ValidateCommand.self, InspectCommand.self, AutomationCommand.self, ProbeCommand.self, PlotCommand.self, LoudnessCommand.self, FrameCommand.self, CacheCommand.self])

    /// Like ArgumentParser's `main`, but a usage error is one line naming the fix,
    /// and every error ends with a documented exit code (never 1): commands throw
    /// the library's errors out of `run()`, and `ExitStatus` maps them here.
    static func main() {
        MemoryTuning.tuneMalloc()
        // Before any work, so that Ctrl-C during planning stops the job the same way.
        Interrupt.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            guard code != .failure || error is ExitCode else {
                // Not ArgumentParser's: a library error, or a bug.
                ExitStatus.exit(reporting: error)
            }
            let message = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let trimmed = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            fail("\(echoingArgumentsSafely(trimmed)) (see 'mixdown help')", code: code.rawValue)
        }
    }

    /// ArgumentParser's `message` with each command-line argument it echoes
    /// (whole, or the value after `=`) shown as messages show user text: a
    /// 10 MB value or an escape sequence must not reach the terminal as is.
    private static func echoingArgumentsSafely(_ message: String) -> String {
        let arguments = CommandLine.arguments.dropFirst().flatMap { argument in
            [argument] + argument.split(separator: "=", maxSplits: 1).dropFirst().map(String.init)
        }
        var text = message
        for argument in Set(arguments).sorted(by: { $0.count > $1.count }) where MessageText.shown(argument) != argument {
            text = text.replacingOccurrences(of: argument, with: MessageText.shown(argument))
        }
        return text
    }
}
