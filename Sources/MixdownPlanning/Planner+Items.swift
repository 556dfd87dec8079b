import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownTime
internal import MixdownUnits

// The voice-over takes, the music beds and the timeline's length.

extension Planner {
    /// Each take plays from its in-point (or its start) to its out-point (or its end) at `start`.
    mutating func placeVoiceovers(nextID: inout Int) throws(PlanningError) -> PlacedTrack? {
        guard !project.voiceovers.isEmpty else { return nil }
        var track = PlacedTrack(id: nextID, part: .voiceovers)
        nextID += 1
        for (i, item) in project.voiceovers.enumerated() {
            let asset = try media.audioAsset(item.path)
            let field = MixPart.voiceovers.itemName(i)
            let (source, placedRange) = try Self.placing(field + ".start", item.path, at: item.start) { () throws(PlanningError) -> (MediaTimeRange, MediaTimeRange) in
                let source = try range(from: item.inPoint ?? .zero, to: item.outPoint ?? asset.duration, within: asset.duration, field: field)
                let start = try onSampleGrid(item.start)
                try track.insert(source, of: asset, at: start)
                return (source, try shifted(source, to: start))
            }
            track.items.append(PlacedItem(
                part: .voiceovers, index: i, path: item.path, range: placedRange, audio: source,
                volume: project.voiceoverVolume.factor * item.volume.factor, fade: item.fade,
                automation: item.automation, pan: item.pan, ducks: item.ducks, duckDepth: item.duckDepth))
        }
        return track
    }

    /// Each bed plays from its in-point to its out-point (or the file's end), again
    /// and again when it loops, and never past the timeline's end; with what a
    /// user should know of a bed that is not heard or stops early.
    mutating func placeMusic(until end: MediaTime, nextID: inout Int) throws(PlanningError) -> (track: PlacedTrack?, warnings: [String]) {
        guard !project.music.isEmpty else { return (nil, []) }
        var track = PlacedTrack(id: nextID, part: .music)
        nextID += 1
        var warnings: [String] = []
        for (i, item) in project.music.enumerated() {
            let field = MixPart.music.itemName(i)
            var asset = try media.audioAsset(item.path, exact: false)
            // The exact length matters when the bed loops or ends inside the timeline.
            let naturalEnd = try Self.placing(field + ".start", item.path, at: item.start) { () throws(PlanningError) in
                try sum(item.start, try difference(item.outPoint ?? asset.duration, item.inPoint ?? .zero))
            }
            let margin = try sum(end, .milliseconds(100))
            if item.loop || naturalEnd < margin {
                asset = try media.audioAsset(item.path)
            }
            let source = try range(from: item.inPoint ?? .zero, to: item.outPoint ?? asset.duration, within: asset.duration, field: field)
            guard !source.isEmpty else { continue }
            let (start, at) = try Self.placing(field + ".start", item.path, at: item.start) { () throws(PlanningError) -> (MediaTime, MediaTime) in
                let start = try onSampleGrid(item.start)
                if item.loop { try checkRepeats(of: source.duration, from: start, to: end, onto: track, field: field) }
                var at = start
                repeat {
                    let room = try difference(end, at)
                    guard room > .zero else { break }
                    let piece = try range(from: source.start, to: min(source.end, try sum(source.start, room)), within: asset.duration, field: field)
                    try track.insert(piece, of: asset, at: at)
                    at = try sum(at, piece.duration)
                } while item.loop
                return (start, at)
            }
            guard at > start else {
                warnings.append("\(field): \(MessageText.shown(item.path)) starts at \(item.start.readable), after the timeline's end \(end.readable); it is not heard")
                continue
            }
            if at < end && !item.loop {
                warnings.append("\(field): \(MessageText.shown(item.path)) ends at \(at.readable), before the timeline's end \(end.readable); the rest is without music (loop it to fill)")
            }
            track.items.append(PlacedItem(
                part: .music, index: i, path: item.path,
                range: try range(from: start, to: at, within: end, field: field), audio: source,
                volume: project.musicVolume.factor * item.volume.factor, fade: item.fade,
                automation: item.automation, pan: item.pan))
        }
        return (track, warnings)
    }

    /// The picture's length; else `output.duration`; else the end of the last
    /// item on `tracks`, or of each music bed that does not loop, at its own end.
    mutating func timelineDuration(videoEnd: MediaTime?, tracks: [PlacedTrack]) throws(PlanningError) -> MediaTime {
        if let videoEnd { return videoEnd }
        if let duration = project.output.duration { return duration }
        var end = tracks.flatMap(\.track.segments).map(\.timelineRange.end).max() ?? .zero
        for (i, item) in project.music.enumerated() where !item.loop {
            let asset = try media.audioAsset(item.path)
            let length = try difference(item.outPoint ?? asset.duration, item.inPoint ?? .zero)
            end = max(end, try Self.placing(MixPart.music.itemName(i) + ".start", item.path, at: item.start) { () throws(PlanningError) in
                try sum(item.start, length)
            })
        }
        guard end > .zero else {
            throw .invalidValue(field: "duration", reason: "the timeline is empty: give video clips, items or a duration")
        }
        return end
    }
}
