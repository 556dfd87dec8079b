extension VideoClipInfo {
    /// Decoding times for packets whose container stores presentation times only
    /// (Matroska and WebM, where FFmpeg leaves the first reordered packets without
    /// a dts): the i-th smallest pts, `d` packets later, where `d` is the smallest
    /// reorder depth that keeps every dts at or before its pts. The first `d`
    /// packets, which come before any pts, step back from the first pts by the
    /// first frame interval. Strictly increasing when presentation times differ.
    package static func decodeTimes(presentationTimes pts: [Int64]) -> [Int64] {
        guard !pts.isEmpty else { return [] }
        let byTime = pts.indices.sorted { (pts[$0], $0) < (pts[$1], $1) }
        let sorted = byTime.map { pts[$0] }
        // Packet i may be decoded at sorted[i - d] when its own rank is at least i - d.
        var rank = [Int](repeating: 0, count: pts.count)
        for (r, i) in byTime.enumerated() { rank[i] = r }
        let depth = pts.indices.map { $0 - rank[$0] }.max() ?? 0
        let step = sorted.count > 1 ? max(1, sorted[1] - sorted[0]) : 1
        return pts.indices.map { i in i >= depth ? sorted[i - depth] : sorted[0] - Int64(depth - i) * step }
    }

    /// The packet table as the cut rules and the writer use it, with the first
    /// shown pts and the end of the last shown frame.
    ///
    /// - Decoding times after their presentation time (negative composition
    ///   offsets FFmpeg 5.1 does not shift when they are in the last two `ctts`
    ///   entries, as in iPhone HEVC files) are moved back to it, and the ones
    ///   before them just enough to keep increasing: the least change (moving
    ///   every dts back by the largest excess instead made the Dolby Vision clip's
    ///   decoding start two frames before its first frame, and so run into the clip
    ///   before it). Likewise the last decoding time is moved before the clip's end
    ///   by as much as the first comes before its start (Samsung's slow-motion
    ///   files end their decoding later), so that a clip can follow itself.
    /// - A shown frame lasts until the next shown frame. The last one lasts until
    ///   the end the container states (`statedEnd`: an MP4 edit list may end
    ///   it early, and frames after it are discarded) when that end is within
    ///   two frames of it; otherwise for its own stored duration, unless that is
    ///   missing or less than half the usual frame interval (Matroska stores
    ///   durations on a millisecond grid, some muxers write 1 ms), in which case
    ///   for the median interval between shown frames.
    static func normalised(_ stored: [VideoPacketEntry], statedEnd: Int64?,
                           path: String) throws(VideoStitchError) -> (packets: [VideoPacketEntry], firstShown: Int64, end: Int64) {
        var packets = stored
        if let bad = packets.indices.dropFirst().first(where: { packets[$0].dts <= packets[$0 - 1].dts }) {
            throw .timestampOutOfRange(path: path, reason: "video decoding timestamps do not increase at packet \(bad)")
        }
        let shown = packets.indices.filter { !packets[$0].isDiscarded }.sorted { packets[$0].pts < packets[$1].pts }
        guard let first = shown.first, let last = shown.last else {
            throw .invalidTrim(path: path, reason: "the video stream shows no frames (every one is outside its edit list)")
        }
        for (a, b) in zip(shown, shown.dropFirst()) { packets[a].duration = packets[b].pts - packets[a].pts }
        let intervals = zip(shown, shown.dropFirst()).map { packets[$1].pts - packets[$0].pts }.sorted()
        let usual = intervals.isEmpty ? nil : intervals[intervals.count / 2]
        let lastPts = packets[last].pts
        let own = stored[last].duration
        let ownIsPlausible = own > 0 && (usual.map { 2 * own >= $0 } ?? true)
        let frame = ownIsPlausible ? own : usual
        let end: Int64
        if let statedEnd, statedEnd > lastPts, frame.map({ statedEnd - lastPts <= 2 * $0 }) ?? true {
            end = statedEnd
        } else if let frame, frame > 0 {
            end = lastPts + frame
        } else {
            throw .invalidTrim(path: path, reason: "the video's length is unknown: its last frame has no duration")
        }
        packets[last].duration = end - lastPts
        // Backwards, each dts at most its pts and below the next dts, and the last
        // one before the end by the delay the first comes before the start: the
        // least change that lets the clip follow a clip decoded as late as itself.
        let delay = max(0, packets[first].pts - packets[0].dts)
        var next = end - delay
        for i in packets.indices.reversed() {
            packets[i].dts = min(packets[i].dts, packets[i].pts, next - 1)
            next = packets[i].dts
        }
        return (packets, packets[first].pts, end)
    }
}
