import MixdownTime
import MixdownUnits

/// How one video track is drawn during an instruction: its opacity, transform
/// and crop, each set at times or ramped, as `AVMutableVideoCompositionLayerInstruction`.
///
/// Times are timeline times. Before a property's first setting it is at its
/// initial value (opacity 1, the identity transform, no crop); inside a ramp it
/// is interpolated linearly; after a ramp it holds the ramp's end value until
/// the next setting. A setting at the start time of another replaces it.
public struct VideoCompositionLayerInstruction: Hashable, Sendable {
    /// The composition track whose frames this layer draws.
    public let trackID: Int
    /// How frames of another size or shape than the render size are brought into
    /// it before the layer's own transform (fit with a border, or fill).
    public var conform: ConformMode = .fit
    /// Whether the layer draws the composition's background colour instead of
    /// a frame of its track: a gap's layer, which a transition into or out of
    /// the gap moves, crops or fades as it would a clip's.
    public var drawsBackground = false
    /// The opacity settings, in time order.
    public private(set) var opacityRamps: [LayerRamp<Opacity>] = []
    /// The transform settings, in time order.
    public private(set) var transformRamps: [LayerRamp<LayerTransform>] = []
    /// The crop settings, in time order.
    public private(set) var cropRamps: [LayerRamp<CropRectangle>] = []

    /// A layer drawing track `trackID`, opaque, unmoved, uncropped.
    public init(trackID: Int) { self.trackID = trackID }

    /// Sets the opacity from `time` on.
    public mutating func setOpacity(_ opacity: Opacity, at time: MediaTime) {
        opacityRamps.insert(LayerRamp(from: opacity, to: opacity, timeRange: MediaTimeRange(emptyAt: time)))
    }

    /// Ramps the opacity linearly from `start` to `end` over `timeRange`.
    public mutating func setOpacityRamp(from start: Opacity, to end: Opacity, timeRange: MediaTimeRange) {
        opacityRamps.insert(LayerRamp(from: start, to: end, timeRange: timeRange))
    }

    /// Sets the transform from `time` on.
    public mutating func setTransform(_ transform: LayerTransform, at time: MediaTime) {
        transformRamps.insert(LayerRamp(from: transform, to: transform, timeRange: MediaTimeRange(emptyAt: time)))
    }

    /// Ramps the transform from `start` to `end` over `timeRange` (scale and
    /// move linearly; both ends must have the same quarter turns).
    public mutating func setTransformRamp(from start: LayerTransform, to end: LayerTransform, timeRange: MediaTimeRange) {
        transformRamps.insert(LayerRamp(from: start, to: end, timeRange: timeRange))
    }

    /// Sets the crop rectangle, in source pixels, from `time` on.
    public mutating func setCropRectangle(_ rectangle: CropRectangle, at time: MediaTime) {
        cropRamps.insert(LayerRamp(from: rectangle, to: rectangle, timeRange: MediaTimeRange(emptyAt: time)))
    }

    /// Ramps the crop rectangle's edges linearly from `start` to `end` over `timeRange`.
    public mutating func setCropRectangleRamp(from start: CropRectangle, to end: CropRectangle, timeRange: MediaTimeRange) {
        cropRamps.insert(LayerRamp(from: start, to: end, timeRange: timeRange))
    }

    /// The opacity at `time` as a blend's weight, 0 (transparent) to 1 (opaque).
    public func opacity(at time: MediaTime) -> Double {
        (opacityRamps.value(at: time) ?? Opacity.standard).value
    }

    /// The transform at `time`.
    public func transform(at time: MediaTime) -> LayerTransform {
        transformRamps.value(at: time) ?? .identity
    }

    /// The crop rectangle at `time`; nil when the whole picture shows.
    public func cropRectangle(at time: MediaTime) -> CropRectangle? {
        cropRamps.value(at: time)
    }

    /// Whether any property changes over time (a ramp with different ends) or
    /// differs from its initial value: whether the layer draws its frames as
    /// they are.
    public var isPassThrough: Bool {
        opacityRamps.allSatisfy { $0.start == .standard && $0.end == .standard }
            && transformRamps.allSatisfy { $0.start == .identity && $0.end == .identity } && cropRamps.isEmpty
    }
}
