extension VideoSegment: CustomStringConvertible {
    /// One line for `inspect`, e.g. `clip-a.mp4 [1s, 4s) at [0s, 3s), 90 frames`, plus any snaps.
    public var description: String {
        let snaps = [inPointSnap, outPointSnap].compactMap { $0.map { "; \($0.edge.rawValue) moved from \($0.requested)" } }
        return "\(path) [\(sourceRange.start), \(sourceRange.end)) at [\(timelineRange.start), \(timelineRange.end)), "
            + "\(frameCount) frames" + snaps.joined()
    }
}
