import Foundation
import MixdownAudioMix
import MixdownProject
import MixdownTime
import MixdownUnits

/// The volume an editor set on an item: DaVinci Resolve's "Fairlight Clip
/// Volume and Fades" and the FCP XML adapter's "Audio Levels".
extension OTIOImport {
    /// An item's level: a static gain, or keyframes as automation ramps.
    struct ItemLevels {
        var volume: Gain?
        var ramps: [VolumeRamp] = []

        func applied(to item: Project.Item) -> Project.Item {
            var item = item
            if let volume { item.volume = volume }
            item.automation = ramps
            return item
        }
    }

    /// A level at a time on the timeline, in dB.
    struct LevelPoint {
        var time: MediaTime
        var decibels: Double
    }

    /// The levels of `clip`, placed at `piece` and playing `source`.
    ///
    /// Resolve's keyframes count frames from the item's first frame, in dB,
    /// interpolated in dB; the FCP XML adapter's count the clip's source frames
    /// (the numbering of its in- and out-points), as linear gains, interpolated
    /// linearly. Before the first keyframe the level is the first one's.
    mutating func levels(of clip: OTIOClip, at piece: PlacedPiece, source: MediaTimeRange) -> ItemLevels {
        let frame = clip.rate?.frameDuration ?? .milliseconds(40)
        for effect in clip.info.effects {
            if let resolve = effect.metadata["Resolve_OTIO"]?.object, resolve["Effect Name"]?.string == "Fairlight Clip Volume and Fades",
               resolve["Enabled"] != .bool(false) {
                let parameters: [OTIOJSON]
                if case let .array(list)? = resolve["Parameters"] { parameters = list } else { parameters = [] }
                guard let volume = parameters.compactMap(\.object).first(where: { $0["Parameter ID"]?.string == "volume" }) else { continue }
                var points: [LevelPoint] = []
                for (key, value) in volume["Key Frames"]?.object ?? [:] {
                    guard let frames = Int64(key), let decibels = value.object?["Value"]?.double,
                          let offset = try? frame.multiplied(by: frames), let time = try? piece.timeline.start + offset else { continue }
                    points.append(LevelPoint(time: time, decibels: decibels))
                }
                return levels(points, static: volume["Parameter Value"]?.double, curve: .decibel, clip: clip, piece: piece)
            }
            if effect.name == "Audio Levels" || effect.metadata["fcp_xml"]?.object?["effectid"]?.string == "audiolevels",
               let fcp = effect.metadata["fcp_xml"]?.object {
                let parameters = Self.elements(fcp["parameter"])
                guard let level = parameters.compactMap(\.object).first(where: { $0["parameterid"]?.string == "level" }) else { continue }
                let firstFrame = (try? source.start.wholeFrames(of: frame)) ?? 0
                var points: [LevelPoint] = []
                for keyframe in Self.elements(level["keyframe"]).compactMap(\.object) {
                    guard let when = Self.number(keyframe["when"]), let gain = Self.number(keyframe["value"]),
                          let offset = try? frame.multiplied(by: Int64(when.rounded()) - firstFrame),
                          let time = try? piece.timeline.start + offset else { continue }
                    points.append(LevelPoint(time: time, decibels: Gain.decibels(ofFactor: gain)))
                }
                let value = Self.number(level["value"]).map { Gain.decibels(ofFactor: $0) }
                return levels(points, static: value, curve: .linear, clip: clip, piece: piece)
            }
        }
        return ItemLevels()
    }

    /// Points (dB) as a static volume (none) or ramps between them, clamped
    /// into the item and to what a gain may be (+24 dB), said when clamped.
    private mutating func levels(_ points: [LevelPoint], static value: Double?, curve: RampCurve, clip: OTIOClip, piece: PlacedPiece) -> ItemLevels {
        let name = clip.info.named("clip")
        func gain(_ decibels: Double) -> Double {
            guard decibels.isFinite else { return decibels > 0 ? Gain.maximum.factor : 0 }
            if decibels > Gain.maximum.decibels {
                notes.append("\(name): a level of \(decibels) dB, more than Mixdown's +\(Int(Gain.maximum.decibels)) dB: played at that")
            }
            return Gain.decibelsToFactor(min(decibels, Gain.maximum.decibels))
        }
        guard !points.isEmpty else {
            guard let value else { return ItemLevels() }
            return ItemLevels(volume: try? Gain(factor: gain(value)))
        }
        var sorted: [LevelPoint] = []
        for point in points.sorted(by: { $0.time < $1.time }) {
            let time = min(max(point.time, piece.timeline.start), piece.timeline.end)
            if sorted.last?.time == time { sorted.removeLast() }
            sorted.append(LevelPoint(time: time, decibels: point.decibels))
        }
        var ramps: [VolumeRamp] = []
        let first = gain(sorted[0].decibels)
        ramps.append(VolumeRamp(startVolume: first, endVolume: first, timeRange: MediaTimeRange(emptyAt: piece.timeline.start)))
        for (from, to) in zip(sorted, sorted.dropFirst()) {
            guard let range = try? MediaTimeRange(start: from.time, end: to.time) else { continue }
            ramps.append(VolumeRamp(startVolume: gain(from.decibels), endVolume: gain(to.decibels), timeRange: range, curve: curve))
        }
        if ramps.count > 1, ramps[1].timeRange.start == piece.timeline.start { ramps.removeFirst() }
        return ItemLevels(volume: nil, ramps: ramps)
    }

    /// An XML element's children as the adapter keeps them: one as an object, several as a list.
    static func elements(_ value: OTIOJSON?) -> [OTIOJSON] {
        switch value {
        case let .array(list)?: return list
        case let other?: return [other]
        case nil: return []
        }
    }

    /// A number, or a number's text as XML gives it.
    static func number(_ value: OTIOJSON?) -> Double? {
        value?.double ?? value?.string.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
}
