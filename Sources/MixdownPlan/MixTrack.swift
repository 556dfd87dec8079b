import MixdownAudioMix
import MixdownComposition
import MixdownTime

/// One audio track of a plan, with everything timed that belongs to it: its
/// segments, its items (pan, speech found), the layers of its gain envelope,
/// and how its ducks were chosen. Cutting a plan, keeping a stem or reporting
/// is one walk over these.
///
/// The clips' audio plays on two tracks (AVFoundation's A/B layout, so cuts can
/// crossfade), the takes on one, the beds on one.
public struct MixTrack: Hashable, Sendable, Identifiable {
    /// The track's number in its plan, from 1; the picture's tracks are numbered first.
    public let id: Int
    /// The part of the mix it plays.
    public let part: MixPart
    /// Its segments and the rules they are placed by.
    var composition = CompositionTrack()
    /// Its items, in timeline order.
    public var items: [MixItem]
    /// The layers of its gain before ducking: volume × fades (× automation); empty
    /// (unity) for a track without items.
    public var layers: [GainLayer]
    /// Its duck, once chosen: the last factor of its envelope.
    public var duck: GainLayer?
    /// How each duck's depth was chosen when ducking by loudness; empty otherwise.
    public var loudnessDucks: [LoudnessDuck]
    /// A duck whose depths are still to be measured (ducking by loudness): a
    /// loudness pass measures it and sets ``duck``; such a plan cannot be rendered yet.
    public var pendingDuck: LoudnessDuckRequest?

    /// An empty track `id` of `part`.
    public init(id: Int, part: MixPart) {
        self.id = id
        self.part = part
        items = []
        layers = []
        loudnessDucks = []
    }

    /// The pieces of files it plays, in timeline order.
    public var segments: [CompositionTrackSegment] { composition.segments }

    /// Places `sourceRange` of `asset` at `time`, as `CompositionTrack.insert(_:of:at:)` does.
    ///
    /// - Throws: what `CompositionTrack.insert(_:of:at:)` throws.
    public mutating func insert(_ sourceRange: MediaTimeRange, of asset: Asset, at time: MediaTime) throws(CompositionError) {
        try composition.insert(sourceRange, of: asset, at: time)
    }

    /// The gain the renderer applies: ``layers`` × ``duck``.
    public var envelope: GainEnvelope {
        GainEnvelope(layers: duck.map { layers + [$0] } ?? layers)
    }

    /// The dialogue leveler's part of its gain (its `dialogue` layer alone); nil when it is not levelled.
    public var leveller: GainEnvelope? {
        layers.first { $0.kind == .dialogue }.map { GainEnvelope(layers: [$0]) }
    }

    /// The segments that play `item`: those of its file that share time with it.
    public func segments(of item: MixItem) -> [CompositionTrackSegment] {
        segments.filter { $0.asset.path == item.path && $0.timelineRange.intersection(item.timeRange).map { !$0.isEmpty } == true }
    }

    /// Where its items sit off centre; elsewhere it plays centred.
    public var pans: [PanSpan] {
        items.filter { $0.pan != .center }.map { PanSpan(range: $0.timeRange, pan: $0.pan) }
    }
}

extension MixTrack {
    /// Makes the segments of `item` (``segments(of:)``) read `asset` instead, where each source time `t` is `t - offset` of
    /// `asset`: how the cleanup pass puts an item's cleaned audio in its place.
    ///
    /// - Throws: what `CompositionTrack.insert(_:of:at:)` throws, for a shifted
    ///   range outside `asset`.
    public mutating func redirect(_ item: MixItem, to asset: Asset, offset: MediaTime) throws(CompositionError) {
        let items = Set(segments(of: item))
        var redirected = CompositionTrack()
        for segment in segments {
            guard items.contains(segment) else {
                try redirected.insert(segment.sourceRange, of: segment.asset, at: segment.timelineRange.start)
                continue
            }
            let shifted: MediaTimeRange
            do {
                shifted = try MediaTimeRange(start: segment.sourceRange.start - offset, duration: segment.sourceRange.duration)
            } catch {
                throw .time(error)
            }
            try redirected.insert(shifted, of: asset, at: segment.timelineRange.start)
        }
        composition = redirected
    }
}
