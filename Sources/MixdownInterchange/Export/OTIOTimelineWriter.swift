import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownTime

/// Writes a `TimelineLayout` as OpenTimelineIO JSON (`Timeline.1`), as
/// opentimelineio 0.18 reads it, with the `mixdown` metadata a round trip needs
/// (docs/interchange.md).
struct OTIOTimelineWriter {
    let layout: TimelineLayout
    let project: ProjectDocument
    let name: String

    func timeline() throws(TimelineExportError) -> ExportJSON {
        var tracks: [ExportJSON] = []
        for track in layout.tracks { tracks.append(try self.track(track)) }
        return .object([
            ("OTIO_SCHEMA", .string("Timeline.1")),
            ("metadata", .object([("mixdown", .object([("version", .integer(1)), ("project", project.settings)]))])),
            ("name", .string(name)),
            ("global_start_time", .null),
            ("tracks", .object([
                ("OTIO_SCHEMA", .string("Stack.1")),
                ("metadata", .object([])),
                ("name", .string("tracks")),
                ("source_range", .null),
                ("effects", .array([])),
                ("markers", .array([])),
                ("enabled", .bool(true)),
                ("children", .array(tracks)),
            ])),
        ])
    }

    /// The rate a track's times are counted at: frames for the picture, samples for sound.
    private func rate(of track: TimelineLayout.Track) -> OTIORate {
        track.kind == .video ? layout.frameRate : OTIORate(numerator: Int64(layout.sampleRate.hertz), denominator: 1)
    }

    private func track(_ track: TimelineLayout.Track) throws(TimelineExportError) -> ExportJSON {
        let rate = rate(of: track)
        var children: [ExportJSON] = []
        var cursor = MediaTime.zero
        do {
            for (k, item) in track.items.enumerated() {
                var start = item.timeline.start
                var end = item.timeline.end
                if let transition = track.transitions[k] {
                    let cut = try transition.cut()
                    children.append(self.transition(transition, cut: cut, rate: rate))
                    start = cut
                } else if start > cursor {
                    children.append(gap(try start - cursor, rate: rate))
                } else if start < cursor {
                    // Only a transition lets neighbours overlap; anything else starts where the last one ends.
                    start = cursor
                }
                if let next = track.transitions[k + 1] { end = try next.cut() }
                if item.isGap {
                    children.append(gap(try end - start, rate: rate))
                } else {
                    let source = try MediaTimeRange(start: try item.source.start + (try start - item.timeline.start),
                                                    end: try item.source.start + (try end - item.timeline.start))
                    children.append(clip(item, source: source, rate: rate))
                }
                cursor = end
            }
        } catch { throw .time(error) }
        return .object([
            ("OTIO_SCHEMA", .string("Track.1")),
            ("metadata", .object([])),
            ("name", .string(track.name)),
            ("source_range", .null),
            ("effects", .array([])),
            ("markers", .array([])),
            ("enabled", .bool(true)),
            ("children", .array(children)),
            ("kind", .string(track.kind == .video ? "Video" : "Audio")),
        ])
    }

    private func clip(_ item: TimelineLayout.Item, source: MediaTimeRange, rate: OTIORate) -> ExportJSON {
        var mixdown: [(String, ExportJSON)] = [
            ("part", .string(item.part.rawValue)),
            ("index", .integer(item.index)),
        ]
        if let repetition = item.repetition { mixdown.append(("repeat", .integer(repetition))) }
        mixdown.append(("item", project.item(item.part, item.index)))
        if item.envelope != nil {
            let samples = OTIORate(numerator: Int64(layout.sampleRate.hertz), denominator: 1)
            let points = item.gainPoints(rate: samples, interpolation: .decibels)
            mixdown.append(("envelope", .array(points.map { point in
                .array([.double(samples.seconds(ofCount: point.tick)), point.gain > 0 ? .double(20 * Self.log10(point.gain)) : .null])
            })))
        }
        let available: ExportJSON = item.mediaDuration.map { rate.timeRange(start: .zero, duration: $0) } ?? .null
        return .object([
            ("OTIO_SCHEMA", .string("Clip.2")),
            ("metadata", .object([("mixdown", .object(mixdown))])),
            ("name", .string(MediaURL.fileName(item.path))),
            ("source_range", rate.timeRange(start: source.start, duration: source.duration)),
            ("effects", .array([])),
            ("markers", .array([])),
            ("enabled", .bool(true)),
            ("media_references", .object([("DEFAULT_MEDIA", .object([
                ("OTIO_SCHEMA", .string("ExternalReference.1")),
                ("metadata", .object([])),
                ("name", .string(MediaURL.fileName(item.path))),
                ("available_range", available),
                ("available_image_bounds", .null),
                ("target_url", .string(MediaURL.fileURL(item.path))),
            ]))])),
            ("active_media_reference_key", .string("DEFAULT_MEDIA")),
        ])
    }

    private func gap(_ duration: MediaTime, rate: OTIORate) -> ExportJSON {
        .object([
            ("OTIO_SCHEMA", .string("Gap.1")),
            ("metadata", .object([])),
            ("name", .string("")),
            ("source_range", rate.timeRange(start: .zero, duration: duration)),
            ("effects", .array([])),
            ("markers", .array([])),
            ("enabled", .bool(true)),
        ])
    }

    /// A transition with its cut in the middle of the overlap: `in_offset` the
    /// part before the cut, `out_offset` the part after.
    private func transition(_ transition: TimelineLayout.Transition, cut: MediaTime, rate: OTIORate) -> ExportJSON {
        let before = (try? cut - transition.overlap.start) ?? .zero
        let after = (try? transition.overlap.end - cut) ?? .zero
        var metadata: [(String, ExportJSON)] = []
        let type: String
        switch transition.kind {
        case .dissolve?, nil: type = "SMPTE_Dissolve"
        case let kind?:
            type = "Custom_Transition"
            metadata.append(("mixdown", .object([("kind", .string(kind.rawValue))])))
        }
        return .object([
            ("OTIO_SCHEMA", .string("Transition.1")),
            ("metadata", .object(metadata)),
            ("name", .string(transition.kind?.rawValue ?? "crossfade")),
            ("in_offset", rate.rationalTime(before)),
            ("out_offset", rate.rationalTime(after)),
            ("transition_type", .string(type)),
        ])
    }

    private static func log10(_ x: Double) -> Double { Foundation.log10(x) }
}
