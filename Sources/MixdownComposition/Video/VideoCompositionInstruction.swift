import MixdownTime
import MixdownUnits

/// What the video shows over one stretch of the timeline: layers in stacking
/// order, over a background colour, as `AVMutableVideoCompositionInstruction`.
public struct VideoCompositionInstruction: Hashable, Sendable {
    /// Where the instruction applies, in timeline time. A composition's
    /// instructions tile its timeline: no gap, no overlap.
    public var timeRange: MediaTimeRange
    /// The layers, topmost first (AVFoundation's order).
    public var layerInstructions: [VideoCompositionLayerInstruction]
    /// The colour under every layer; nil takes the composition's.
    public var backgroundColour: Colour?
    /// A transition the layer instructions cannot express (AVCustomEdit's
    /// diagonal wipe), drawn by the compositor instead of the layers' crops.
    public var customTransition: CustomTransition?

    /// An instruction over `timeRange` drawing `layerInstructions`, topmost first.
    public init(timeRange: MediaTimeRange, layerInstructions: [VideoCompositionLayerInstruction],
                backgroundColour: Colour? = nil, customTransition: CustomTransition? = nil) {
        self.timeRange = timeRange
        self.layerInstructions = layerInstructions
        self.backgroundColour = backgroundColour
        self.customTransition = customTransition
    }

    /// Whether the instruction shows one track's frames as they are: one layer,
    /// nothing ramped, no custom transition. Frames under such an instruction can
    /// be stream-copied when the track needs no conforming.
    public var isPassThrough: Bool {
        layerInstructions.count == 1 && layerInstructions[0].isPassThrough && customTransition == nil
    }
}

/// A transition drawn by the compositor itself, between two tracks.
public struct CustomTransition: Hashable, Sendable {
    /// The kinds the compositor draws.
    public enum Kind: String, Hashable, Sendable {
        /// AVCustomEdit's diagonal wipe: an edge from the top-right corner
        /// sweeps to the bottom-left, showing the incoming track behind it.
        case diagonalWipe
    }

    /// What is drawn.
    public var kind: Kind
    /// The outgoing track, shown entirely at the start.
    public var fromTrackID: Int
    /// The incoming track, shown entirely at the end.
    public var toTrackID: Int
    /// The whole transition, in timeline time: its progress runs from 0 at the
    /// start to 1 at the end, wherever its instruction is cut.
    public var timeRange: MediaTimeRange

    /// A transition of `kind` from one track to another over `timeRange`.
    public init(kind: Kind, fromTrackID: Int, toTrackID: Int, timeRange: MediaTimeRange) {
        self.kind = kind
        self.fromTrackID = fromTrackID
        self.toTrackID = toTrackID
        self.timeRange = timeRange
    }
}
