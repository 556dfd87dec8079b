import MixdownTime

/// A timeline of tracks, like `AVMutableComposition`.
public struct Composition: Hashable, Sendable {
    public private(set) var tracks: [CompositionTrack] = []

    public init() {}

    /// Adds an empty track and returns its id.
    @discardableResult
    public mutating func addTrack(mediaType: CompositionTrack.MediaType, role: CompositionTrack.Role) -> Int {
        let id = (tracks.map(\.id).max() ?? 0) + 1
        tracks.append(CompositionTrack(id: id, mediaType: mediaType, role: role))
        return id
    }

    /// The track with `id`; mutate through it to insert segments.
    public subscript(trackID id: Int) -> CompositionTrack {
        get { tracks.first { $0.id == id }! }
        set { tracks[tracks.firstIndex { $0.id == id }!] = newValue }
    }

    /// Tracks playing `role`.
    public func tracks(role: CompositionTrack.Role) -> [CompositionTrack] {
        tracks.filter { $0.role == role }
    }

    /// The end of the latest segment on any track.
    public var duration: MediaTime { tracks.map(\.end).max() ?? .zero }
}
