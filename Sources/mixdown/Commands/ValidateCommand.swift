import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownPlanning
import MixdownProject
import MixdownProjectFile
import MixdownUnits

/// `mixdown validate`: every problem of a project at once, before any work starts.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a project file and its media; report every problem at once.",
        discussion: """
            Checks the JSON (each problem with its JSON path, the value found and what was
            expected), then that every media file exists, then probes the media and builds
            the timeline as an export would. Exit 0 when all is well, 65 for a bad project
            (or media, or a trim outside a clip), 66 for missing media, 64 for a clip
            in-point off a keyframe (which export cuts only with --snap-keyframes).

            Examples:
              mixdown validate project.json
              mixdown validate project.json --quiet && mixdown export project.json -o final.mp4
            """)

    @Argument(help: ArgumentHelp("The project file.", valueName: "project.json"))
    var projectFile: String

    @Flag(help: "Print nothing when the project is valid.")
    var quiet = false

    func run() throws {
        let project = try Project.load(contentsOf: projectFile)
        let missing = project.mediaPaths.filter { !FileManager.default.fileExists(atPath: $0.path) }
        if !missing.isEmpty {
            let lines = missing.map { "  \($0.jsonPath): \(MessageText.shown($0.path)): no such file" }
            let name = MessageText.shown(projectFile)
            let head = missing.count == 1 ? "\(name): missing media" : "\(name): \(missing.count) media files missing"
            fail(([head] + lines).joined(separator: "\n"), code: ExitStatus.missingInput)
        }
        let plan = try project.plan(for: .export)
        let console = Console(quiet: quiet)
        plan.warnings.forEach { console.warn($0) }
        // Overlays and caption files only when there are some, so older projects' lines stay as they were.
        var extras = project.overlays.isEmpty ? "" : ", overlays \(project.overlays.count)"
        if !project.captions.isEmpty { extras += ", caption files \(project.captions.count)" }
        console.summary(String(format: "%@: valid: clips %d, voice-over takes %d, music beds %d%@; timeline %.3f s",
                               projectFile, project.clips.count, project.voiceovers.count, project.music.count, extras,
                               plan.duration.seconds))
    }
}
