import MixdownTime
import MixdownUnits

/// One clip as the transition builder takes it: what part of its source plays,
/// the transition into it, and its own layer ramps in clip time.
public struct VideoTimelineClip: Hashable, Sendable {
    /// The part of the source that plays, in the source's own time.
    public var sourceRange: MediaTimeRange
    /// The transition from the previous clip into this one; nil for a cut.
    /// Ignored on the first clip.
    public var transitionIn: Transition?
    /// How the clip is brought into the render size.
    public var conform: ConformMode
    /// Opacity, transform and crop settings in clip time (0 is the clip's first
    /// frame); crop rectangles and moves in render pixels of the conformed picture.
    public var opacityRamps: [LayerRamp<Opacity>]
    /// See ``opacityRamps``.
    public var transformRamps: [LayerRamp<LayerTransform>]
    /// See ``opacityRamps``.
    public var cropRamps: [LayerRamp<CropRectangle>]
    /// Whether this is a gap: `sourceRange.duration` of the background, no
    /// source; it has no ``VideoTimeline/Placement``, and only a transition
    /// draws it, as a layer of the background colour.
    public var isGap = false

    /// A clip playing `sourceRange`, entered by `transitionIn`.
    public init(sourceRange: MediaTimeRange, transitionIn: Transition? = nil, conform: ConformMode = .fit,
                opacityRamps: [LayerRamp<Opacity>] = [], transformRamps: [LayerRamp<LayerTransform>] = [],
                cropRamps: [LayerRamp<CropRectangle>] = []) {
        self.sourceRange = sourceRange
        self.transitionIn = transitionIn
        self.conform = conform
        self.opacityRamps = opacityRamps
        self.transformRamps = transformRamps
        self.cropRamps = cropRamps
    }

    /// A gap: `duration` of the composition's background, entered by `transitionIn`.
    ///
    /// - Throws: `MediaTimeError` when `duration` is negative; ``VideoTimeline``
    ///   refuses a gap of zero as it does an empty clip.
    public init(gapLasting duration: MediaTime, transitionIn: Transition? = nil) throws(MediaTimeError) {
        self.init(sourceRange: try MediaTimeRange(start: .zero, duration: duration), transitionIn: transitionIn)
        isGap = true
    }
}
