import MixdownComposition
import MixdownTime

extension VideoPlan {
    /// The picture of `range` of a timeline of length `timeline`, as a picture of
    /// its own, and the part of the timeline it really shows.
    ///
    /// Stitched clips are trimmed to the range and re-planned from the scans they
    /// hold, the first in-point snapped back to a keyframe (in `snaps`) and the
    /// out-point by the usual rules. A composed picture is cut at whole frames
    /// (the start taken back, the end forward, within the timeline), so its frames
    /// are the full picture's frames; its smart render is planned again for the
    /// excerpt, which copies what the clips' IDR pictures allow. Without picture
    /// the range is clamped to the timeline.
    ///
    /// - Throws: ``MixPlanError/rangeOutsideTimeline(_:timeline:)``; ``MixPlanError/stitch(_:)``
    ///   when the trimmed clips cannot be cut; ``MixPlanError/videoComposition(_:)``.
    func cut(to range: MediaTimeRange, timeline: MediaTime) throws(MixPlanError) -> (VideoPlan, MediaTimeRange, [CutPointSnap]) {
        let whole: MediaTimeRange
        do { whole = try MediaTimeRange(start: .zero, end: timeline) } catch { throw .composition(.time(error)) }
        guard let clamped = range.intersection(whole) else { throw .rangeOutsideTimeline(range, timeline: timeline) }
        switch self {
        case .none:
            return (.none, clamped, [])
        case let .stitched(stitch):
            let (trimmed, shown) = try stitch.cut(to: clamped)
            return (.stitched(trimmed), shown, trimmed.snaps)
        case let .composed(composed):
            let frames = try composed.timeline.videoComposition.wholeFrames(of: clamped, within: whole)
            return (.composed(try composed.excerpt(frames)), frames, [])
        }
    }
}

extension VideoStitchPlan {
    /// The clips over `range` trimmed to it and stitched again, and where the
    /// result lies on this timeline (its start moved back to a keyframe).
    func cut(to range: MediaTimeRange) throws(MixPlanError) -> (VideoStitchPlan, MediaTimeRange) {
        var requests: [VideoClipRequest] = []
        var offset: MediaTime?
        for segment in segments where segment.timelineRange.overlaps(range) {
            let timeline = segment.timelineRange
            do {
                let inPoint = try segment.sourceRange.start + (max(range.start, timeline.start) - timeline.start)
                let outPoint = try segment.sourceRange.start + (min(range.end, timeline.end) - timeline.start)
                requests.append(VideoClipRequest(path: segment.path, inPoint: inPoint, outPoint: outPoint))
                if offset == nil { offset = try timeline.start - segment.sourceRange.start }
            } catch {
                throw .composition(.time(error))
            }
        }
        guard let offset, let first = requests.first?.inPoint else { throw .rangeOutsideTimeline(range, timeline: duration) }
        let trimmed: VideoStitchPlan
        do { trimmed = try replanned(clips: requests, snapToKeyframes: true) } catch { throw .stitch(error) }
        // Where the first clip's (snapped) in-point sits on the full timeline.
        let snappedStart = trimmed.segments.first?.sourceRange.start ?? first
        do {
            let start = try offset + snappedStart
            return (trimmed, try MediaTimeRange(start: start, duration: trimmed.duration))
        } catch {
            throw .composition(.time(error))
        }
    }
}

extension ComposedVideo {
    /// The picture over `range` (on the frame grid) as a picture of its own, its
    /// smart render planned again when this one has one.
    func excerpt(_ range: MediaTimeRange) throws(MixPlanError) -> ComposedVideo {
        let timeline: VideoTimeline
        do { timeline = try self.timeline.excerpt(range) } catch { throw .videoComposition(error) }
        var smart: SmartRenderPlan?
        if smartRender != nil {
            do { smart = try SmartRenderPlan(timeline: timeline, infos: clips, fullRender: fullRender) } catch {
                throw .stitch(error)
            }
        }
        return ComposedVideo(timeline: timeline, clips: clips, smartRender: smart, fullRender: fullRender)
    }
}

extension VideoComposition {
    /// `range` taken out to whole frames of this composition (its start back to
    /// the frame it falls in, its end forward to a frame's end), within `bounds`.
    func wholeFrames(of range: MediaTimeRange, within bounds: MediaTimeRange) throws(MixPlanError) -> MediaTimeRange {
        do {
            let first = try range.start.wholeFrames(of: frameDuration)
            let start = try MediaTime(frameIndex: first, frameDuration: frameDuration)
            let count = try MediaTimeRange(start: start, end: range.end).frameCount(frameDuration: frameDuration)
            let end = min(bounds.end, try MediaTime(frameIndex: first + count, frameDuration: frameDuration))
            return try MediaTimeRange(start: max(bounds.start, start), end: end)
        } catch {
            throw .composition(.time(error))
        }
    }
}
