import MixdownMediaIO
import MixdownProject
import MixdownTime

/// The part of a plan's timeline an export writes (`--range`), cut where stream copy can cut.
///
/// The clips overlapping the range are trimmed to it and re-planned with their
/// in-point snapped back to a keyframe (reported in `snaps`); the out-point follows
/// the usual rules. The audio is the full plan's mix from the (snapped) start for
/// exactly the trimmed video's length (`MixPlan.excerpt`), so picture and sound stay
/// together and the cuts inside the range sound as in a full export.
public struct ExportRange: Sendable {
    /// The plan to export: the excerpt of the timeline, starting at 0.
    public let plan: MixPlan
    /// Where the excerpt starts and ends on the full timeline, after snapping.
    public let timelineRange: MediaTimeRange
    /// In- and out-points that moved to where stream copy allows.
    public let snaps: [CutPointSnap]

    public init(plan: MixPlan, range: MediaTimeRange) throws(MediaIOError) {
        let (video, span, snaps) = try Self.cut(plan, to: range)
        do {
            let start = try MediaTime(sampleIndex: span.lowerBound, sampleRate: plan.sampleRate)
            timelineRange = try MediaTimeRange(start: start, end: try MediaTime(sampleIndex: span.upperBound, sampleRate: plan.sampleRate))
            self.plan = try plan.excerpt(timelineRange, video: video)
        } catch {
            throw .invalidTrim(path: "--range", reason: "\(error)")
        }
        self.snaps = snaps
    }

    /// The trimmed video track and the full plan's samples the excerpt is made of.
    private static func cut(_ plan: MixPlan, to range: MediaTimeRange) throws(MediaIOError) -> (VideoStitchPlan?, Range<Int64>, [CutPointSnap]) {
        guard range.end > .zero, !range.isEmpty else {
            throw .invalidTrim(path: "--range", reason: "\(range) is empty or before the timeline")
        }
        let rate = plan.sampleRate
        guard let full = plan.video else {
            let span = Self.samples(range.start, range.end, rate: rate, limit: plan.duration)
            guard !span.isEmpty else { throw .invalidTrim(path: "--range", reason: "\(range) is outside the timeline") }
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
                throw .invalidTrim(path: segment.path, reason: error.description)
            }
        }
        guard let offset = start, let first = requests.first?.inPoint else {
            throw .invalidTrim(path: "--range", reason: "\(range) is outside the timeline")
        }
        let trimmed = try VideoStitchPlan(clips: requests, snapToKeyframes: true)
        // Where the first clip's (snapped) in-point sits on the full timeline.
        let snappedStart = trimmed.segments.first?.sourceRange.start ?? first
        let begin: MediaTime
        let end: MediaTime
        do {
            begin = try offset + snappedStart
            end = try begin + trimmed.duration
        } catch {
            throw .invalidTrim(path: "--range", reason: error.description)
        }
        return (trimmed, samples(begin, end, rate: rate, limit: plan.duration), trimmed.snaps)
    }

    /// Samples [round(a × rate), round(b × rate)), inside the timeline.
    private static func samples(_ a: MediaTime, _ b: MediaTime, rate: Int32, limit: MediaTime) -> Range<Int64> {
        let total = (try? limit.sampleIndex(sampleRate: rate)) ?? 0
        let low = max(0, (try? a.sampleIndex(sampleRate: rate)) ?? 0)
        let high = min(total, (try? b.sampleIndex(sampleRate: rate)) ?? total)
        return low < high ? low..<high : low..<low
    }
}
