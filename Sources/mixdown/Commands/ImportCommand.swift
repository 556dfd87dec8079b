import ArgumentParser
import Foundation
import MixdownInterchange
import MixdownProject
import MixdownProjectFile
import MixdownUnits

/// `mixdown import`: an editor's OpenTimelineIO timeline as a Mixdown project file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read an editor's OpenTimelineIO timeline (.otio) into a Mixdown project file.",
        discussion: """
            The video tracks become the clips (flattened, gaps kept as the background,
            dissolves as dissolves), the audio tracks the clips' own audio, voice-over
            takes and music (--audio-track), volumes the editor set item gains and
            automation. Each item is listed with its file and where it plays; what could
            not come through as it was is said as a warning. Any command takes the .otio
            file where it takes a project; import writes the project to edit and keep.
            docs/interchange.md has the rules. Exit 65 for a file that is not an OTIO
            timeline or holds a wrong value, 66 for missing media (unless --allow-missing).

            Examples:
              mixdown import cut.otio -o project.json
              mixdown import cut.otio --audio-track 2=voiceover --media-root ~/media -o project.json
              mixdown mix cut.otio --duck -12 -o preview.wav
            """)

    @Argument(help: ArgumentHelp("The timeline (OpenTimelineIO JSON).", valueName: "timeline.otio"))
    var timelineFile: String

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The project file to write; - for stdout. Paths become relative to its folder.", valueName: "project.json"))
    var output: String

    @OptionGroup(title: "Timelines from editors (.otio)") var interchange: ImportOptions

    @Flag(help: "Print each item's place as JSON on stdout (not with -o -).")
    var json = false

    @Flag(help: "Print no item list and no warnings.")
    var quiet = false

    func validate() throws {
        if json && output == "-" { throw ValidationError("--json and -o - both write to stdout; give -o a file") }
    }

    func run() throws {
        let imported = try OTIOImport.read(contentsOf: timelineFile, options: interchange.options)
        let console = Console(quiet: quiet)
        imported.notes.forEach { console.warn($0) }
        let folder = output == "-" ? FileManager.default.currentDirectoryPath : URL(fileURLWithPath: output).deletingLastPathComponent().path
        try writeOutput(imported.project.jsonData(relativeTo: folder) + (output == "-" ? Data("\n".utf8) : Data()), to: output,
                        inputs: imported.project.mediaPaths.map(\.path) + [timelineFile])
        if json {
            try writeToStandardOutput(Self.report(imported))
        } else {
            for place in imported.placements {
                console.summary("\(place.track) \(place.role) \(MessageText.quoted(place.name)) \(place.path.map { MessageText.shown($0) } ?? "-") "
                    + "\(place.timeline.start.readable)–\(place.timeline.end.readable)")
            }
        }
        let project = imported.project
        console.summary("\(MessageText.shown(timelineFile)): clips \(project.clips.filter { !$0.isGap }.count), "
            + "gaps \(project.clips.filter { $0.isGap }.count), voice-over takes \(project.voiceovers.count), "
            + "music beds \(project.music.count); \(imported.notes.count) note\(imported.notes.count == 1 ? "" : "s")")
    }

    /// The placements and notes as JSON: times as exact fractions and as seconds.
    static func report(_ imported: ImportedTimeline) throws -> Data {
        let placements: [[String: Any]] = imported.placements.map { place in
            var entry: [String: Any] = [
                "track": place.track, "name": place.name, "role": place.role, "jsonPath": place.jsonPath,
                "start": [place.timeline.start.value, Int64(place.timeline.start.timescale)],
                "end": [place.timeline.end.value, Int64(place.timeline.end.timescale)],
                "startSeconds": place.timeline.start.seconds, "endSeconds": place.timeline.end.seconds,
            ]
            if let path = place.path { entry["path"] = path }
            return entry
        }
        let document: [String: Any] = ["placements": placements, "notes": imported.notes]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]) + Data("\n".utf8)
    }
}
