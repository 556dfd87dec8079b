import MixdownTime

/// A fade-in at the start of an item and a fade-out at its end, as a gain
/// layer over the item's range on the timeline.
///
/// Over an item `[s, e)` the fade is a ramp `0 → 1` over `[s, s + fadeIn)`,
/// 1 until `e − fadeOut`, and a ramp `1 → 0` over `[e − fadeOut, e)`, all
/// along ``curve``. If `fadeIn + fadeOut` is longer than the item, both are
/// scaled down in proportion so they meet inside it: the fade-in gets
/// `length × fadeIn / (fadeIn + fadeOut)`, rounded to the microsecond, and
/// the fade-out the rest.
public struct Fade: Hashable, Sendable {
    /// Length of the fade-in; zero for none.
    public var fadeIn: MediaTime

    /// Length of the fade-out; zero for none.
    public var fadeOut: MediaTime

    /// Shape of both ramps; ``RampCurve/equalPower`` for crossfades.
    public var curve: RampCurve

    /// Makes a fade; lengths are checked when a layer is made.
    public init(fadeIn: MediaTime = .zero, fadeOut: MediaTime = .zero, curve: RampCurve = .linear) {
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.curve = curve
    }

    /// The fade over one item, as a layer for that item's envelope.
    ///
    /// Outside the item the usual layer rules apply: 1 before it, and after
    /// it the gain it ended with (0 after a fade-out). For several items on
    /// one track use ``layer(items:)``.
    ///
    /// - Throws: ``AudioMixError/invalidSetting(name:reason:)`` for a
    ///   negative length; ``AudioMixError/time(_:)`` if time arithmetic overflows.
    public func layer(over item: MediaTimeRange) throws(AudioMixError) -> GainLayer {
        try Self.layer(items: [(item, self)])
    }

    /// One layer fading several items of a track, each with its own fade.
    ///
    /// Items must not overlap. Between items the layer holds the gain the
    /// previous item ended with (0 after a fade-out); no sound plays there.
    ///
    /// - Throws: ``AudioMixError/invalidSetting(name:reason:)`` for a
    ///   negative length; ``AudioMixError/overlappingSegments(layer:_:_:)`` if
    ///   items overlap; ``AudioMixError/time(_:)`` if time arithmetic overflows.
    public static func layer(items: [(MediaTimeRange, Fade)]) throws(AudioMixError) -> GainLayer {
        var segments: [GainSegment] = []
        for (item, fade) in items {
            segments += try fade.segments(over: item)
        }
        return try GainLayer(kind: .fade, segments: segments)
    }

    /// The fade-in ramp, the hold at 1 and the fade-out ramp over `item`,
    /// with lengths scaled to fit; empty parts are left out.
    internal func segments(over item: MediaTimeRange) throws(AudioMixError) -> [GainSegment] {
        guard fadeIn >= .zero else { throw .invalidSetting(name: "fade-in", reason: "must not be negative, got \(fadeIn.readable)") }
        guard fadeOut >= .zero else { throw .invalidSetting(name: "fade-out", reason: "must not be negative, got \(fadeOut.readable)") }
        let total = try withTimeArithmetic { () throws(MediaTimeError) in try fadeIn + fadeOut }
        return try withTimeArithmetic { () throws(MediaTimeError) in
            let fadeInEnd: MediaTime
            let fadeOutStart: MediaTime
            if total > item.duration {
                let share = item.duration.seconds * (fadeIn.seconds / total.seconds)
                fadeInEnd = min(try item.start + MediaTime(seconds: share), item.end)
                fadeOutStart = fadeInEnd
            } else {
                fadeInEnd = try item.start + fadeIn
                fadeOutStart = try item.end - fadeOut
            }
            var segments: [GainSegment] = []
            if fadeIn > .zero {
                segments.append(.ramp(from: 0, to: 1, over: try MediaTimeRange(start: item.start, end: fadeInEnd), curve: curve))
            }
            segments.append(.constant(1, from: fadeInEnd, to: fadeOutStart))
            if fadeOut > .zero {
                segments.append(.ramp(from: 1, to: 0, over: try MediaTimeRange(start: fadeOutStart, end: item.end), curve: curve))
            }
            return segments
        }
    }
}
