import MixdownAudioMix
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What belongs to each item alone: its volume, its fades, its volume ramps and its pan.

extension Planner {
    /// `tracks` with their items and the layers of their gain before ducking:
    /// volume × fades, × automation when one of their items has ramps; with what a
    /// user should know of ramps that are never heard.
    func gainLayers(of tracks: [PlacedTrack]) throws(PlanningError) -> (tracks: [PlacedTrack], warnings: [String]) {
        var done = tracks
        var warnings: [String] = []
        for t in done.indices where !done[t].items.isEmpty {
            let items = done[t].items.sorted { $0.range.start < $1.range.start }
            var layers = [
                try layer(.volume, items.map { .constant($0.volume, from: $0.range.start, to: $0.range.end) }),
                try mixError { () throws(AudioMixError) in try Fade.layer(items: items.map { ($0.range, $0.fade) }) },
            ]
            if items.contains(where: { !$0.automation.isEmpty }) {
                let automation = try automationLayer(of: items, track: done[t].track.id)
                layers.append(automation.layer)
                warnings += automation.warnings
            }
            done[t].track.layers = layers
            done[t].track.items = done[t].items.map(\.planned)
        }
        return (done, warnings)
    }

    /// The ramps of one track's items (in timeline order) as one automation layer,
    /// with `AVMutableAudioMixInputParameters` semantics inside each item: 1 before
    /// its first ramp, each ramp's end volume held until the next. Every item starts
    /// at 1 again, so one item's automation never carries into the next.
    ///
    /// A ramp must start inside its item; one that starts at or after the item's
    /// end is never heard (a warning says so); one may run past its item's end but
    /// not into the next item on the track.
    func automationLayer(of items: [PlacedItem], track: Int) throws(PlanningError) -> (layer: GainLayer, warnings: [String]) {
        var parameters = AudioMixInputParameters(trackID: track)
        var warnings: [String] = []
        for (k, item) in items.enumerated() {
            let next = k + 1 < items.count ? items[k + 1] : nil
            let ramps = item.automation.enumerated().sorted { $0.element.timeRange.start < $1.element.timeRange.start }
            for (r, ramp) in ramps {
                let field = "\(item.name).automation[\(r)]"
                let range = ramp.timeRange
                guard range.start >= item.range.start else {
                    throw .invalidValue(field: field, reason: "the ramp \(range.start.readable)–\(range.end.readable) starts before its item, which plays \(item.range.start.readable)–\(item.range.end.readable) on the timeline (automation is in timeline time)")
                }
                if let next, range.end > next.range.start {
                    throw .invalidValue(field: field, reason: "the ramp \(range.start.readable)–\(range.end.readable) runs into \(next.name), which starts at \(next.range.start.readable) on the same track")
                }
                if range.start >= item.range.end {
                    warnings.append("\(field): the ramp starts at \(range.start.readable), after its item ends at \(item.range.end.readable); it is never heard")
                    continue
                }
                do {
                    try parameters.setVolumeRamp(from: ramp.startVolume, to: ramp.endVolume, timeRange: range, curve: ramp.curve)
                } catch { throw .invalidValue(field: field, reason: error.description) }
            }
            if let next, !ramps.isEmpty {
                do { try parameters.setVolume(1, at: next.range.start) } catch { throw .audioMix(error) }
            }
        }
        return (parameters.automationLayer, warnings)
    }
}
