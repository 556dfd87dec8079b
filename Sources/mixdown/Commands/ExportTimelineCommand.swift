import ArgumentParser
import Foundation
import MixdownInterchange
import MixdownPlanning
import MixdownProject
import MixdownRender

/// `mixdown export-timeline`: the timeline for an editor, as OpenTimelineIO or Final Cut Pro 7 XML.
struct ExportTimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-timeline",
        abstract: "Write the timeline for an editor: OpenTimelineIO (.otio) or Final Cut Pro 7 XML (.xml).",
        discussion: """
            The clips with their transitions on V1, their own audio on A1, the voice-over \
            takes and the music on tracks of their own, each where the mix plays it (the \
            media are probed, not decoded). OTIO keeps every Mixdown setting in `mixdown` \
            metadata, so `mixdown import` gives the project back; FCP 7 XML (read by \
            Premiere and Resolve) carries each audio clip's final gain (volume, fades, \
            ducks, automation) as Audio Levels keyframes. See docs/interchange.md.

            Examples:
              mixdown export-timeline project.json -o cut.otio
              mixdown export-timeline project.json -o cut.xml
              mixdown export-timeline project.json --format otio -o - > cut.otio
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(help: ArgumentHelp("otio or fcpxml7 (default: from the output's extension, .otio or .xml).", valueName: "format"))
    var format: String?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The file to write (.otio or .xml), or - for stdout.", valueName: "path"))
    var output: String

    @Flag(help: "No warnings or summary on stderr.")
    var quiet = false

    func validate() throws {
        _ = try chosenFormat()
    }

    /// `--format`, else the one the output's name implies.
    private func chosenFormat() throws -> TimelineExportFormat {
        if let format {
            guard let chosen = TimelineExportFormat(rawValue: format.lowercased()) else {
                throw ValidationError("--format \(TimelineExportError.unknownFormat(format))")
            }
            return chosen
        }
        guard let implied = TimelineExportFormat(fileName: output) else {
            throw ValidationError("-o \(TimelineExportError.unknownFormat(output)); or give --format")
        }
        return implied
    }

    func run() throws {
        let format = try chosenFormat()
        let console = Console(quiet: quiet)
        let project = try timeline.project(console: console)
        let inputs = project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 }
        if output != "-" { try checkOutput(output, inputs: inputs) }
        // An editor's timeline names the media as recorded and carries levels: cleaned audio has no place in it.
        if project.cleansDialogue {
            console.warn("dialogue cleanup is not written to an editor's timeline; its levels are those of the audio as recorded")
        }
        let plan = try project.withoutDialogueCleanup.measuredPlan(for: .preview, threads: AudioRenderer.defaultThreadCount).plan
        plan.warnings.forEach { console.warn($0) }
        let folder = output == "-" ? FileManager.default.currentDirectoryPath
            : ((output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output) as NSString).deletingLastPathComponent
        let name = timeline.projectFile.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "Mixdown"
        let data = try TimelineExport(project: project, plan: plan).data(format, folder: folder, name: name)
        try writeOutput(data, to: output, inputs: inputs)
        guard output != "-" else { return }
        console.summary("wrote \(output): \(format.rawValue), \(String(format: "%.3f", plan.duration.seconds)) s")
    }
}
