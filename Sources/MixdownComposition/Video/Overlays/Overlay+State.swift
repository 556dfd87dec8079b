import MixdownTime

extension Overlay {
    /// The size it is drawn at, from its content's natural size (nil for a box,
    /// which has none): both given sides; one side, the other keeping the natural
    /// shape; or the natural size. Nil when it cannot be known (a box without
    /// both sides), which the project reader refuses first.
    public func drawnSize(natural: (width: Int, height: Int)?) -> (width: Int, height: Int)? {
        if let width, let height { return (width, height) }
        guard let natural, natural.width > 0, natural.height > 0 else { return nil }
        if let width { return (width, max(1, Int((Double(width) * Double(natural.height) / Double(natural.width)).rounded()))) }
        if let height { return (max(1, Int((Double(height) * Double(natural.width) / Double(natural.height)).rounded())), height) }
        return natural
    }

    /// Timeline `time` in the overlay's own time (0 at its start), where its
    /// animations and an image's frames are timed.
    public func localTime(at time: MediaTime) -> MediaTime {
        // Both are times of one timeline, which fits a MediaTime: the difference does too.
        (try? time - timeRange.start) ?? .zero
    }

    /// Whether it shows at `time`: start ≤ time < end.
    public func isShown(at time: MediaTime) -> Bool { timeRange.contains(time) }

    /// How it is drawn at timeline `time`, for a content of natural size `natural`
    /// in a render of `renderWidth × renderHeight`; nil when it does not show then
    /// or its size is unknown.
    public func state(at time: MediaTime, natural: (width: Int, height: Int)?, renderWidth: Int, renderHeight: Int) -> OverlayState? {
        guard isShown(at: time), let size = drawnSize(natural: natural) else { return nil }
        let placed = position.origin(width: size.width, height: size.height, renderWidth: renderWidth, renderHeight: renderHeight)
        let local = localTime(at: time)
        func animated(_ property: OverlayAnimation.Property, _ base: Double) -> Double {
            // The animation of the property begun last decides (AVFoundation's rule for ramps),
            // whatever order they are listed in; of two begun together, the later listed.
            var deciding: OverlayAnimation?
            for animation in animations where animation.property == property && animation.timeRange.start <= local {
                if let chosen = deciding, chosen.timeRange.start > animation.timeRange.start { continue }
                deciding = animation
            }
            return deciding?.value(at: local) ?? base
        }
        return OverlayState(x: Int(animated(.x, Double(placed.x)).rounded()), y: Int(animated(.y, Double(placed.y)).rounded()),
                            width: size.width, height: size.height, scale: animated(.scale, 1), rotation: animated(.rotate, 0),
                            opacity: min(1, max(0, opacity.value * animated(.opacity, 1))))
    }

    /// `fadeIn` and `fadeOut` as Core Animation's shorthands: linear opacity
    /// animations from 0 over the overlay's first `fadeIn` and to 0 over its last
    /// `fadeOut` (each at most its length), appended to ``animations``.
    ///
    /// - Throws: `MediaTimeError.overflow` when a time does not fit.
    public mutating func addFades(in fadeIn: MediaTime, out fadeOut: MediaTime) throws(MediaTimeError) {
        let length = timeRange.duration
        if fadeIn > .zero {
            animations.append(OverlayAnimation(property: .opacity, from: 0, to: 1,
                                               timeRange: try MediaTimeRange(start: .zero, duration: min(fadeIn, length))))
        }
        if fadeOut > .zero {
            let fade = min(fadeOut, length)
            animations.append(OverlayAnimation(property: .opacity, from: 1, to: 0,
                                               timeRange: try MediaTimeRange(start: try length - fade, duration: fade)))
        }
        animations.sort { $0.timeRange.start < $1.timeRange.start }
    }
}
