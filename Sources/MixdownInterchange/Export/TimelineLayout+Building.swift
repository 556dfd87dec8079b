import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownProject
import MixdownTime
import MixdownUnits

extension TimelineLayout {
    /// The layout of `plan`, the plan of `project` (for a preview or a layout:
    /// probing only; after its measured passes when it ducks by loudness).
    ///
    /// V1 holds the clips where the picture plays them; A1 the clips' own audio
    /// beside them, on the sample grid (each clip's audio starts at its
    /// picture's start rounded to a sample, as the plan places it); then the
    /// takes (one track, more where takes overlap) and the beds (each repeat of a
    /// looping bed one clip).
    init(project: Project, plan: MixPlan) throws(TimelineExportError) {
        sampleRate = plan.sampleRate
        duration = plan.duration
        var picture = Self.pictureTrack(plan.video)
        frameRate = Self.frameRate(project: project, video: plan.video)
        pictureSize = switch plan.video {
        case .none: nil
        case let .stitched(stitch): stitch.segments.first.flatMap { stitch.clipInfos[$0.path]?.displayedSize }
        case let .composed(composed): (composed.timeline.videoComposition.renderSize.width, composed.timeline.videoComposition.renderSize.height)
        }
        tracks = []
        let clipAudio = try Self.clipAudioTrack(plan: plan, picture: picture)
        // A clip's picture carries its audio's gain too, for tools that read only V1.
        for (k, video) in picture.items.enumerated() {
            guard let audio = clipAudio?.items.first(where: { $0.index == video.index }) else { continue }
            picture.items[k].envelope = audio.envelope
            picture.items[k].gainBoundaries = audio.gainBoundaries
        }
        if !picture.items.isEmpty { tracks.append(picture) }
        if let clipAudio { tracks.append(clipAudio) }
        for part in [MixPart.voiceovers, .music] {
            tracks += try Self.itemTracks(of: part, plan: plan, loops: part == .music ? project.music.map(\.loop) : [])
        }
    }

    /// The clips as the picture plays them, with its transitions.
    private static func pictureTrack(_ video: VideoPlan) -> Track {
        var track = Track(kind: .video, name: "V1")
        switch video {
        case .none:
            break
        case let .stitched(stitch):
            track.items = stitch.segments.map { segment in
                Item(part: .clips, index: segment.clipIndex, path: segment.path, source: segment.sourceRange,
                     timeline: segment.timelineRange, mediaDuration: stitch.clipInfos[segment.path]?.duration)
            }
        case let .composed(composed):
            // Indexed as in the project (gaps counted), as the plan's item names and the transitions are.
            let clips: [Item] = composed.timeline.placements.compactMap { place in
                guard composed.clips.indices.contains(place.index) else { return nil }
                return Item(part: .clips, index: place.entryIndex, path: composed.clips[place.index].path, source: place.sourceRange,
                            timeline: place.timeRange, mediaDuration: composed.clips[place.index].duration)
            }
            let gaps = composed.timeline.gaps.map { gap in
                Item(part: .clips, index: gap.index, path: "", source: MediaTimeRange(emptyAt: .zero), timeline: gap.timeRange, mediaDuration: nil)
            }
            track.items = (clips + gaps).sorted { $0.timeline.start < $1.timeline.start }
            for transition in composed.timeline.transitions {
                guard let k = track.items.firstIndex(where: { $0.index == transition.index }), k > 0 else { continue }
                track.transitions[k] = Transition(kind: transition.kind, overlap: transition.timeRange)
            }
        }
        return track
    }

    /// The project's frame rate, else the first clip's, else 25.
    private static func frameRate(project: Project, video: VideoPlan) -> OTIORate {
        if let rate = project.video.frameRate { return OTIORate(numerator: Int64(rate.numerator), denominator: Int64(rate.denominator)) }
        let first: VideoClipInfo? = switch video {
        case .none: nil
        case let .stitched(stitch): stitch.segments.first.flatMap { stitch.clipInfos[$0.path] }
        case let .composed(composed): composed.clips.first
        }
        if let duration = first?.typicalFrameDuration, duration.value > 0 {
            return OTIORate(numerator: Int64(duration.timescale), denominator: duration.value)
        }
        return OTIORate(numerator: 25, denominator: 1)
    }

    /// The clips' own audio beside their pictures (A1), on the sample grid: each
    /// clip from its picture's start to its end, each rounded to a sample as the
    /// plan places the audio; neighbours that overlap (across a transition)
    /// joined by a transition. Clips without audio leave a gap.
    private static func clipAudioTrack(plan: MixPlan, picture: Track) throws(TimelineExportError) -> Track? {
        let audioTracks = plan.audioTracks(of: .clips)
        var track = Track(kind: .audio, name: "A1", part: .clips)
        var known: [Int: [Double]] = [:]
        func boundaries(_ mixTrack: MixTrack) -> [Double] {
            if let found = known[mixTrack.id] { return found }
            let found = gainBoundaries(of: mixTrack.envelope)
            known[mixTrack.id] = found
            return found
        }
        for video in picture.items where !video.isGap {
            let name = MixPart.clips.itemName(video.index)
            guard let mixTrack = audioTracks.first(where: { $0.items.contains { $0.name == name } }),
                  let item = mixTrack.items.first(where: { $0.name == name }),
                  let segment = mixTrack.segments.first(where: { $0.asset.path == item.path && item.timeRange.contains($0.timelineRange.start) })
            else { continue }
            do {
                let start = MediaTime(sampleIndex: try video.timeline.start.sampleIndex(sampleRate: plan.sampleRate), sampleRate: plan.sampleRate)
                let end = MediaTime(sampleIndex: try video.timeline.end.sampleIndex(sampleRate: plan.sampleRate), sampleRate: plan.sampleRate)
                let timeline = try MediaTimeRange(start: start, end: end)
                let source = try MediaTimeRange(start: video.source.start, duration: timeline.duration)
                if let previous = track.items.last, previous.timeline.end > start {
                    // Sound crossfades whatever the picture does: a dissolve, never a push.
                    track.transitions[track.items.count] = Transition(kind: nil, overlap: try MediaTimeRange(start: start, end: previous.timeline.end))
                }
                track.items.append(Item(part: .clips, index: video.index, path: item.path, source: source, timeline: timeline,
                                        mediaDuration: segment.asset.duration, envelope: mixTrack.envelope,
                                        gainBoundaries: boundaries(mixTrack)))
            } catch { throw .time(error) }
        }
        return track.items.isEmpty ? nil : track
    }

    /// The takes or the beds: each piece the plan plays one clip (a looping bed's
    /// repeats numbered), on as many tracks as overlapping items need.
    private static func itemTracks(of part: MixPart, plan: MixPlan, loops: [Bool]) throws(TimelineExportError) -> [Track] {
        var pieces: [Item] = []
        for mixTrack in plan.audioTracks(of: part) {
            let boundaries = gainBoundaries(of: mixTrack.envelope)
            for item in mixTrack.items {
                guard let index = itemIndex(item.name) else { continue }
                let segments = mixTrack.segments.filter {
                    $0.asset.path == item.path && $0.timelineRange.start >= item.timeRange.start && $0.timelineRange.end <= item.timeRange.end
                }
                let loops = index < loops.count && loops[index]
                for (k, segment) in segments.enumerated() {
                    pieces.append(Item(part: part, index: index, repetition: loops ? k : nil, path: item.path, source: segment.sourceRange,
                                       timeline: segment.timelineRange, mediaDuration: segment.asset.duration, envelope: mixTrack.envelope,
                                       gainBoundaries: boundaries))
                }
            }
        }
        pieces.sort { $0.timeline.start < $1.timeline.start }
        var tracks: [Track] = []
        for piece in pieces {
            if let t = tracks.firstIndex(where: { ($0.items.last?.timeline.end ?? .zero) <= piece.timeline.start }) {
                tracks[t].items.append(piece)
            } else {
                var track = Track(kind: .audio, name: "", part: part)
                track.items = [piece]
                tracks.append(track)
            }
        }
        let label = part == .voiceovers ? "Voice-over" : "Music"
        for t in tracks.indices { tracks[t].name = tracks.count == 1 ? label : "\(label) \(t + 1)" }
        return tracks
    }

    /// Every start and end of `envelope`'s layers' segments, in seconds, ascending.
    private static func gainBoundaries(of envelope: GainEnvelope) -> [Double] {
        envelope.layers.flatMap { layer in layer.segments.flatMap { [$0.start.seconds] + ($0.end.map { [$0.seconds] } ?? []) } }.sorted()
    }

    /// The index in `clips[2]`.
    private static func itemIndex(_ name: String) -> Int? {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]") else { return nil }
        return Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
    }
}
