import Foundation
import MixdownTime

extension DialogueLevelling {
    /// The curve as gain segments over exactly ``timeRange``: a hold from the item's
    /// start to the first keyframe, `decibel` ramps between keyframes (a hold where
    /// two are equal), a hold from the last to the item's end. Linear factors,
    /// `10^(dB/20)`.
    ///
    /// - Throws: ``AudioMixError/time(_:)`` when time arithmetic overflows.
    public func segments() throws(AudioMixError) -> [GainSegment] {
        var segments: [GainSegment] = []
        var time = timeRange.start
        var gain = keyframes[0].gain
        for keyframe in keyframes + [DialogueKeyframe(time: timeRange.end, gain: keyframes[keyframes.count - 1].gain)] {
            let at = min(max(keyframe.time, timeRange.start), timeRange.end)
            if at > time {
                let span = try withTimeArithmetic { () throws(MediaTimeError) in try MediaTimeRange(start: time, end: at) }
                segments.append(.ramp(from: Self.factor(gain), to: Self.factor(keyframe.gain), over: span, curve: .decibel))
            }
            time = max(time, at)
            gain = keyframe.gain
        }
        if segments.isEmpty { segments.append(.constant(Self.factor(gain), from: timeRange.start, to: timeRange.end)) }
        return segments
    }

    /// One `.dialogue` layer for a track: each levelling's ``segments()``, and unity
    /// everywhere else (from each item's end until the next item's start, and after
    /// the last), so an item left alone is never held at its neighbour's gain.
    ///
    /// - Parameter levellings: the track's dialogue items, sorted by time, not overlapping.
    /// - Throws: ``AudioMixError/overlappingSegments(layer:_:_:)`` when two items
    ///   overlap, ``AudioMixError/time(_:)`` when time arithmetic overflows.
    public static func layer(for levellings: [DialogueLevelling]) throws(AudioMixError) -> GainLayer {
        var segments: [GainSegment] = []
        for levelling in levellings {
            segments += try levelling.segments()
            // Open-ended: cut where the next item starts.
            segments.append(.constant(1, from: levelling.timeRange.end))
        }
        return try GainLayer(kind: .dialogue, segments: segments)
    }

    /// `dB` as a linear gain.
    internal static func factor(_ decibels: Double) -> Double {
        decibels == 0 ? 1 : pow(10, decibels / 20)
    }
}
