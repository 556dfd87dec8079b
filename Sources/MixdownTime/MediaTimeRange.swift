public import MixdownUnits

/// A half-open span of media time, `[start, start + duration)`, like
/// `CMTimeRange`.
///
/// `duration` is never negative; a zero duration makes an empty range that
/// contains no time. Equality and hashing are exact, as for ``MediaTime``.
public struct MediaTimeRange: Hashable, Sendable {
    /// The first instant inside the range.
    public let start: MediaTime

    /// The length of the range; zero or positive.
    public let duration: MediaTime

    /// The first instant after the range, `start + duration`.
    ///
    /// Computed once at construction, where overflow is reported, so reading
    /// it cannot fail. In the rare case where `start` and `duration` have no
    /// common timescale that fits `Int32`, it carries the rounding described
    /// for ``MediaTime/+(_:_:)``.
    public let end: MediaTime

    /// Makes `[start, start + duration)`.
    ///
    /// - Throws: ``MediaTimeError/negativeDuration(_:)`` if `duration < 0`;
    ///   ``MediaTimeError/overflow(_:)`` if `start + duration` does not fit.
    public init(start: MediaTime, duration: MediaTime) throws(MediaTimeError) {
        guard duration >= .zero else { throw .negativeDuration(duration) }
        self.start = start
        self.duration = duration
        self.end = try start + duration
    }

    /// Makes `[start, end)`; `end` is kept exactly as given.
    ///
    /// - Throws: ``MediaTimeError/negativeDuration(_:)`` if `end < start`;
    ///   ``MediaTimeError/overflow(_:)`` if `end - start` does not fit.
    public init(start: MediaTime, end: MediaTime) throws(MediaTimeError) {
        let duration = try end - start
        guard duration >= .zero else { throw .negativeDuration(duration) }
        self.start = start
        self.duration = duration
        self.end = end
    }

    /// Makes the empty range `[time, time)`: a moment, such as a value set at one time.
    public init(emptyAt time: MediaTime) {
        start = time
        duration = .zero
        end = time
    }

    /// Whether the range has zero duration and so contains no time.
    public var isEmpty: Bool {
        duration == .zero
    }

    /// Whether `start <= time < end`; the end itself is outside.
    public func contains(_ time: MediaTime) -> Bool {
        start <= time && time < end
    }

    /// Whether the two ranges share some time; ranges that only touch
    /// (one's end is the other's start) and empty ranges never overlap.
    public func overlaps(_ other: MediaTimeRange) -> Bool {
        Swift.max(start, other.start) < Swift.min(end, other.end)
    }

    /// The time both ranges contain, or `nil` if they do not overlap.
    ///
    /// The bounds are exactly those of the inputs. The duration is exact,
    /// unless at the common timescale of the bounds it does not fit `Int64`;
    /// then it is rounded half up to the timescale of the shorter input
    /// duration, where it always fits.
    public func intersection(_ other: MediaTimeRange) -> MediaTimeRange? {
        let lower = Swift.max(start, other.start)
        let upper = Swift.min(end, other.end)
        guard lower < upper else { return nil }
        if lower == start, upper == end { return self }
        if lower == other.start, upper == other.end { return other }
        // upper - lower is no longer than either duration, but the exact
        // difference can still overflow Int64 at the common timescale of two
        // fine timescales. Rounded to the shorter duration's timescale it
        // cannot, since its magnitude is at most that duration's value.
        let duration = (try? upper - lower)
            ?? lower.roundedDifference(to: upper, timescale: Swift.min(self.duration, other.duration).timescale)
        return MediaTimeRange(start: lower, duration: duration, end: upper)
    }

    /// The output samples the range covers at `sampleRate`.
    ///
    /// Both bounds use the rounding rule of ``MediaTime/sampleIndex(sampleRate:)``,
    /// so adjacent ranges map to adjacent sample ranges with no gap or overlap.
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` if an index does not fit in `Int64`.
    public func sampleRange(sampleRate: SampleRate) throws(MediaTimeError) -> Range<Int64> {
        let lower = try start.sampleIndex(sampleRate: sampleRate)
        let upper = try end.sampleIndex(sampleRate: sampleRate)
        // Rounding is monotone and start <= end, so lower <= upper.
        return lower..<upper
    }

    private init(start: MediaTime, duration: MediaTime, end: MediaTime) {
        self.start = start
        self.duration = duration
        self.end = end
    }
}

extension MediaTimeRange: CustomStringConvertible {
    /// The half-open interval, e.g. `"[10s, 20.5s)"`.
    public var description: String {
        "[\(start), \(end))"
    }
}
