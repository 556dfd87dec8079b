import MixdownTime

/// One track of a composition: segments of assets placed on the timeline, never overlapping.
public struct CompositionTrack: Hashable, Sendable, Identifiable {
    /// What a track carries.
    public enum MediaType: String, Hashable, Sendable, Codable {
        /// Sound, rendered into the mix.
        case audio
        /// Picture, copied into the export.
        case video
    }

    /// What an audio track is for, so fades and ducking know which tracks they touch.
    public enum Role: String, Hashable, Sendable, Codable {
        /// The camera audio of the video clips.
        case clipAudio = "clip-audio"
        /// Voice-over takes, which the music ducks under.
        case voiceover
        /// Music beds.
        case music
        /// The picture of the video clips.
        case video
    }

    /// The track's number in its composition, from 1.
    public let id: Int
    /// Whether the track carries audio or video.
    public let mediaType: MediaType
    /// What the track is for.
    public let role: Role
    /// Segments in timeline order.
    public private(set) var segments: [CompositionTrackSegment] = []

    /// An empty track; ``Composition/addTrack(mediaType:role:)`` numbers them.
    public init(id: Int, mediaType: MediaType, role: Role) {
        self.id = id
        self.mediaType = mediaType
        self.role = role
    }

    /// Places `sourceRange` of `asset` at `time` on the timeline, like
    /// `AVMutableCompositionTrack.insertTimeRange(_:of:at:)`.
    ///
    /// Unlike AVFoundation, later segments are not pushed back: a placement that
    /// overlaps an existing segment is refused, since on a mix track that is almost
    /// always a mistake in the user's times.
    public mutating func insert(_ sourceRange: MediaTimeRange, of asset: Asset, at time: MediaTime) throws(CompositionError) {
        guard time >= .zero else { throw .negativeTime(time) }
        guard sourceRange.start >= .zero, sourceRange.end <= asset.duration else {
            throw .rangeOutsideAsset(path: asset.path, range: sourceRange, duration: asset.duration)
        }
        let segment: CompositionTrackSegment
        do { segment = try CompositionTrackSegment(asset: asset, sourceRange: sourceRange, at: time) } catch { throw .time(error) }
        if let clash = segments.first(where: { $0.timelineRange.overlaps(segment.timelineRange) }) {
            throw .overlappingSegments(existing: clash.asset.path, existingRange: clash.timelineRange,
                                       new: asset.path, newRange: segment.timelineRange)
        }
        let index = segments.firstIndex { $0.timelineRange.start > time } ?? segments.endIndex
        segments.insert(segment, at: index)
    }

    /// The end of the last segment, or zero for an empty track.
    public var end: MediaTime { segments.map(\.timelineRange.end).max() ?? .zero }
}
