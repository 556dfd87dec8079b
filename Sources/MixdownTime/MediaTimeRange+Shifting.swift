extension MediaTimeRange {
    /// The same range `offset` later (earlier when negative).
    ///
    /// - Throws: ``MediaTimeError/overflow(_:)`` when a bound does not fit.
    public func shifted(by offset: MediaTime) throws(MediaTimeError) -> MediaTimeRange {
        try MediaTimeRange(start: try start + offset, duration: duration)
    }
}
