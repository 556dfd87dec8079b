import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownPlanning
import MixdownProject
import MixdownRender

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

    @Flag(inversion: .prefixedNo, help: "Render the mix (without writing it) to warn where it would clip.")
    var levels = true

    @OptionGroup var threading: ThreadOptions

    @OptionGroup var caching: CacheOptions

    func run() throws {
        let project = try timeline.project()
        let planned = try project.plan(for: .layout, cache: caching.cache, threads: threading.count)
        // Without the level scan nothing may render the whole mix: the entries there are are read.
        try caching.prepare(planned, threads: threading.count, whole: levels, console: Console(quiet: false))
        let plan = try project.measuring(planned, threads: threading.count, cache: caching.cache).plan
        var report = TimelineReport(plan: plan)
        if levels {
            let scan = try LevelScan(plan: plan, threads: threading.count)
            report.add(scan, sampleRate: plan.sampleRate)
        }
        if json {
            try printJSON(report)
        } else {
            try printOutput(report.text)
        }
    }
}
