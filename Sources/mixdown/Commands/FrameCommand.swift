import ArgumentParser
import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime

/// `mixdown frame`: one composed frame as a PNG, as `AVAssetImageGenerator` draws it.
struct FrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame",
        abstract: "Draw the picture at a timeline time as a PNG, with the export's compositor.",
        discussion: """
            The clips' frames at that time are decoded, turned upright, conformed to the \
            render size and drawn with the transitions, fades and ramps in force, exactly \
            as the export draws that frame, so a transition can be checked without \
            exporting. The frame shown at a time is the one whose frame period holds it.

            Examples:
              mixdown frame project.json --at 12.5 -o frame.png
              mixdown frame --video a.mp4 --video b.mp4 --transition dissolve:1 --at 5.5 -o mid.png
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The timeline time of the frame, e.g. 12.5 or 1:02.25.", valueName: "time"), transform: parseTime)
    var at: MediaTime

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The PNG file to write.", valueName: "frame.png"))
    var output: String

    @Flag(help: "No warnings or summary on stderr.")
    var quiet = false

    func run() throws {
        var project = try timeline.project(console: Console(quiet: quiet))
        guard !project.clips.isEmpty else {
            throw ValidationError("nothing to draw: the timeline has no video clip (give --video or a project with clips)")
        }
        let inputs = project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 }
        try checkOutput(output, inputs: inputs, extensions: ["png"], format: "a PNG picture")
        // Composed even when the export would only copy: the same drawing either way.
        project.video.fullRender = true
        let plan = try project.plan(for: .export)
        let console = Console(quiet: quiet)
        // The smart render's notes are about an export's full render, which `frame` forces to draw.
        plan.warnings.filter { !$0.hasPrefix("smart render:") }.forEach { console.warn($0) }
        guard at >= .zero, at < plan.duration else {
            throw ValidationError("--at \(at.readable): outside the timeline, which lasts \(plan.duration.readable)")
        }
        guard case let .composed(video) = plan.video else {
            throw MediaIOError.unsupported(path: "video", reason: "the plan has no composed picture")
        }
        let frames = ComposedVideoFrames(video: video)
        let render = frames.timeline.videoComposition.renderSize
        let canvas = Picture(width: render.width, height: render.height, bitDepth: frames.bitDepth)
        try frames.draw(at: at, into: canvas)
        let composition = frames.timeline.videoComposition
        try canvas.writePNG(to: output, matrix: composition.colourMatrix, dynamicRange: composition.dynamicRange, inputs: inputs)
        console.summary("wrote \(output): \(render), the frame at \(at.readable)")
    }
}
