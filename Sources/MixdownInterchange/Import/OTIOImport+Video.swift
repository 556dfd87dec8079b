import MixdownComposition
import MixdownProject
import MixdownTime

/// The video track: clips and gaps end to end, transitions across their cuts.
extension OTIOImport {
    /// A stretch of the flattened video track as it becomes a Mixdown clip or gap.
    struct VideoEntry {
        /// The piece it comes from; nil for a hole between pieces.
        var piece: PlacedPiece?
        /// The media file; nil when it plays as a gap (a gap, a hole, missing media, a generator).
        var path: String?
        /// Where it plays (its trimmed range).
        var timeline: MediaTimeRange
        /// The media's first time as the timeline counts it (`available_range.start`):
        /// a source time minus this is a time in the file.
        var mediaStart = MediaTime.zero
        /// What a transition takes from before its start and after its end.
        var extendBefore = MediaTime.zero
        var extendAfter = MediaTime.zero
        /// The transition into it.
        var transition: Transition?

        var isGap: Bool { path == nil }
    }

    /// The flattened track's pieces end to end from 0, holes and a tail up to
    /// `length` filled with gaps, missing media refused or (with
    /// `allowMissing`) played as gaps.
    mutating func videoEntries(_ track: PlacedTrack, until length: MediaTime) throws(InterchangeError) -> [VideoEntry] {
        var entries: [VideoEntry] = []
        var cursor = MediaTime.zero
        for piece in track.pieces.sorted(by: { $0.timeline.start < $1.timeline.start }) {
            if piece.timeline.start > cursor { entries.append(hole(try range(cursor, piece.timeline.start))) }
            var entry = VideoEntry(piece: piece, timeline: piece.timeline)
            var role = "gap"
            if case let .clip(clip, _) = piece.content {
                entry.path = try media(of: clip, at: piece.timeline.start, playsAs: "the background")
                entry.mediaStart = clip.media.availableRange?.start ?? .zero
                role = entry.path == nil ? "silent" : "clip"
            }
            placements.append(ImportedTimeline.Placement(track: "V1", name: Self.name(of: piece), role: role, path: entry.path,
                                                         timeline: piece.timeline, jsonPath: Self.jsonPath(of: piece)))
            entries.append(entry)
            cursor = piece.timeline.end
        }
        guard entries.contains(where: { !$0.isGap }) else { return [] }
        if cursor < length { entries.append(hole(try range(cursor, length))) }
        return entries
    }

    /// Where no video track has anything: a gap, listed as one.
    private mutating func hole(_ range: MediaTimeRange) -> VideoEntry {
        placements.append(ImportedTimeline.Placement(track: "V1", name: "", role: "gap", path: nil, timeline: range, jsonPath: ""))
        return VideoEntry(timeline: range)
    }

    /// Each transition across the cut between two entries: the entry before
    /// extended by `out_offset`, the one after by `in_offset`, and the Mixdown
    /// transition (their sum) into the latter. Shortened, in whole frames, to
    /// half the shorter of the two as Mixdown plays them (its limit, which would
    /// otherwise move the clips after it); refused as a cut where one side has nothing.
    mutating func applyTransitions(_ transitions: [PlacedTransition], to entries: inout [VideoEntry], frameDuration: MediaTime?) throws(InterchangeError) {
        var placed: [(after: Int, kind: Transition.Kind, transition: OTIOTransition, cut: MediaTime)] = []
        for candidate in transitions {
            let transition = candidate.transition
            guard let after = entries.firstIndex(where: { $0.timeline.start == candidate.cut }), after > 0,
                  entries[after - 1].timeline.end == candidate.cut, !(entries[after].isGap && entries[after - 1].isGap) else {
                notes.append("\(transition.info.named("transition")) at \(candidate.cut.readable): no clip on one side of it, so a cut")
                continue
            }
            var inOffset = transition.inOffset
            do {
                if let source = Self.source(of: entries[after]) { inOffset = min(inOffset, try source.start - entries[after].mediaStart) }
            } catch { throw reader.fail(transition.info.path, "\(error)") }
            entries[after - 1].extendAfter = transition.outOffset
            entries[after].extendBefore = inOffset
            placed.append((after, transitionKind(transition), transition, candidate.cut))
        }
        // Shortening one transition shortens its entries, which may lower the limit of the next: again until none changes.
        var shortened = Set<Int>()
        var changed = true
        while changed {
            changed = false
            for transition in placed {
                let after = transition.after
                do {
                    func length(_ entry: VideoEntry) throws(MediaTimeError) -> MediaTime {
                        try entry.timeline.duration + entry.extendBefore + entry.extendAfter
                    }
                    var limit = min(try length(entries[after - 1]), try length(entries[after])).halved()
                    if let frameDuration { limit = try limit.flooredToFrame(of: frameDuration) }
                    let inOffset = entries[after].extendBefore, outOffset = entries[after - 1].extendAfter
                    guard try inOffset + outOffset > limit else { continue }
                    entries[after].extendBefore = min(inOffset, limit.halved())
                    entries[after - 1].extendAfter = min(outOffset, try limit - entries[after].extendBefore)
                    shortened.insert(after)
                    changed = true
                } catch { throw reader.fail(transition.transition.info.path, "\(error)") }
            }
        }
        for transition in placed {
            let after = transition.after
            do {
                let total = try entries[after].extendBefore + entries[after - 1].extendAfter
                if shortened.contains(after) {
                    let requested = try transition.transition.inOffset + transition.transition.outOffset
                    notes.append("\(transition.transition.info.named("transition")) at \(transition.cut.readable): \(requested.readable) long, "
                        + "shortened to \(total.readable), half the shorter clip beside it, the longest Mixdown plays without moving the clips after it")
                }
                guard total > .zero else { continue }
                entries[after].transition = try Transition(kind: transition.kind, duration: total)
            } catch { throw reader.fail(transition.transition.info.path, "\(error)") }
        }
    }

    /// The Mixdown transition nearest an OTIO `transition_type`: `SMPTE_Dissolve`
    /// a dissolve, Mixdown's own (written as `Custom_Transition` with the kind
    /// in `metadata.mixdown.kind`) as they were, others by their name or a dissolve, said.
    mutating func transitionKind(_ transition: OTIOTransition) -> Transition.Kind {
        if transition.type == "SMPTE_Dissolve" { return .dissolve }
        if case let .object(mixdown)? = transition.info.metadata["mixdown"], let kind = mixdown["kind"]?.string.flatMap(Transition.Kind.init) {
            return kind
        }
        let name = (transition.type + " " + transition.info.name).lowercased()
        let kind: Transition.Kind
        if name.contains("wipe") { kind = .wipeLeft }
        else if name.contains("push") || name.contains("slide") { kind = .pushLeft }
        else if name.contains("dip") || name.contains("black") || name.contains("fade") { kind = .fadeThrough }
        else { kind = .dissolve }
        notes.append("\(transition.info.named("transition")): type \"\(transition.type)\" played as Mixdown's \(kind.rawValue)")
        return kind
    }

    /// The entries as Mixdown clips, transitions and trims applied; an entry
    /// with Mixdown's own settings in `metadata.mixdown` takes them.
    func clips(from entries: [VideoEntry]) throws(InterchangeError) -> [Project.Clip] {
        var clips: [Project.Clip] = []
        for entry in entries {
            var clip: Project.Clip
            do {
                if let path = entry.path, let source = Self.source(of: entry) {
                    clip = try MixdownNamespace(reader: reader).clip(of: entry.piece) ?? Project.Clip(path: path)
                    clip.path = path
                    clip.inPoint = try source.start - entry.mediaStart - entry.extendBefore
                    clip.outPoint = try source.end - entry.mediaStart + entry.extendAfter
                } else {
                    clip = Project.Clip(gap: try entry.timeline.duration + entry.extendBefore + entry.extendAfter)
                }
            } catch let error as InterchangeError {
                throw error
            } catch {
                throw reader.fail(entry.piece.map(Self.jsonPath) ?? "", "a time out of range (\(error))")
            }
            clip.transition = entry.transition.map { .transition($0) } ?? .cut
            clips.append(clip)
        }
        return clips
    }

    static func source(of entry: VideoEntry) -> MediaTimeRange? {
        guard case let .clip(_, source)? = entry.piece?.content else { return nil }
        return source
    }

    static func name(of piece: PlacedPiece) -> String {
        switch piece.content {
        case let .clip(clip, _): return clip.info.name
        case let .gap(info): return info?.name ?? ""
        }
    }

    static func jsonPath(of piece: PlacedPiece) -> String {
        switch piece.content {
        case let .clip(clip, _): return clip.info.path
        case let .gap(info): return info?.path ?? ""
        }
    }

    func range(_ start: MediaTime, _ end: MediaTime) throws(InterchangeError) -> MediaTimeRange {
        do { return try MediaTimeRange(start: start, end: end) } catch { throw reader.fail("", "a time out of range (\(error))") }
    }
}
