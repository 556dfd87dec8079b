import ArgumentParser
import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

/// Transitions, the render size and picture fades: what composes the clips'
/// pictures (and so moves them on the timeline, for a preview as for an export).
struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Transition between every two clips: TYPE or TYPE:SECONDS, TYPE one of \(Transition.Kind.allCases.map(\.rawValue).joined(separator: ", ")). (default: cuts)", valueName: "type[:s]"),
            transform: quantity(Transition.init(parsing:)))
    var transition: Transition?

    @Option(help: ArgumentHelp("Size of the exported picture, e.g. 1280x720; other clips are scaled to fit. (default: the first clip's)", valueName: "WxH"),
            transform: quantity(PixelSize.init(parsing:)))
    var renderSize: PixelSize?

    @Option(help: ArgumentHelp("Colour around fitted clips and under picture fades: #RRGGBB or a name. (default: \(Project.standard.video.background))", valueName: "colour"),
            transform: quantity(Colour.init(parsing:)))
    var background: Colour?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fade the picture (and the clips' audio) in from the background over this time. (default: \(Project.standard.video.fadeIn))", valueName: "time"), transform: parseTime)
    var videoFadeIn: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Fade the picture (and the clips' audio) out to the background over this time. (default: \(Project.standard.video.fadeOut))", valueName: "time"), transform: parseTime)
    var videoFadeOut: MediaTime?

    @Option(help: ArgumentHelp("x264 (or x265, for HEVC) speed preset of re-encoded video (transitions, fades, conformed clips, --full-render): \(VideoPreset.allCases.map(\.rawValue).joined(separator: ", ")); faster is larger at the same CRF. (default: \(VideoPreset.standard))", valueName: "name"),
            transform: quantity(VideoPreset.init(parsing:)))
    var videoPreset: VideoPreset?

    @Option(help: ArgumentHelp("Dynamic range of the output picture: auto (HDR, in its transfer, when the first clip is HDR), sdr, hlg or pq. HDR output is 10-bit HEVC (Main 10, BT.2020); clips of another range are converted. (default: auto)", valueName: "range"),
            transform: quantity(DynamicRange.choice(parsing:)))
    var dynamicRange: DynamicRange??

    /// Writes what was given onto `project`; `--transition` replaces every clip's own.
    func apply(to project: inout Project) {
        if let transition {
            project.video.transition = transition
            project.clips.indices.forEach { project.clips[$0].transition = .videoDefault }
        }
        if let renderSize { project.video.renderSize = renderSize }
        if let background { project.video.background = background }
        if let videoFadeIn { project.video.fadeIn = videoFadeIn }
        if let videoFadeOut { project.video.fadeOut = videoFadeOut }
        if let videoPreset { project.video.preset = videoPreset }
        if let dynamicRange { project.video.dynamicRange = dynamicRange }
    }
}
