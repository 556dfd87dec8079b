import MixdownAudioMix
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

// What belongs to each item alone: its volume, its fades, its volume ramps and its pan.

extension PlanBuilder {
    /// Every audio track's envelope before ducking: volume × fades, × automation when
    /// one of its items has ramps.
    mutating func itemEnvelopes() throws(PlanningError) -> [Int: GainEnvelope] {
        var envelopes: [Int: GainEnvelope] = [:]
        for track in Set(placed.map(\.track)) {
            let items = placed.filter { $0.track == track }.sorted { $0.range.start < $1.range.start }
            var layers = [
                try layer(.volume, items.map { .constant($0.volume, from: $0.range.start, to: $0.range.end) }),
                try mixError { () throws(AudioMixError) in try Fade.layer(items: items.map { ($0.range, $0.fade) }) },
            ]
            if items.contains(where: { !$0.automation.isEmpty }) {
                layers.append(try automationLayer(of: items))
            }
            envelopes[track] = GainEnvelope(layers: layers)
        }
        return envelopes
    }

    /// The ramps of one track's items (in timeline order) as one automation layer,
    /// with `AVMutableAudioMixInputParameters` semantics inside each item: 1 before
    /// its first ramp, each ramp's end volume held until the next. Every item starts
    /// at 1 again, so one item's automation never carries into the next.
    ///
    /// A ramp must start inside its item; one that starts at or after the item's
    /// end is never heard (a warning says so); one may run past its item's end but
    /// not into the next item on the track.
    mutating func automationLayer(of items: [PlacedItem]) throws(PlanningError) -> GainLayer {
        var parameters = AudioMixInputParameters(trackID: items[0].track)
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
        return parameters.automationLayer
    }

    /// Where the items sit between the speakers, per track; centred items are left out.
    func pans() -> [Int: [PanSpan]] {
        var pans: [Int: [PanSpan]] = [:]
        for item in placed where item.pan != .center {
            pans[item.track, default: []].append(PanSpan(range: item.range, pan: item.pan))
        }
        return pans
    }
}
