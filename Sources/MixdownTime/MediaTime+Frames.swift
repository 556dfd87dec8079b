// Frame arithmetic on the grid of a frame duration: 0, d, 2d, … for any
// positive d (a composition's 1/25 s or 1001/30000 s, a clip's frame in its
// own ticks). Counts and times are exact: t / d is the rational
// (value × d.timescale) / (timescale × d.value), at most 94 bits over 94 bits,
// divided once in 128-bit integers. Whole frames that fit (floor) and frames
// begun (ceiling) are counts; the frame nearest a time is the one rounding
// rule, half up.

extension MediaTime {
    /// How many whole frames of `frameDuration` fit in this time: `floor(t / d)`.
    ///
    /// Negative for a negative time: -0.5 frames is -1, the frame that began before it.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the count does not fit in `Int64`.
    public func wholeFrames(of frameDuration: MediaTime) throws(MediaTimeError) -> Int64 {
        try frames(of: frameDuration, "whole frames") { $0.dividedRoundingDown(by: $1) }
    }

    /// The index of the frame of `frameDuration` nearest this time, rounded
    /// half up: `floor(t / d + 1/2)`, as ``frameIndex(frameRate:)`` for a rate.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the index does not fit in `Int64`.
    public func nearestFrame(of frameDuration: MediaTime) throws(MediaTimeError) -> Int64 {
        try frames(of: frameDuration, "nearest frame") { $0.roundedHalfUp(dividingBy: $1) }
    }

    /// The start of the last frame of `frameDuration` at or before this time:
    /// ``wholeFrames(of:)`` frames, exact, in `frameDuration`'s timescale.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the result does not fit.
    public func flooredToFrame(of frameDuration: MediaTime) throws(MediaTimeError) -> MediaTime {
        try MediaTime(frameIndex: try wholeFrames(of: frameDuration), frameDuration: frameDuration)
    }

    /// The start of the frame of `frameDuration` nearest this time, half up:
    /// ``nearestFrame(of:)`` frames, exact, in `frameDuration`'s timescale.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the result does not fit.
    public func roundedToFrame(of frameDuration: MediaTime) throws(MediaTimeError) -> MediaTime {
        try MediaTime(frameIndex: try nearestFrame(of: frameDuration), frameDuration: frameDuration)
    }

    /// The start of frame `frameIndex` on the grid of `frameDuration`: exactly
    /// `frameIndex × frameDuration`, in `frameDuration`'s timescale.
    ///
    /// - Throws: ``MediaTimeError/invalidFrameDuration(_:)`` unless `frameDuration > 0`;
    ///   ``MediaTimeError/overflow(_:)`` if the value does not fit in `Int64`.
    public init(frameIndex: Int64, frameDuration: MediaTime) throws(MediaTimeError) {
        guard frameDuration > .zero else { throw .invalidFrameDuration(frameDuration) }
        let (value, overflow) = frameDuration.value.multipliedReportingOverflow(by: frameIndex)
        guard !overflow else { throw .overflow("frame \(frameIndex) of \(frameDuration.readable)") }
        self.init(uncheckedValue: value, timescale: frameDuration.timescale)
    }

    /// Half of this time, exactly whenever the half has a timescale that fits
    /// `Int32` (always for times as typed, and for every timescale up to
    /// 1073741823): the value halved when even, else the timescale doubled,
    /// tried on the time as given and then in lowest terms.
    ///
    /// Otherwise (an odd value over a reduced timescale above 1073741823) the
    /// half is rounded half up to this time's timescale, as ``+(_:_:)``
    /// rounds when no common timescale fits: off by half a tick of it.
    public func halved() -> MediaTime {
        if value % 2 == 0 { return MediaTime(uncheckedValue: value / 2, timescale: timescale) }
        if timescale <= Int32.max / 2 { return MediaTime(uncheckedValue: value, timescale: timescale * 2) }
        let (value, timescale) = reducedFraction
        if value % 2 == 0 { return MediaTime(uncheckedValue: value / 2, timescale: timescale) }
        if timescale <= Int32.max / 2 { return MediaTime(uncheckedValue: value, timescale: timescale * 2) }
        // Half of an odd Int64 rounded half up is at most 2^62: it fits.
        return MediaTime(uncheckedValue: Int64(Int128(self.value).roundedHalfUp(dividingBy: 2)), timescale: self.timescale)
    }

    /// `t / d` divided by `divide` into a frame count; `what` names it in an overflow.
    internal func frames(of frameDuration: MediaTime, _ what: String,
                        _ divide: (Int128, Int128) -> Int128) throws(MediaTimeError) -> Int64 {
        guard frameDuration > .zero else { throw .invalidFrameDuration(frameDuration) }
        let count = divide(Int128(value) * Int128(frameDuration.timescale), Int128(timescale) * Int128(frameDuration.value))
        guard let result = Int64(exactly: count) else {
            throw .overflow("\(what) of \(readable) in frames of \(frameDuration.readable)")
        }
        return result
    }
}
