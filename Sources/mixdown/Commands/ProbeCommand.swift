import ArgumentParser
import Foundation
import MixdownMediaIO

/// `mixdown probe FILE`: what a media file holds, as ffprobe would say it.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Show the container, streams, timing and keyframes of a media file.",
        discussion: """
            Examples:
              mixdown probe fixtures/media/clip-a.mp4
              mixdown probe --json music.mp3 | jq '.streams[0].encoderDelay'
            """)

    @Argument(help: "The media file to inspect.")
    var file: String

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let info = try MediaProbe.probe(path: file)
        if json {
            try printJSON(info)
        } else {
            try printOutput(ProbeReport(info: info).text)
        }
    }
}
