import MixdownTime

extension VideoClipInfo {
    /// Stream ticks (pts) of `time` in the clip's own time, rounded half up to the time base.
    func ticks(_ time: MediaTime) throws(VideoStitchError) -> Int64 {
        try ticks(time, relative: try? timeBase.ticks(time))
    }

    /// Stream ticks (pts) of the first tick at or after `time` in the clip's own time.
    func ticks(atOrAfter time: MediaTime) throws(VideoStitchError) -> Int64 {
        try ticks(time, relative: try? timeBase.ticks(atOrAfter: time))
    }

    /// `relative` ticks from the origin, as stream ticks; nil when they did not fit.
    private func ticks(_ time: MediaTime, relative: Int64?) throws(VideoStitchError) -> Int64 {
        guard let relative, case let (ticks, false) = relative.addingReportingOverflow(origin)
        else { throw .invalidTrim(path: path, reason: "time \(time.readable) is out of range") }
        return ticks
    }

    /// The clip-time of packet `index`'s pts.
    func time(of index: Int) -> MediaTime {
        time(ticks: packets[index].pts)
    }

    /// The clip-time of stream ticks `ticks` (a pts).
    func time(ticks: Int64) -> MediaTime {
        (try? Self.time(ticks: ticks - origin, timeBase: timeBase, path: path)) ?? .zero
    }
}
