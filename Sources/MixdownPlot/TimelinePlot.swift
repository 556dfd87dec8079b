import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownUnits

/// A picture of a mix plan as an SVG 1.1 document, for checking a timeline
/// before it is rendered.
///
/// One lane per kind of item, top to bottom: the video clips (boxes with file
/// names and the cuts between them), what is drawn over the picture (overlays,
/// titles, burned captions; soft captions' cues as bars), the clips' own audio, the voice-over takes
/// and the music beds. Each audio item shows its waveform multiplied by the
/// gain the renderer will apply to it, so fades and ducking show in the sound,
/// and that gain as a line over the item (0 at the bottom of the lane, 1 at the
/// top). Stretches where the music is ducked under voice-over are shaded. A
/// time axis in seconds runs along the top, and the plan's warnings are
/// printed at the bottom.
///
/// Lanes are `<g class="lane" id="lane-ROLE" data-role="ROLE">` with ROLE one of
/// `video`, `overlays`, `clip-audio`, `voiceover`, `music`; items are
/// `<g class="item" data-path="…" data-start="…" data-end="…">` with timeline
/// times in seconds; gain lines are `<polyline class="envelope">`, duck shading
/// `<rect class="duck" data-start="…" data-end="…">`, cuts
/// `<line class="cut" data-time="…">`, caption cues `<rect class="cue"
/// data-language="…" data-start="…" data-end="…">`.
public struct TimelinePlot: Sendable {
    /// Width of the picture in pixels.
    public let width: Int
    /// Height of the picture in pixels, from the number of lanes and warnings.
    public var height: Int { Int(layout.height.rounded(.up)) }

    let duration: Double
    let sampleRate: SampleRate
    let lanes: [PlotLane]
    /// The plan's warnings, wrapped to the picture's width.
    let warningLines: [WarningLine]
    let layout: PlotLayout

    /// Lays out `plan` at `width` pixels and measures the waveform of every audio
    /// item, decoding only the part of each file that plays.
    ///
    /// `width` is held between 600 and 20 000 pixels.
    ///
    /// - Throws: what ``WaveformSummary`` throws for a file that cannot be decoded.
    public init(plan: MixPlan, width: Int = 1400) throws(MediaIOError) {
        let width = min(max(width, 600), 20_000)
        self.width = width
        duration = max(plan.duration.seconds, 0)
        sampleRate = plan.sampleRate
        let warningLines = Self.wrap(warnings: plan.warnings, width: Double(width))
        self.warningLines = warningLines
        let lanes = try Self.lanes(for: plan, width: width)
        self.lanes = lanes
        layout = PlotLayout(width: Double(width), duration: duration, laneHeights: lanes.map(\.height),
                            legendRows: Self.legendRows(width: Double(width), levelled: lanes.contains(where: \.isLevelled)).count,
                            warningLines: warningLines.count)
    }

    /// Whether a lane shows the dialogue leveler's gain (and the legend says what it is).
    var isLevelled: Bool { lanes.contains(where: \.isLevelled) }

    /// The picture as an SVG 1.1 document (UTF-8 text).
    public var svg: String {
        var document = SVGDocument()
        draw(into: &document)
        return document.text
    }
}
