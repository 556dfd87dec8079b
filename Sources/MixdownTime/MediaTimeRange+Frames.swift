// A range's frames and the progress of a time through it, exact: see
// MediaTime+Frames for the frame grid.

extension MediaTimeRange {
    /// The frames of `frameDuration` shown over the range: one every frame
    /// duration from its start, the last one starting before its end, so
    /// `ceil(duration / frameDuration)`, exact (a range of 100 frames and one
    /// tick shows 101).
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the count does not fit in `Int64`.
    public func frameCount(frameDuration: MediaTime) throws(MediaTimeError) -> Int64 {
        try duration.frames(of: frameDuration, "frame count") { $0.dividedRoundingUp(by: $1) }
    }

    /// How far into the range `time` lies: 0 at or before its start, otherwise
    /// 1 at or after its end, and `(time - start) / duration` between, the
    /// fraction computed exactly and rounded once to the nearest `Double` when
    /// its lowest terms fit 53 bits (a ramp's or a wipe's progress).
    public func progress(at time: MediaTime) -> Double {
        guard time > start else { return 0 }
        guard time < end else { return 1 }
        // (t - s) / d over the common denominator t.ts × s.ts × d.value: at most
        // 95 + 31 bits over 125, so Int128 holds both.
        let offset = Int128(time.value) * Int128(start.timescale) - Int128(start.value) * Int128(time.timescale)
        let numerator = offset * Int128(duration.timescale)
        let denominator = Int128(time.timescale) * Int128(start.timescale) * Int128(duration.value)
        // start < time < end, so both are positive; at most 1 but for an end
        // rounded by the arithmetic fallback.
        let divisor = Int128(greatestCommonDivisor(numerator.magnitude, denominator.magnitude))
        return min(1, Double(numerator / divisor) / Double(denominator / divisor))
    }
}
