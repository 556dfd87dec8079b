import ArgumentParser
import Foundation
import MixdownAudioMix
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime

/// `mixdown automation`: the gain envelope of every track, exactly as the renderer applies it.
struct AutomationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "automation",
        abstract: "Print each track's gain envelope: volume × fades × automation × duck.",
        discussion: """
            The envelope printed is the one the renderer evaluates at every sample, built by
            the same code. Each line is a span between breakpoints: start, end, gain at both
            ends, and the curve (the product of the layers that change in it).

            Examples:
              mixdown automation --music bed.mp3 --voiceover vo.wav@12.5 --fade-in 2 --duck -12
              mixdown automation --music bed.mp3 --voiceover vo.wav@3 --duck-mode signal --json
            """)

    @OptionGroup var timeline: TimelineOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let project = try timeline.project()
        let plan = try project.measuredPlan(for: .preview, threads: AudioRenderer.defaultThreadCount).plan
        // The gaps among the clips are listed once, with the first clip-audio track.
        var gaps: [MediaTimeRange] = []
        if case let .composed(video) = plan.video { gaps = video.timeline.gaps.map(\.timeRange) }
        let firstClipTrack = plan.audioTracks.first { $0.part == .clips }?.id
        let tracks = plan.audioTracks.map { TrackAutomation(track: $0, until: plan.duration, gaps: $0.id == firstClipTrack ? gaps : []) }
        if json {
            try printJSON(tracks)
        } else {
            try printOutput(tracks.map(\.text).joined(separator: "\n\n"))
        }
    }
}
