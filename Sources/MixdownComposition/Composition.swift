import MixdownTime

/// A timeline of tracks, like `AVMutableComposition`.
public struct Composition: Hashable, Sendable {
    /// The tracks in the order they were added; ids count up from 1.
    public private(set) var tracks: [CompositionTrack] = []

    /// Makes an empty composition.
    public init() {}

    /// Adds an empty track and returns its id.
    @discardableResult
    public mutating func addTrack(mediaType: CompositionTrack.MediaType, role: CompositionTrack.Role) -> Int {
        let id = (tracks.map(\.id).max() ?? 0) + 1
        tracks.append(CompositionTrack(id: id, mediaType: mediaType, role: role))
        return id
    }

    /// The track with `id`, or nil if there is none.
    public func track(id: Int) -> CompositionTrack? {
        tracks.first { $0.id == id }
    }

    /// Places `sourceRange` of `asset` at `time` on track `trackID`, as
    /// ``CompositionTrack/insert(_:of:at:)`` does.
    ///
    /// - Throws: ``CompositionError/noSuchTrack(_:)`` for an unknown id, and
    ///   what ``CompositionTrack/insert(_:of:at:)`` throws.
    public mutating func insert(_ sourceRange: MediaTimeRange, of asset: Asset, at time: MediaTime,
                                trackID: Int) throws(CompositionError) {
        guard let index = tracks.firstIndex(where: { $0.id == trackID }) else { throw .noSuchTrack(trackID) }
        try tracks[index].insert(sourceRange, of: asset, at: time)
    }

    /// Tracks playing `role`.
    public func tracks(role: CompositionTrack.Role) -> [CompositionTrack] {
        tracks.filter { $0.role == role }
    }

    /// The end of the latest segment on any track.
    public var duration: MediaTime { tracks.map(\.end).max() ?? .zero }
}
