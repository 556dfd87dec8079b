import Foundation
import MixdownComposition
import MixdownPlan
import MixdownUnits

/// The composed picture as `inspect` shows it: render size and rate, each
/// instruction (a clip alone or a transition), the transitions with their
/// clamps, and how the export makes each stretch.
struct VideoCompositionReport: Encodable {
    struct Instruction: Encodable {
        var start: Double
        var end: Double
        /// `clip 2`, `gap 1 (2.5s)`, or the transition's kind (`dissolve`).
        var shows: String
    }

    /// A stretch of the exported video: copied from a clip or re-encoded, and why.
    struct Span: Encodable {
        var start: Double
        var end: Double
        var encoding: String
        var detail: String

        init(_ span: SmartRenderPlan.Span) {
            start = span.timeRange.start.seconds
            end = span.timeRange.end.seconds
            switch span {
            case let .copy(segment):
                encoding = "copy"
                detail = "\((segment.path as NSString).lastPathComponent) \(String(format: "%.3f – %.3f s", segment.sourceRange.start.seconds, segment.sourceRange.end.seconds))"
            case let .encode(_, reason):
                encoding = "re-encode"
                detail = reason
            }
        }
    }

    /// An overlay over the picture: what it draws, when and where.
    struct OverlayLine: Encodable {
        var start: Double
        var end: Double
        /// `image`, `text` or `box`.
        var kind: String
        /// The image's file, the text, or the box's colour.
        var shows: String
        /// The anchor (`top-right`) or the point (`x,y`, and which of the overlay's points when not its top-left).
        var position: String

        init(_ overlay: Overlay) {
            start = overlay.timeRange.start.seconds
            end = overlay.timeRange.end.seconds
            kind = overlay.content.kind
            shows = overlay.content.summary
            switch overlay.position {
            case let .anchored(anchor, _): position = anchor.rawValue
            case let .point(x, y, anchor): position = "\(x),\(y)" + (anchor == .topLeft ? "" : " (its \(anchor.rawValue))")
            }
        }
    }

    struct Transition: Encodable {
        var kind: String
        var intoClip: Int
        var start: Double
        var end: Double
        var requested: Double
        var clamped: Bool
        var text: String
    }

    var renderSize: String
    var frameRate: Double
    var background: String
    var instructions: [Instruction]
    var transitions: [Transition]
    /// What is drawn over the picture, in drawing order.
    var overlays: [OverlayLine]
    /// How the export makes each stretch (empty when only the audio is planned).
    var spans: [Span]
    /// Why clips are re-encoded whole.
    var notes: [String]

    init(timeline: VideoTimeline, smartRender: SmartRenderPlan?) {
        let composition = timeline.videoComposition
        renderSize = composition.renderSize.description
        frameRate = 1 / composition.frameDuration.seconds
        background = composition.backgroundColour.description
        instructions = composition.instructions.map { instruction in
            let range = instruction.timeRange
            let transition = timeline.transitions.first { $0.timeRange == range }
            let clip = timeline.placements.first { $0.trackID == instruction.layerInstructions.first?.trackID && $0.timeRange.contains(range.start) }
            // No layer: a gap's background.
            let gap = instruction.layerInstructions.isEmpty ? timeline.gaps.first { $0.timeRange.contains(range.start) } : nil
            let shows = transition.map { $0.kind.rawValue } ?? gap.map { "gap \($0.index) (\($0.timeRange.duration.readable))" }
                ?? "clip \(clip?.entryIndex ?? 0)"
            return Instruction(start: range.start.seconds, end: range.end.seconds, shows: shows)
        }
        overlays = composition.overlays.map(OverlayLine.init)
        spans = smartRender?.spans.map(Span.init) ?? []
        notes = smartRender?.notes ?? []
        transitions = timeline.transitions.map {
            Transition(kind: $0.kind.rawValue, intoClip: $0.index, start: $0.timeRange.start.seconds, end: $0.timeRange.end.seconds,
                       requested: $0.requested.seconds, clamped: $0.isClamped, text: $0.description)
        }
    }

    var lines: [String] {
        var lines = [String(format: "picture %@ at %.3f fps on %@", renderSize, frameRate, background)]
        lines += instructions.map { String(format: "  %9.3f – %9.3f s  %@", $0.start, $0.end, $0.shows) }
        lines += transitions.map { "  transition: \($0.text)" }
        lines += overlays.map {
            String(format: "  %9.3f – %9.3f s  overlay %@ %@ at %@", $0.start, $0.end, $0.kind, MessageText.shown($0.shows), $0.position)
        }
        if !spans.isEmpty {
            lines.append("export video")
            lines += spans.map { String(format: "  %9.3f – %9.3f s  %@: %@", $0.start, $0.end, $0.encoding, $0.detail) }
            lines += notes.map { "  \($0)" }
        }
        return lines
    }
}
