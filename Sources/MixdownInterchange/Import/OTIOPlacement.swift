import MixdownTime

/// A piece of a track laid out on the timeline: a clip's part, or nothing (a gap).
struct PlacedPiece: Sendable {
    enum Content: Sendable {
        /// The part `source` of a clip's media (in the media's own time, as the file says).
        case clip(OTIOClip, source: MediaTimeRange)
        /// Nothing plays: a gap, or a disabled item (`info` says which).
        case gap(OTIOItemInfo?)
    }

    var content: Content
    /// Where it plays, in the timeline's time (0 is the first frame of the top stack).
    var timeline: MediaTimeRange
    /// The track it came from, counted from 0 among the tracks of its kind (for flattening).
    var layer = 0

    var clip: OTIOClip? {
        if case let .clip(clip, _) = content { return clip }
        return nil
    }

    /// The piece cut to `window`, its source cut alike; nil when nothing of it is inside.
    func clipped(to window: MediaTimeRange) throws(MediaTimeError) -> PlacedPiece? {
        let start = max(timeline.start, window.start), end = min(timeline.end, window.end)
        guard start < end else { return nil }
        var piece = self
        piece.timeline = try MediaTimeRange(start: start, end: end)
        if case let .clip(clip, source) = content {
            let sourceStart = try source.start + (try start - timeline.start)
            piece.content = .clip(clip, source: try MediaTimeRange(start: sourceStart, duration: try end - start))
        }
        return piece
    }
}

/// A transition laid out on the timeline, at the cut it sits across.
struct PlacedTransition: Sendable {
    var transition: OTIOTransition
    var cut: MediaTime
    var layer = 0
}

/// A track's pieces and transitions in timeline time, in order.
struct PlacedTrack: Sendable {
    var pieces: [PlacedPiece] = []
    var transitions: [PlacedTransition] = []
}

/// Lays an OTIO tree out on the timeline as OpenTimelineIO computes it
/// (`range_in_parent`, `trimmed_range_in_parent`, `Track.source_range`), and
/// flattens stacked video tracks as `flatten_stack` does: where tracks overlap,
/// the upper one's item plays.
struct OTIOPlacement {
    let reader: OTIOReader

    /// How long an item lasts in its parent: its trimmed range's duration.
    func duration(of item: OTIOComposable) throws(InterchangeError) -> MediaTime {
        switch item {
        case let .clip(clip): return try clipSource(clip).duration
        case let .gap(gap): return gap.duration
        case .transition: return .zero
        case let .track(track):
            if let range = track.sourceRange { return range.duration }
            var total = MediaTime.zero
            for child in track.children { total = try add(total, try duration(of: child), at: track.info.path) }
            return total
        case let .stack(stack):
            if let range = stack.sourceRange { return range.duration }
            var longest = MediaTime.zero
            for child in stack.children { longest = max(longest, try duration(of: child)) }
            return longest
        }
    }

    /// Refuses a speed change or a freeze frame on `item` (not on its children,
    /// which ``place(_:at:layer:kind:)`` checks as it reaches them), or on the
    /// tracks of a top stack: Mixdown plays media at its own speed.
    func checkTimeEffects(in item: OTIOComposable, at time: MediaTime) throws(InterchangeError) {
        let named: (info: OTIOItemInfo, kind: String)
        switch item {
        case let .clip(clip): named = (clip.info, "clip")
        case let .gap(gap): named = (gap.info, "gap")
        case let .transition(transition): named = (transition.info, "transition")
        case let .track(track): named = (track.info, "track")
        case let .stack(stack):
            named = (stack.info, "stack")
            for case let .track(track) in stack.children { try checkTimeEffects(in: .track(track), at: time) }
        }
        for effect in named.info.effects {
            let reason: String
            switch effect.kind {
            case let .linearTimeWarp(scalar) where scalar != 1:
                reason = "a speed change (LinearTimeWarp ×\(scalar), \(effect.path)), which Mixdown does not play; render it in the editor first"
            case .freezeFrame:
                reason = "a freeze frame (\(effect.path)), which Mixdown does not play; render it in the editor first"
            default: continue
            }
            throw .refused(file: reader.file, item: named.info.named(named.kind), time: time, reason: reason)
        }
    }

    /// The part of its media a clip plays: `source_range`, else the media's `available_range`.
    func clipSource(_ clip: OTIOClip) throws(InterchangeError) -> MediaTimeRange {
        if let range = clip.sourceRange ?? clip.media.availableRange { return range }
        throw reader.fail(clip.info.path, "\(clip.info.named("clip")) has no source_range, and its media no available_range: its length is unknown")
    }

    /// The pieces of `track`, whose own time 0 plays at `offset` on the timeline.
    func place(_ track: OTIOTrack, at offset: MediaTime, layer: Int, kind: OTIOTrack.Kind) throws(InterchangeError) -> PlacedTrack {
        var placed = PlacedTrack()
        var time = MediaTime.zero
        for child in track.children {
            let length = try duration(of: child)
            let start = try add(offset, time, at: track.info.path)
            let range = try span(start, length, at: track.info.path)
            try checkTimeEffects(in: child, at: start)
            switch child {
            case let .transition(transition):
                placed.transitions.append(PlacedTransition(transition: transition, cut: start, layer: layer))
            case let .clip(clip):
                let content: PlacedPiece.Content = clip.info.enabled ? .clip(clip, source: try clipSource(clip)) : .gap(clip.info)
                placed.pieces.append(PlacedPiece(content: content, timeline: range, layer: layer))
            case let .gap(gap):
                placed.pieces.append(PlacedPiece(content: .gap(gap.info), timeline: range, layer: layer))
            case let .track(nested) where !nested.info.enabled:
                placed.pieces.append(PlacedPiece(content: .gap(nested.info), timeline: range, layer: layer))
            case let .stack(stack) where !stack.info.enabled:
                placed.pieces.append(PlacedPiece(content: .gap(stack.info), timeline: range, layer: layer))
            case .track, .stack:
                // Nested: its own time from its source range's start, laid out, then cut to where it plays here.
                var inner: PlacedTrack
                switch child {
                case let .track(nested):
                    inner = try place(nested, at: try sub(nested.sourceRange?.start, start, at: nested.info.path), layer: layer, kind: kind)
                case let .stack(stack):
                    inner = try flatten(stack, at: try sub(stack.sourceRange?.start, start, at: stack.info.path), kind: kind, layer: layer)
                default: continue
                }
                try clip(&inner, to: range)
                placed.pieces += inner.pieces
                placed.transitions += inner.transitions
            }
            time = try add(time, length, at: track.info.path)
        }
        if let window = track.sourceRange {
            try clip(&placed, to: try span(try add(offset, window.start, at: track.info.path), window.duration, at: track.info.path))
        }
        return placed
    }

    /// The tracks of `kind` in `stack`, whose time 0 plays at `offset`: video
    /// flattened into one track (an upper track's items hide what is under
    /// them), audio kept apart, one ``PlacedTrack`` per track.
    func tracks(of stack: OTIOStack, at offset: MediaTime, kind: OTIOTrack.Kind) throws(InterchangeError) -> [PlacedTrack] {
        var result: [PlacedTrack] = []
        for child in stack.children {
            guard case let .track(track) = child, track.kind == kind else { continue }
            // A disabled track keeps its number (A3 stays A3) and plays nothing.
            guard track.info.enabled else { result.append(PlacedTrack()); continue }
            result.append(try place(track, at: try sub(track.sourceRange?.start, offset, at: track.info.path), layer: result.count, kind: kind))
        }
        return result
    }

    /// A stack as one track: its tracks of `kind`, the upper ones over the lower.
    func flatten(_ stack: OTIOStack, at offset: MediaTime, kind: OTIOTrack.Kind, layer: Int) throws(InterchangeError) -> PlacedTrack {
        var layers: [PlacedTrack] = []
        for child in stack.children {
            switch child {
            case let .track(track) where (track.kind == kind || kind == .audio) && track.info.enabled:
                layers.append(try place(track, at: try sub(track.sourceRange?.start, offset, at: track.info.path), layer: layer, kind: kind))
            case .clip, .gap, .stack:
                var single = OTIOTrack(info: stack.info, kind: kind, sourceRange: nil, children: [child])
                single.info.path = stack.info.path
                layers.append(try place(single, at: offset, layer: layer, kind: kind))
            default: continue
            }
        }
        if kind == .audio {
            return PlacedTrack(pieces: layers.flatMap(\.pieces), transitions: [])
        }
        return try stacked(layers)
    }

    /// Layers bottom first, flattened: each upper layer's clips cut what is
    /// under them; a transition stays where both pieces beside its cut came
    /// through whole from its own layer. Holes stay gaps.
    func stacked(_ layers: [PlacedTrack]) throws(InterchangeError) -> PlacedTrack {
        var pieces: [PlacedPiece] = []
        var sources: [(layer: Int, transitions: [PlacedTransition])] = []
        for (index, layer) in layers.enumerated() {
            let upper = layer.pieces.filter { $0.clip != nil }.map { piece in var piece = piece; piece.layer = index; return piece }
            var next: [PlacedPiece] = []
            do {
                for piece in pieces {
                    var rest = [piece]
                    for cover in upper {
                        rest = try rest.flatMap { part throws(MediaTimeError) -> [PlacedPiece] in
                            var parts: [PlacedPiece] = []
                            if let before = try part.clipped(to: try MediaTimeRange(start: min(part.timeline.start, cover.timeline.start), end: cover.timeline.start)) { parts.append(before) }
                            if let after = try part.clipped(to: try MediaTimeRange(start: cover.timeline.end, end: max(part.timeline.end, cover.timeline.end))) { parts.append(after) }
                            return parts
                        }
                    }
                    next += rest
                }
            } catch {
                throw reader.fail("tracks", "a time out of range while flattening tracks (\(error))")
            }
            pieces = (next + upper).sorted { $0.timeline.start < $1.timeline.start }
            sources.append((index, layer.transitions))
        }
        var transitions: [PlacedTransition] = []
        for (layer, layerTransitions) in sources {
            for var transition in layerTransitions {
                let before = pieces.last { $0.timeline.end == transition.cut }
                let after = pieces.first { $0.timeline.start == transition.cut }
                guard before?.layer == layer || before == nil, after?.layer == layer || after == nil else { continue }
                transition.layer = layer
                transitions.append(transition)
            }
        }
        return PlacedTrack(pieces: pieces, transitions: transitions.sorted { $0.cut < $1.cut })
    }

    private func clip(_ track: inout PlacedTrack, to window: MediaTimeRange) throws(InterchangeError) {
        do {
            track.pieces = try track.pieces.compactMap { piece throws(MediaTimeError) in try piece.clipped(to: window) }
        } catch {
            throw reader.fail("", "a time out of range (\(error))")
        }
        track.transitions = track.transitions.filter { $0.cut > window.start && $0.cut < window.end }
    }

    private func add(_ a: MediaTime, _ b: MediaTime, at path: String) throws(InterchangeError) -> MediaTime {
        do { return try a + b } catch { throw reader.fail(path, "a time too far from 0 to hold (\(error))") }
    }

    private func sub(_ start: MediaTime?, _ time: MediaTime, at path: String) throws(InterchangeError) -> MediaTime {
        guard let start else { return time }
        do { return try time - start } catch { throw reader.fail(path, "a time too far from 0 to hold (\(error))") }
    }

    private func span(_ start: MediaTime, _ length: MediaTime, at path: String) throws(InterchangeError) -> MediaTimeRange {
        do { return try MediaTimeRange(start: start, duration: length) } catch {
            throw reader.fail(path, "a time too far from 0 to hold (\(error))")
        }
    }
}
