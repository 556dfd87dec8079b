import ArgumentParser
import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownProject

/// `mixdown inspect`: the timeline as a table, before anything is rendered.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the composition: tracks, segments with source and timeline ranges, cuts, fades, duck regions, warnings.",
        discussion: """
            Examples:
              mixdown inspect --video a.mp4 --video b.mp4 --voiceover vo.wav@3 --music bed.mp3
              mixdown inspect --music bed.mp3 --voiceover vo.wav@3 --json
            """)

    @OptionGroup var timeline: TimelineOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let project = try timeline.project()
        let plan = try runReportingErrors { () throws(ProjectError) in try project.plan(for: .layout) }
        let report = TimelineReport(plan: plan)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
    }
}
