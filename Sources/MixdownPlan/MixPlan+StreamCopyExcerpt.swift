import MixdownComposition
import MixdownTime

extension MixPlan {
    /// The part of a timeline an export of a range writes: a plan of its own,
    /// cut where stream copy can cut.
    public struct StreamCopyExcerpt: Sendable {
        /// The plan to export: the excerpt of the timeline, starting at 0.
        public let plan: MixPlan
        /// Where the excerpt starts and ends on the full timeline, after snapping.
        public let timelineRange: MediaTimeRange
        /// In- and out-points that moved to where stream copy allows.
        public let snaps: [CutPointSnap]
    }

    /// The excerpt an export of `range` writes.
    ///
    /// The clips overlapping the range are trimmed to it and re-planned (from the
    /// scans this plan holds, without reading the files again) with their in-point
    /// snapped back to a keyframe (reported in `snaps`); the out-point follows the
    /// usual rules. The audio is this plan's mix from the (snapped) start for
    /// exactly the trimmed video's length (``excerpt(_:video:)``), so picture and
    /// sound stay together and the cuts inside the range sound as in a full export.
    /// Without video the range is only clamped to the timeline.
    ///
    /// - Throws: ``MixPlanError/rangeOutsideTimeline(_:timeline:)`` for a range that
    ///   misses the timeline; ``MixPlanError/stitch(_:)`` when the trimmed clips
    ///   cannot be cut.
    public func excerpt(streamCopying range: MediaTimeRange) throws(MixPlanError) -> StreamCopyExcerpt {
        guard videoTimeline == nil else { throw .composedExcerpt }
        let (video, span, snaps) = try cut(to: range)
        let timelineRange: MediaTimeRange
        do {
            timelineRange = try MediaTimeRange(start: try MediaTime(sampleIndex: span.lowerBound, sampleRate: sampleRate),
                                               end: try MediaTime(sampleIndex: span.upperBound, sampleRate: sampleRate))
        } catch {
            throw .composition(.time(error))
        }
        return StreamCopyExcerpt(plan: try excerpt(timelineRange, video: video), timelineRange: timelineRange, snaps: snaps)
    }

    /// The output samples `range` covers, clamped to the timeline (the whole
    /// timeline when nil).
    ///
    /// - Throws: ``MixPlanError/rangeOutsideTimeline(_:timeline:)`` when nothing of it is on the timeline.
    public func samples(in range: MediaTimeRange?) throws(MixPlanError) -> Range<Int64> {
        let total = frameCount
        guard let range else { return 0..<total }
        guard let span = try? range.sampleRange(sampleRate: sampleRate).clamped(to: 0..<total), !span.isEmpty else {
            throw .rangeOutsideTimeline(range, timeline: duration)
        }
        return span
    }

    /// Output samples of the whole timeline: `round(duration × rate)`.
    public var frameCount: Int64 {
        (try? duration.sampleIndex(sampleRate: sampleRate)) ?? 0
    }

    /// The trimmed video track and this plan's samples the excerpt is made of.
    private func cut(to range: MediaTimeRange) throws(MixPlanError) -> (VideoStitchPlan?, Range<Int64>, [CutPointSnap]) {
        guard range.end > .zero, !range.isEmpty else { throw .rangeOutsideTimeline(range, timeline: duration) }
        guard let full = video else {
            let span = samples(range.start, range.end)
            guard !span.isEmpty else { throw .rangeOutsideTimeline(range, timeline: duration) }
            return (nil, span, [])
        }
        var requests: [VideoClipRequest] = []
        var start: MediaTime?
        for segment in full.segments where segment.timelineRange.overlaps(range) {
            let timeline = segment.timelineRange
            do {
                let inPoint = try segment.sourceRange.start + (max(range.start, timeline.start) - timeline.start)
                let outPoint = try segment.sourceRange.start + (min(range.end, timeline.end) - timeline.start)
                requests.append(VideoClipRequest(path: segment.path, inPoint: inPoint, outPoint: outPoint))
                if start == nil { start = try timeline.start - segment.sourceRange.start }
            } catch {
                throw .composition(.time(error))
            }
        }
        guard let offset = start, let first = requests.first?.inPoint else {
            throw .rangeOutsideTimeline(range, timeline: duration)
        }
        let trimmed: VideoStitchPlan
        do { trimmed = try full.replanned(clips: requests, snapToKeyframes: true) } catch { throw .stitch(error) }
        // Where the first clip's (snapped) in-point sits on the full timeline.
        let snappedStart = trimmed.segments.first?.sourceRange.start ?? first
        do {
            let begin = try offset + snappedStart
            return (trimmed, samples(begin, try begin + trimmed.duration), trimmed.snaps)
        } catch {
            throw .composition(.time(error))
        }
    }

    /// Samples [round(a × rate), round(b × rate)), inside the timeline.
    private func samples(_ a: MediaTime, _ b: MediaTime) -> Range<Int64> {
        let total = frameCount
        let low = max(0, (try? a.sampleIndex(sampleRate: sampleRate)) ?? 0)
        let high = min(total, (try? b.sampleIndex(sampleRate: sampleRate)) ?? total)
        return low < high ? low..<high : low..<low
    }
}
