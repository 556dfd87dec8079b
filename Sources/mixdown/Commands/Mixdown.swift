import ArgumentParser

/// The `mixdown` command: mixes, ducks and exports the audio of video timelines.
@main
struct Mixdown: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "mixdown",
        abstract: "Mix, fade and duck audio for video on Linux, sample-exact.",
        discussion: """
            Exit codes: 0 success, 64 usage error, 65 bad input data, 66 missing input, \
            73 cannot create output, 74 I/O error, 130 interrupted.
            """,
        version: version,
        subcommands: [MixCommand.self, ExportCommand.self, InitCommand.self, ValidateCommand.self, InspectCommand.self, AutomationCommand.self, ProbeCommand.self, PlotCommand.self])

    /// Like ArgumentParser's `main`, but a usage error is one line naming the fix.
    static func main() {
        MemoryTuning.tuneMalloc()
        // Before any work, so that Ctrl-C during planning stops the job the same way.
        Interrupt.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let message = Self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            let trimmed = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
            fail("\(trimmed) (see 'mixdown help')", code: exitCode(for: error).rawValue)
        }
    }
}
