import MixdownTime

/// One track of segments of assets placed on the timeline, never overlapping,
/// as `AVMutableCompositionTrack` keeps them.
public struct CompositionTrack: Hashable, Sendable {
    /// Segments in timeline order.
    public private(set) var segments: [CompositionTrackSegment] = []

    /// The most segments a track holds (a music bed looped 100 000 times: 20 s
    /// over 555 hours). A render opens a decoder per segment in turn, so the bound
    /// keeps a mistake (a 1 ms loop) from making a plan that would never finish.
    public static let maximumSegmentCount = 100_000

    /// An empty track.
    public init() {}

    /// Places `sourceRange` of `asset` at `time` on the timeline, like
    /// `AVMutableCompositionTrack.insertTimeRange(_:of:at:)`.
    ///
    /// Unlike AVFoundation, later segments are not pushed back: a placement that
    /// overlaps an existing segment is refused, since on a mix track that is almost
    /// always a mistake in the user's times.
    ///
    /// Takes O(log n) comparisons, and appending after the last segment no moves,
    /// so a track of n segments is built in O(n log n).
    ///
    /// - Throws: ``CompositionError/tooManySegments(path:limit:)`` past
    ///   ``maximumSegmentCount``.
    public mutating func insert(_ sourceRange: MediaTimeRange, of asset: Asset, at time: MediaTime) throws(CompositionError) {
        guard time >= .zero else { throw .negativeTime(time) }
        guard sourceRange.start >= .zero, sourceRange.end <= asset.duration else {
            throw .rangeOutsideAsset(path: asset.path, range: sourceRange, duration: asset.duration)
        }
        guard segments.count < Self.maximumSegmentCount else {
            throw .tooManySegments(path: asset.path, limit: Self.maximumSegmentCount)
        }
        let segment: CompositionTrackSegment
        do { segment = try CompositionTrackSegment(asset: asset, sourceRange: sourceRange, at: time) } catch { throw .time(error) }
        let index = insertionIndex(of: time)
        if let clash = clash(with: segment.timelineRange, at: index) {
            throw .overlappingSegments(existing: clash.asset.path, existingRange: clash.timelineRange,
                                       new: asset.path, newRange: segment.timelineRange)
        }
        segments.insert(segment, at: index)
    }

    /// Where a segment starting at `time` goes: after every segment that starts
    /// at or before it (binary search).
    private func insertionIndex(of time: MediaTime) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].timelineRange.start > time { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The segment a range placed at `index` would overlap, if any. Segments
    /// that last are sorted and disjoint, so only the nearest one on each side
    /// can (empty ones overlap nothing and are passed over).
    private func clash(with range: MediaTimeRange, at index: Int) -> CompositionTrackSegment? {
        let before = segments[..<index].last { !$0.timelineRange.isEmpty }
        let after = segments[index...].first { !$0.timelineRange.isEmpty }
        return [before, after].compactMap { $0 }.first { $0.timelineRange.overlaps(range) }
    }

    /// The end of the last segment, or zero for an empty track.
    public var end: MediaTime { segments.map(\.timelineRange.end).max() ?? .zero }
}
