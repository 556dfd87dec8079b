import MixdownAudioMix
import MixdownComposition
import MixdownTime

extension MixPlan {
    /// The part of a timeline an export of a range writes: a plan of its own.
    public struct Excerpt: Sendable {
        /// The plan to export: the excerpt of the timeline, starting at 0.
        public let plan: MixPlan
        /// Where the excerpt starts and ends on the full timeline, after snapping.
        public let timelineRange: MediaTimeRange
        /// In- and out-points that moved to where stream copy allows.
        public let snaps: [CutPointSnap]
    }

    /// The excerpt an export of `range` writes, the way AVFoundation exports a
    /// `timeRange` of a composition.
    ///
    /// The range is first moved to where the picture can be cut:
    /// stitched clips are re-planned from the scans this plan holds, their first
    /// in-point snapped back to a keyframe (reported in ``Excerpt/snaps``); a
    /// composed picture's range is taken out to whole frames; a timeline without
    /// picture is only clamped. Then every track is cut to it as one walk over the
    /// tree (``excerpt(_:video:)``): the audio is this plan's mix over exactly the
    /// picture's length, so picture and sound stay together and the cuts inside the
    /// range sound as in a full export.
    ///
    /// - Throws: ``MixPlanError/rangeOutsideTimeline(_:timeline:)`` for a range that
    ///   misses the timeline; ``MixPlanError/stitch(_:)`` when the trimmed clips
    ///   cannot be cut; ``MixPlanError/notMeasured`` before a loudness pass ran.
    public func excerpt(forExportOf range: MediaTimeRange) throws(MixPlanError) -> Excerpt {
        guard range.end > .zero, !range.isEmpty else { throw .rangeOutsideTimeline(range, timeline: duration) }
        let (video, picture, snaps) = try self.video.cut(to: range, timeline: duration)
        // The audio follows the picture from the output sample its start falls on.
        let span = samples(picture.start, picture.end)
        guard !span.isEmpty else { throw .rangeOutsideTimeline(range, timeline: duration) }
        let timelineRange: MediaTimeRange
        do {
            timelineRange = try MediaTimeRange(start: MediaTime(sampleIndex: span.lowerBound, sampleRate: sampleRate),
                                               end: MediaTime(sampleIndex: span.upperBound, sampleRate: sampleRate))
        } catch {
            throw .composition(.time(error))
        }
        return Excerpt(plan: try excerpt(timelineRange, video: video), timelineRange: timelineRange, snaps: snaps)
    }

    /// The plan of `range` of this timeline as a timeline of its own, starting at
    /// 0, with `video` as its picture: every track cut to the range (caption
    /// cues clipped to it, those outside dropped) and every gain
    /// layer moved with it, so the excerpt's sample n is this plan's sample
    /// n + round(start × rate) when the range starts on the sample grid.
    ///
    /// - Throws: ``MixPlanError/notMeasured`` for a plan with a duck still to be
    ///   measured (the depths of the full timeline are what the excerpt keeps);
    ///   ``MixPlanError/composition(_:)`` when a time overflows.
    public func excerpt(_ range: MediaTimeRange, video: VideoPlan) throws(MixPlanError) -> MixPlan {
        guard !needsMeasuring else { throw .notMeasured }
        var cut = self
        cut.audioTracks = try audioTracks.map { track throws(MixPlanError) in try track.excerpt(range) }
        cut.video = video
        cut.captionTracks = []
        for track in captionTracks {
            do { cut.captionTracks.append(try track.excerpt(range)) } catch { throw .composition(.time(error)) }
        }
        cut.duration = range.duration
        return cut
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

    /// Samples [round(a × rate), round(b × rate)), inside the timeline.
    private func samples(_ a: MediaTime, _ b: MediaTime) -> Range<Int64> {
        let total = frameCount
        let low = max(0, (try? a.sampleIndex(sampleRate: sampleRate)) ?? 0)
        let high = min(total, (try? b.sampleIndex(sampleRate: sampleRate)) ?? total)
        return low < high ? low..<high : low..<low
    }
}

extension MixTrack {
    /// The track over `range`, moved to start at 0: its segments and items cut to
    /// the range, its speech and loudness ducks kept where inside it, its gain
    /// layers moved whole (each is the same function of time, `range.start` earlier).
    func excerpt(_ range: MediaTimeRange) throws(MixPlanError) -> MixTrack {
        let shift: MediaTime
        do { shift = try MediaTime.zero - range.start } catch { throw .composition(.time(error)) }
        var cut = self
        do { cut.composition = try composition.excerpt(range) } catch { throw .composition(error) }
        cut.items = []
        for item in items {
            if let inside = try item.excerpt(range) { cut.items.append(inside) }
        }
        do {
            cut.layers = try layers.map { layer throws(AudioMixError) in try layer.shifted(by: shift) }
            cut.duck = try duck?.shifted(by: shift)
        } catch { throw .envelope(error) }
        cut.loudnessDucks = []
        for duck in loudnessDucks {
            guard let inside = try range.moved(duck.range) else { continue }
            var moved = duck
            moved.range = inside
            cut.loudnessDucks.append(moved)
        }
        return cut
    }
}

extension MixItem {
    /// The item's part inside `range`, in the range's time (its start at 0), its
    /// speech and dialogue phrases with it; nil if none.
    func excerpt(_ range: MediaTimeRange) throws(MixPlanError) -> MixItem? {
        guard let inside = try range.moved(timeRange) else { return nil }
        var cut = self
        cut.timeRange = inside
        if let speech {
            var regions: [MediaTimeRange] = []
            for region in speech {
                if let inside = try range.moved(region) { regions.append(inside) }
            }
            cut.speech = regions
        }
        if let phrases = dialogue?.phrases {
            var inside: [MediaTimeRange] = []
            for phrase in phrases {
                if let moved = try range.moved(phrase) { inside.append(moved) }
            }
            cut.dialogue?.phrases = inside
        }
        return cut
    }
}

extension MediaTimeRange {
    /// The part of `range` inside this one, in this one's time (its start at 0); nil if none.
    func moved(_ range: MediaTimeRange) throws(MixPlanError) -> MediaTimeRange? {
        guard let inside = range.intersection(self), !inside.isEmpty else { return nil }
        do {
            return try MediaTimeRange(start: try inside.start - start, duration: inside.duration)
        } catch { throw .composition(.time(error)) }
    }
}
