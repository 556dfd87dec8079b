import MixdownTime

extension VideoStitchPlan {
    /// Cuts one clip by the rules in the type's documentation and places it at `start`.
    static func segment(of info: VideoClipInfo, clip: VideoClipRequest, index: Int, at start: MediaTime,
                        snapToKeyframes: Bool) throws(VideoStitchError) -> VideoSegment {
        let (entry, inSnap) = try inCut(info, clip.inPoint, snap: snapToKeyframes)
        let first = entry.index
        let startTicks = entry.ticks
        let (end, outSnap) = try outCut(info, clip.outPoint, from: entry)
        let packets = info.packets
        let last = (first..<end).filter { !packets[$0].isDiscarded }.max { packets[$0].pts < packets[$1].pts } ?? first
        let endTicks = end == packets.count ? info.endTicks : packets[end].pts
        let sourceStart = try VideoClipInfo.time(ticks: startTicks - info.origin, timeBase: info.timeBase, path: info.path)
        let length = try VideoClipInfo.time(ticks: endTicks - startTicks, timeBase: info.timeBase, path: info.path)
        guard let source = try? MediaTimeRange(start: sourceStart, duration: length),
              let timeline = try? MediaTimeRange(start: start, duration: length)
        else { throw .timestampOutOfRange(path: info.path, reason: "the timeline is too long") }
        return VideoSegment(
            path: info.path, clipIndex: index, sourceRange: source, timelineRange: timeline,
            frameCount: end - first, packetRange: first..<end, lastFrameTime: info.time(of: last),
            inPointSnap: inSnap, outPointSnap: outSnap,
            streamIndex: info.streamIndex, timeBase: info.timeBase, startTicks: startTicks, endTicks: endTicks,
            firstDts: packets[first].dts, lastDts: packets[end - 1].dts)
    }

    /// Where the copy starts (the first packet and the first frame shown), and the
    /// snap if the in-point moved. Without an in-point, the clip's first shown frame.
    private static func inCut(_ info: VideoClipInfo, _ requested: MediaTime?,
                              snap: Bool) throws(VideoStitchError) -> (VideoClipInfo.StartPoint, CutPointSnap?) {
        let ticks: Int64
        if let requested {
            ticks = try info.ticks(requested)
            guard requested >= .zero else {
                throw .invalidTrim(path: info.path, reason: "in-point \(requested.readable) is before the clip's start")
            }
            guard ticks < info.endTicks else {
                throw .invalidTrim(path: info.path, reason: "in-point \(requested.readable) is not before the clip's end (\(info.duration.readable))")
            }
        } else {
            ticks = info.firstShownTicks
        }
        let points = info.startPoints
        if let exact = points.first(where: { $0.ticks == ticks && !$0.isOpenGOP }) { return (exact, nil) }
        // An open-GOP keyframe is a start too (the clip is then re-encoded), unless
        // the in-point may snap back to a keyframe stream copy can start at.
        let copyable = points.last { $0.ticks < ticks && !$0.isOpenGOP }
        if let exact = points.first(where: { $0.ticks == ticks }), !(snap && copyable != nil) { return (exact, nil) }
        let before = snap ? copyable ?? points.last { $0.ticks < ticks } : points.last { $0.ticks < ticks }
        let after = points.first { $0.ticks > ticks }
        let time = { (ticks: Int64) in info.time(ticks: ticks) }
        let requestedTime = requested ?? time(ticks)
        guard requested != nil else {
            // Not what the user typed: the file's own start cannot be cut there.
            let next = after.map { "; its first keyframe is at \(time($0.ticks).readable)" } ?? "; it has no keyframe"
            throw .invalidTrim(path: info.path, reason: "its first frame shown (\(requestedTime.readable)) is not on a keyframe, "
                + "where stream copy must start\(next)")
        }
        guard snap, let before else {
            throw .notOnKeyframe(path: info.path, time: requestedTime.seconds,
                                 keyframeBefore: before.map { time($0.ticks).seconds },
                                 keyframeAfter: after.map { time($0.ticks).seconds })
        }
        return (before, CutPointSnap(path: info.path, edge: .inPoint, requested: requestedTime,
                                     actual: time(before.ticks), target: .keyframe))
    }

    /// The decoding-order index just past the last copied packet (the packet count at
    /// the clip end), and the snap if the out-point moved.
    private static func outCut(_ info: VideoClipInfo, _ requested: MediaTime?,
                               from start: VideoClipInfo.StartPoint) throws(VideoStitchError) -> (Int, CutPointSnap?) {
        let packets = info.packets
        guard let requested else { return (packets.count, nil) }
        let ticks = try info.ticks(requested)
        guard ticks <= info.endTicks else {
            throw .invalidTrim(path: info.path, reason: "out-point \(requested.readable) is after the clip's end (\(info.duration.readable))")
        }
        guard ticks > start.ticks else {
            throw .invalidTrim(path: info.path, reason: "out-point \(requested.readable) is not after the in-point")
        }
        if ticks == info.endTicks { return (packets.count, nil) }
        // Possible cuts after the first frame: just before a clean keyframe, or, without
        // reordering, before any frame (decoding order is then display order).
        let first = start.index
        let cuts = (info.hasFrameReordering
            ? info.cleanKeyframes.filter { $0 > first }
            : Array((first + 1)..<packets.count)).filter { packets[$0].pts > start.ticks }
        let target: CutPointSnap.Target = info.hasFrameReordering ? .keyframe : .frameBoundary
        guard let cut = cuts.last(where: { packets[$0].pts <= ticks }) else {
            let next = cuts.first.map { "; the first possible cut after the in-point is at \(info.time(of: $0))" } ?? ""
            throw .invalidTrim(path: info.path, reason: "out-point \(requested.readable) leaves no frames: stream copy of this video "
                + "can end only just before a \(target.rawValue) or at the clip's end (\(info.duration.readable))\(next)")
        }
        if packets[cut].pts == ticks { return (cut, nil) }
        return (cut, CutPointSnap(path: info.path, edge: .outPoint, requested: requested, actual: info.time(of: cut), target: target))
    }
}
