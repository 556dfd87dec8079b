/// How an animation moves between its values over its time, as Core Animation's
/// `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) with two
/// control points, its x the fraction of the time, its y the fraction of the way.
public enum TimingFunction: String, Hashable, Sendable, CaseIterable {
    /// Constant speed.
    case linear
    /// Slow at the start: control points (0.42, 0) and (1, 1).
    case easeIn = "ease-in"
    /// Slow at the end: (0, 0) and (0.58, 1).
    case easeOut = "ease-out"
    /// Slow at both ends: (0.42, 0) and (0.58, 1).
    case easeInEaseOut = "ease-in-out"

    /// Core Animation's control points.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
        switch self {
        case .linear: (0, 0, 1, 1)
        case .easeIn: (0.42, 0, 1, 1)
        case .easeOut: (0, 0, 0.58, 1)
        case .easeInEaseOut: (0.42, 0, 0.58, 1)
        }
    }

    /// The fraction of the way at `progress` (0 to 1) of the time: the curve's y
    /// where its x is `progress`, found by bisection (the curve's x rises
    /// monotonically for these control points), to 1e-9.
    public func value(at progress: Double) -> Double {
        let t = min(1, max(0, progress))
        guard self != .linear else { return t }
        let (x1, y1, x2, y2) = controlPoints
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if bezier(middle, x1, x2) < t { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, y1, y2)
    }
}
