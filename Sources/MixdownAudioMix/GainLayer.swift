import MixdownTime
import MixdownUnits

/// A named, piecewise gain function of timeline time: one factor of a
/// ``GainEnvelope`` (track automation, an item's fades, ducking, …).
///
/// The layer is 1 before its first segment, follows each segment inside it,
/// and between and after segments holds the gain the previous segment ended
/// at. ``segments`` is stored in that complete form: sorted, contiguous
/// (each segment ends where the next starts), with gaps filled by constant
/// holds and an open-ended constant last segment, so what the layer does at
/// any time can be read off directly.
public struct GainLayer: Hashable, Sendable {
    /// What a layer does in a mix; its raw value names it in messages and listings.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The item's own volume and its track's.
        case volume
        /// Fade-ins and fade-outs of items, and the crossfades at cuts.
        case fade
        /// Ducking under voice (``DuckingSettings/duckLayer(for:)``).
        case duck
        /// Volume automation (``AudioMixInputParameters``).
        case automation
        /// Dialogue levelling: each voice item's matching gain and the leveler's ride
        /// (``DialogueLevelling/layer(for:)``).
        case dialogue
    }

    /// What the layer is.
    public let kind: Kind

    /// The layer's name in messages and envelope listings: `"duck"`.
    public var name: String { kind.rawValue }

    /// The complete, contiguous segment list (see the type's summary);
    /// empty for a layer that is 1 everywhere.
    public let segments: [GainSegment]

    /// Makes a layer from segments in any order.
    ///
    /// An open-ended segment is cut where the next segment starts (a later
    /// segment starting at the same time replaces it); a zero-length segment
    /// is a jump to its `endGain`.
    ///
    /// - Throws: ``AudioMixError/invalidSegment(layer:_:reason:)`` for a gain
    ///   that is negative or not finite, an `end` before `start`, or an
    ///   open-ended segment that is not constant;
    ///   ``AudioMixError/overlappingSegments(layer:_:_:)`` if two segments
    ///   with an end share time.
    public init(kind: Kind, segments: [GainSegment]) throws(AudioMixError) {
        for segment in segments {
            if let reason = Self.defect(of: segment) {
                throw .invalidSegment(layer: kind, segment, reason: reason)
            }
        }
        self.kind = kind
        self.segments = try Self.completed(segments, layer: kind)
    }

    /// The gain at `seconds` on the timeline.
    ///
    /// Reference evaluation in `Double`; ``GainEnvelope/fill(_:firstSample:count:sampleRate:)``
    /// renders the same function sample by sample.
    public func gain(at seconds: Double) -> Double {
        lastSegmentIndex { $0.start.seconds <= seconds }.map { segments[$0].gain(at: seconds) } ?? 1
    }

    /// Index of the segment covering sample `n` at `sampleRate`, or `nil`
    /// before the first segment; exact, no `Double` rounding of the time.
    internal func segmentIndex(containingSample n: Int64, sampleRate: SampleRate) -> Int? {
        lastSegmentIndex { $0.start.ceilingSampleIndex(sampleRate: sampleRate) <= n }
    }

    /// Index of the segment covering `time`, or `nil` before the first.
    internal func segmentIndex(containing time: MediaTime) -> Int? {
        lastSegmentIndex { $0.start <= time }
    }

    /// The last segment for which `startsInTime` holds, by binary search;
    /// it must hold for a prefix of the (sorted) segments.
    private func lastSegmentIndex(where startsInTime: (GainSegment) -> Bool) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if startsInTime(segments[middle]) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// What is wrong with `segment` on its own, if anything.
    private static func defect(of segment: GainSegment) -> String? {
        for gain in [segment.startGain, segment.endGain] where !(gain.isFinite && gain >= 0) {
            return "gain must be a finite number >= 0, got \(gain)"
        }
        guard let end = segment.end else {
            return segment.isConstant ? nil : "an open-ended segment must have one gain"
        }
        return end < segment.start ? "end is before start" : nil
    }

    /// The complete form of valid segments: sorted, contiguous, gaps held,
    /// open-ended last.
    internal static func completed(_ segments: [GainSegment], layer: Kind) throws(AudioMixError) -> [GainSegment] {
        // Sort by start, keeping the given order among equal starts, so a
        // later segment at the same time replaces an open-ended one.
        let ordered = segments.enumerated().sorted {
            $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset
        }.map(\.element)

        var result: [GainSegment] = []
        for var segment in ordered {
            if let last = result.last {
                if let lastEnd = last.end {
                    if segment.start < lastEnd { throw .overlappingSegments(layer: layer, last, segment) }
                    if lastEnd < segment.start {
                        result.append(.constant(last.endGain, from: lastEnd, to: segment.start))
                    }
                } else {
                    result[result.count - 1].end = segment.start
                    if last.start == segment.start { result.removeLast() }
                }
            }
            if segment.end == segment.start {
                // A ramp of no duration is a jump to its end gain.
                segment = .constant(segment.endGain, from: segment.start)
            }
            result.append(segment)
        }
        if let last = result.last, let end = last.end {
            result.append(.constant(last.endGain, from: end))
        }
        return result
    }
}
