import MixdownTime

extension AudioMixInputParameters {
    /// The settings as an automation gain layer, for a
    /// ``GainEnvelope``.
    ///
    /// Each point becomes a constant that lasts until the next setting and
    /// each ramp a segment over its range; a point and a ramp at the same
    /// time resolve as documented on ``setVolume(_:at:)``.
    public var automationLayer: GainLayer {
        // Points go first so that a ramp starting at the same instant cuts
        // them off: the ramp wins, as documented.
        let segments = volumePoints.map { GainSegment.constant($0.volume, from: $0.time) }
            + volumeRamps.map { GainSegment.ramp(from: $0.startVolume, to: $0.endVolume, over: $0.timeRange, curve: $0.curve) }
        do {
            return try GainLayer(kind: .automation, segments: segments)
        } catch {
            // The setters refuse overlaps and bad volumes, so this cannot fail.
            preconditionFailure("validated volume settings made an invalid layer: \(error)")
        }
    }
}
