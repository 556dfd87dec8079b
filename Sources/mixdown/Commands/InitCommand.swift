import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownProject
import MixdownProjectFile

/// `mixdown init`: the project file the flags describe, so a quick command can grow into a file.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the project file (JSON) that the given flags describe.",
        discussion: """
            Without -o the project goes to stdout, with paths relative to the current folder.
            Only values that differ from the defaults are written.

            Examples:
              mixdown init --video a.mp4 --music bed.mp3 --fade-in 2 --duck -12 > project.json
              mixdown init --music bed.mp3 --voiceover vo.wav@12.5 -o projects/promo.json
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write here instead of stdout; paths become relative to its folder.", valueName: "project.json"))
    var output: String?

    func run() throws {
        let project = try timeline.project()
        guard let output else {
            let data = project.jsonData(relativeTo: FileManager.default.currentDirectoryPath)
            try writeToStandardOutput(data + Data("\n".utf8))
            return
        }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        let data = project.jsonData(relativeTo: folder)
        // The project file given may be rewritten in place; its media may not.
        let file = try AtomicOutputFile(path: output, inputs: project.mediaPaths.map(\.path))
        try writeData(data, into: file.temporaryPath, for: output)
        try file.commit()
    }
}
