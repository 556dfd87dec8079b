import MixdownTime
import MixdownUnits

/// The gain a renderer applies to one track or item: the product of one or
/// more ``GainLayer``s, e.g. automation × fades × ducking.
///
/// An envelope is an immutable value. Rendering (``fill(_:firstSample:count:sampleRate:)``)
/// reads it without writing anything shared, so one envelope may be
/// rendered from any number of threads at once.
public struct GainEnvelope: Hashable, Sendable {
    /// The factors, in the order they were given.
    public let layers: [GainLayer]

    /// Makes the product of `layers`; an empty list is 1 everywhere.
    public init(layers: [GainLayer]) {
        self.layers = layers
    }

    /// The gain at `seconds` on the timeline: the product of every layer's
    /// gain there, in `Double`.
    ///
    /// The reference for rendering: ``fill(_:firstSample:count:sampleRate:)``
    /// writes this function at `t = n / sampleRate`, to within 1e-6.
    public func gain(at seconds: Double) -> Double {
        layers.reduce(1) { $0 * $1.gain(at: seconds) }
    }

    /// The gain at output sample `sample`, evaluated at exactly
    /// `t = sample / sampleRate`, in `Double`.
    ///
    /// Segment boundaries are compared exactly, as ``fill(_:firstSample:count:sampleRate:)``
    /// does, so this is its sample-exact scalar reference.
    public func gain(atSample sample: Int64, sampleRate: SampleRate) -> Double {
        let seconds = Double(sample) / Double(sampleRate.hertz)
        return layers.reduce(1) { product, layer in
            guard let index = layer.segmentIndex(containingSample: sample, sampleRate: sampleRate) else { return product }
            return product * layer.segments[index].gain(at: seconds)
        }
    }
}
