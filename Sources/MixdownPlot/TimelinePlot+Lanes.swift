import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownTime

extension TimelinePlot {
    /// The lanes of `plan`, top to bottom, with every audio item's waveform measured.
    static func lanes(for plan: MixPlan, width: Int) throws(MediaIOError) -> [PlotLane] {
        var lanes: [PlotLane] = []
        switch plan.video {
        case .none: break
        case let .stitched(stitch):
            let items = stitch.segments.map { PlotItem(path: $0.path, timeRange: $0.timelineRange, sourceRange: $0.sourceRange) }
            lanes.append(PlotLane(role: .video, items: items, duckRegions: [], gainTop: 1))
        case let .composed(composed):
            // A composed picture: the clips overlap by their transitions.
            let timeline = composed.timeline
            var items = timeline.placements.map { place in
                PlotItem(path: composed.clip(of: place).path, timeRange: place.timeRange, sourceRange: place.sourceRange)
            }
            // A gap is the background, named by its length.
            for gap in timeline.gaps {
                var item = PlotItem(path: "", timeRange: gap.timeRange, sourceRange: MediaTimeRange(emptyAt: .zero))
                item.label = "gap \(gap.timeRange.duration.readable)"
                items.append(item)
            }
            items.sort { $0.start < $1.start }
            lanes.append(PlotLane(role: .video, items: items, duckRegions: [],
                                  transitions: timeline.transitions.map { ($0.kind.rawValue, $0.timeRange.start.seconds, $0.timeRange.end.seconds) },
                                  gainTop: 1))
        }
        if let overlays = overlayLane(for: plan) { lanes.append(overlays) }
        for part in MixPart.timelineOrder {
            let tracks = plan.audioTracks(of: part)
            guard !tracks.isEmpty else { continue }
            var items: [PlotItem] = []
            for track in tracks {
                for segment in track.segments {
                    var item = try audioItem(segment, track: track.id, envelope: track.envelope, plan: plan, width: width)
                    item.leveller = track.leveller
                    items.append(item)
                }
            }
            items.sort { $0.start < $1.start }
            let speech = tracks.flatMap(\.items).flatMap { item in
                (item.speech ?? []).map { (item: item.name, start: $0.start.seconds, end: $0.end.seconds) }
            }
            lanes.append(PlotLane(role: .audio(part), items: items,
                                  duckRegions: GainEnvelope.duckedStretches(in: tracks.map(\.envelope), until: plan.duration.seconds),
                                  speech: speech, gainTop: max(1, items.map(highestGain(of:)).max() ?? 1)))
        }
        return lanes
    }

    /// An audio segment with its envelope and the waveform of the part inside the timeline.
    private static func audioItem(_ segment: CompositionTrackSegment, track: Int, envelope: GainEnvelope?,
                                  plan: MixPlan, width: Int) throws(MediaIOError) -> PlotItem {
        let original = plan.original(of: segment)
        var item = PlotItem(path: original.path, timeRange: segment.timelineRange, sourceRange: original.sourceRange,
                            track: track, envelope: envelope)
        // What plays past the timeline's end is cut by the renderer and is off the picture.
        let visible = visibleSource(of: segment, until: plan.duration)
        let visibleEnd = min(item.end, plan.duration.seconds)
        let pixels = PlotLayout.pixels(from: item.start, to: visibleEnd, duration: plan.duration.seconds, width: Double(width))
        if let visible, !visible.isEmpty, pixels > 0 {
            let columns = min(max(1, Int(pixels.rounded(.up))), 20_000)
            item.waveform = try WaveformSummary(path: segment.asset.path, sourceRange: visible, columns: columns)
        }
        return item
    }

    /// The source range of `segment` that plays before `end`, or `nil` if none does.
    private static func visibleSource(of segment: CompositionTrackSegment, until end: MediaTime) -> MediaTimeRange? {
        guard segment.timelineRange.start < end else { return nil }
        guard segment.timelineRange.end > end else { return segment.sourceRange }
        guard let length = try? end - segment.timelineRange.start else { return segment.sourceRange }
        return try? MediaTimeRange(start: segment.sourceRange.start, duration: length)
    }

    /// The highest gain `item`'s envelope reaches inside it.
    private static func highestGain(of item: PlotItem) -> Double {
        guard let envelope = item.envelope else { return 1 }
        var highest = envelope.gain(at: item.start)
        for span in envelope.spans {
            let spanEnd = span.end?.seconds ?? .infinity
            guard spanEnd > item.start, span.start.seconds < item.end else { continue }
            // Every ramp shape is monotonic, so a span's extremes are at its ends.
            highest = max(highest, span.startGain, span.endGain)
        }
        return highest
    }
}
