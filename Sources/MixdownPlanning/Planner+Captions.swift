import MixdownCaptions
import MixdownComposition
import MixdownMediaIO
import MixdownProject
import MixdownTime
internal import MixdownUnits

// The project's caption files: soft tracks for the plan, and the one burned
// file's cues as text overlays after the project's overlays.

extension Planner {
    /// The caption stage's result: the files read, once, before the picture.
    struct PlannedCaptions {
        /// The files written as soft subtitle tracks, in project order, in timeline time.
        var tracks: [CaptionTrack] = []
        /// The file drawn into the picture, with its `captions[i]` field and style.
        var burned: Burned?

        /// A caption file to draw into the picture.
        struct Burned {
            var track: CaptionTrack
            var field: String
            var style: TextStyle
        }
        var warnings: [String] = []
    }

    /// Whether the project burns captions into the picture, which then must be composed.
    var burnsCaptions: Bool { project.captions.contains(where: \.burn) }

    /// Reads every `captions` entry: its cues, a soft track for one with
    /// `track`, the cues to draw for the one with `burn`.
    ///
    /// - Throws: ``PlanningError/captions(_:)`` for a file that cannot be read or
    ///   is malformed; ``PlanningError/invalidValue(field:reason:)`` naming
    ///   `captions[i].burn` when a second file is burned.
    func readCaptions() throws(PlanningError) -> PlannedCaptions {
        var planned = PlannedCaptions()
        for (index, entry) in project.captions.enumerated() {
            let field = "captions[\(index)]"
            if entry.burn, let burned = planned.burned {
                throw .invalidValue(field: "\(field).burn", reason: "only one captions file can be burned into the picture, and \(burned.field) already is")
            }
            let file: CaptionFile
            do { file = try CaptionFile(path: entry.path, language: entry.language) } catch { throw .captions(error) }
            planned.warnings += file.warnings.map(\.description)
            if entry.track { planned.tracks.append(file.track) }
            if entry.burn {
                planned.burned = PlannedCaptions.Burned(track: file.track, field: field, style: entry.style)
                if let warning = OverlayRasteriser.fontWarning(for: entry.style) { planned.warnings.append("\(field).style: \(warning)") }
            }
            if !entry.track, !entry.burn {
                planned.warnings.append("\(field): neither burned nor written as a track, so it is not shown")
            }
        }
        return planned
    }

    /// The text overlays drawing `track`'s cues over a `renderSize` picture
    /// lasting `duration`, in `style` (two lines at most by default) wrapped to
    /// its `maximumWidth`, or to 80% of the render's width; cues past the picture's end are cut to it or dropped
    /// (with a warning).
    func captionOverlays(_ track: CaptionTrack, style: TextStyle, renderSize: PixelSize,
                         until duration: MediaTime) throws(PlanningError) -> (overlays: [Overlay], warnings: [String]) {
        var style = style.resolved(forRenderHeight: renderSize.height)
        // Captions always wrap: at 80% of the render's width unless the style sets its own.
        if style.maximumWidth == nil { style.maximumWidth = renderSize.width * 4 / 5 }
        var overlays: [Overlay] = []
        let picture: MediaTimeRange
        do { picture = try MediaTimeRange(start: .zero, end: duration) } catch { throw .time(error) }
        for cue in track.cues {
            guard let shown = cue.timeRange.intersection(picture), !shown.isEmpty, !cue.lines.isEmpty else { continue }
            var cueStyle = style
            if let align = cue.settings.align { cueStyle.alignment = align.textAlignment }
            let position = CaptionPlacement(settings: cue.settings, style: cueStyle,
                                            renderWidth: renderSize.width, renderHeight: renderSize.height).position
            overlays.append(Overlay(content: .text(cue.runs, cueStyle), timeRange: shown, position: position))
        }
        let dropped = track.cues.count - overlays.count
        guard dropped > 0 else { return (overlays, []) }
        return (overlays, ["\(MessageText.shown(track.path)): \(dropped) burned cue\(dropped == 1 ? "" : "s") at or after the picture's end "
                           + "(\(duration.readable)) or without text \(dropped == 1 ? "is" : "are") not drawn"])
    }

    /// The soft tracks over a timeline of `duration`: cues past its end cut to
    /// it or dropped, with a warning saying how many were dropped.
    func softCaptionTracks(_ tracks: [CaptionTrack], until duration: MediaTime) throws(PlanningError) -> (tracks: [CaptionTrack], warnings: [String]) {
        var cut: [CaptionTrack] = []
        var warnings: [String] = []
        do {
            let timeline = try MediaTimeRange(start: .zero, end: duration)
            for track in tracks {
                let inside = try track.excerpt(timeline)
                let dropped = track.cues.count - inside.cues.count
                if dropped > 0 {
                    warnings.append("\(MessageText.shown(track.path)): \(dropped) cue\(dropped == 1 ? "" : "s") at or after the timeline's end "
                        + "(\(duration.readable)) \(dropped == 1 ? "is" : "are") not written")
                }
                cut.append(inside)
            }
        } catch { throw .time(error) }
        return (cut, warnings)
    }
}

extension CaptionCueSettings.Alignment {
    /// How the cue's lines line up: start and end taken as left and right
    /// (the text's direction is only known when it is laid out).
    var textAlignment: TextStyle.Alignment {
        switch self {
        case .start, .left: .left
        case .center: .center
        case .end, .right: .right
        }
    }
}
