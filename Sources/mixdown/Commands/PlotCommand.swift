import ArgumentParser
import Foundation
import MixdownMediaIO
import MixdownPlanning
import MixdownPlot
import MixdownProject
import MixdownRender

/// `mixdown plot`: the timeline as a picture, to check a mix by eye before rendering it.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw the timeline as an SVG: lanes, waveforms, the music's gain envelope and duck regions.",
        discussion: """
            One lane per kind of item, top to bottom: the video clips (with the cuts \
            between them dashed through every lane), the clips' own audio (its two A/B \
            tracks in one lane), the voice-over takes and the music. Each audio item shows \
            its waveform multiplied by the gain the renderer applies to it, so fades and \
            ducking show in the sound, and that gain as a line (0 at the bottom of the \
            lane, 1 at the top). Stretches where the music ducks under voice-over are \
            shaded. The time axis is in seconds; warnings are printed under the lanes. \
            Open the file in any web browser.

            Only the part of each file that plays is decoded, at 8 kHz, so plotting is \
            quick even for long timelines.

            Examples:
              mixdown plot project.json -o timeline.svg
              mixdown plot --video a.mp4 --video b.mp4 --music bed.mp3 --fade-in 2 \\
                  --voiceover vo.wav@3 --duck -12 -o timeline.svg
              mixdown plot --music bed.mp3 --voiceover vo.wav@12.5 --width 2400 -o wide.svg
              mixdown plot --music bed.mp3 --voiceover vo.wav@3 -o - > timeline.svg
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Width of the picture in pixels (600 to 20000).", valueName: "pixels"))
    var width = 1400

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The SVG file to write, or - for stdout.", valueName: "out.svg"))
    var output: String

    @Flag(help: "No warnings or summary on stderr.")
    var quiet = false

    func validate() throws {
        guard (600...20_000).contains(width) else {
            throw ValidationError("--width \(width): must be between 600 and 20000 pixels")
        }
    }

    func run() throws {
        let project = try timeline.project(console: Console(quiet: quiet))
        let inputs = project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 }
        if output != "-" { try checkOutput(output, inputs: inputs, extensions: ["svg"], format: "an SVG picture") }
        let plan = try project.measuredPlan(for: .layout, threads: AudioRenderer.defaultThreadCount).plan
        let console = Console(quiet: quiet)
        plan.warnings.forEach { console.warn($0) }
        let plot = try TimelinePlot(plan: plan, width: width)
        let svg = Data(plot.svg.utf8)
        try writeOutput(svg, to: output, inputs: inputs)
        guard output != "-" else { return }
        console.summary("wrote \(output): \(plot.width)×\(plot.height) px, \(String(format: "%.3f", plan.duration.seconds)) s")
    }
}
