import MixdownTime

/// The video track of an export, made by stream copy: clips in order, each
/// trimmed, each segment starting where the previous one ends.
///
/// Cutting rules (stream copy never decodes, so cuts go where the bitstream allows):
/// - **In-point:** must be a clean keyframe (see `VideoClipInfo.keyframeTimes`),
///   or an open-GOP one, from which the clip is decoded and re-encoded, not copied
///   (`segmentsStartingOnOpenGOP`).
///   Otherwise `VideoStitchError.notOnKeyframe` lists the keyframes before and after;
///   with `snapToKeyframes` the in-point moves back to the keyframe before and the
///   segment reports it in `inPointSnap`. Without an in-point a clip starts at its
///   first shown frame. When that frame needs a keyframe which the file's edit list
///   hides (pre-roll, flagged discarded), the keyframe is copied too, before the
///   segment's start, where the output's edit list hides it again: possible only
///   for the first segment of the track.
/// - **End:** the end of the last shown frame. Frames past the source's edit list
///   that later ones reference are copied and given no time.
/// - **Out-point:** without frame reordering, any frame boundary. With B-frames,
///   frames shown before a cut can depend on frames decoded before them but shown
///   after it (the reference P-frame of a B-frame group), so the only cuts where the
///   copied packets are exactly the frames shown are just before a clean keyframe
///   and the clip end. Any other out-point moves back to the nearest such cut (a
///   frame boundary without reordering) and is reported in `outPointSnap`; it never
///   moves forward, so no frame past the requested out-point is shown.
///
/// Segment boundaries come from packet timestamps and durations in the stream's
/// time base, so the timeline is that of the video that will be written.
public struct VideoStitchPlan: Sendable {
    /// The segments in timeline order; the first starts at 0 and each starts where
    /// the previous ends.
    public let segments: [VideoSegment]
    /// The timeline's length: the end of the last segment, exact.
    public let duration: MediaTime
    /// The format shared by all clips (from the first); its rotation is carried to the output.
    public let format: VideoStreamFormat
    /// The scanned clips, by path: what a plan of other trims of them needs
    /// (``replanned(clips:snapToKeyframes:)``) without reading the files again.
    public let clipInfos: [String: VideoClipInfo]

    /// The segments that start on an open-GOP keyframe, whose leading pictures
    /// (copied after it, shown before it) need the GOP before, which is not
    /// copied: a decoder would show them broken, or stop at the missing
    /// references. Such a clip is decoded and re-encoded (conformed) instead.
    package var segmentsStartingOnOpenGOP: [VideoSegment] {
        segments.filter { segment in
            clipInfos[segment.path]?.startPoints.contains { $0.index == segment.packetRange.lowerBound && $0.isOpenGOP } ?? false
        }
    }

    /// Every trim point that was moved, in timeline order.
    public var snaps: [CutPointSnap] {
        segments.flatMap { [$0.inPointSnap, $0.outPointSnap].compactMap { $0 } }
    }

    /// Plans the track from clips already scanned; `infos` maps each path to its info.
    ///
    /// - Throws: ``VideoStitchError/incompatibleClips(path:previous:differences:)``
    ///   when a clip differs from the one before it in a parameter stream copy needs
    ///   equal (naming each, with both values); `notOnKeyframe` and `invalidTrim`
    ///   for trims; `noClips` for an empty list; `clipNotScanned` for a path
    ///   missing from `infos`.
    ///
    /// `checkCompatibility: false` plans the timeline of clips that could not be
    /// stream-copied together (for an audio-only preview of them).
    public init(clips: [VideoClipRequest], infos: [String: VideoClipInfo], snapToKeyframes: Bool = false,
                checkCompatibility: Bool = true) throws(VideoStitchError) {
        guard let firstPath = clips.first?.path else { throw .noClips }
        var segments: [VideoSegment] = []
        var cursor = MediaTime.zero
        var previous: VideoClipInfo?
        for (index, clip) in clips.enumerated() {
            guard let info = infos[clip.path] else { throw .clipNotScanned(path: clip.path) }
            if let previous, checkCompatibility {
                let differences = info.format.incompatibilities(following: previous.format)
                if !differences.isEmpty {
                    throw .incompatibleClips(path: info.path, previous: previous.path, differences: differences)
                }
            }
            let segment = try Self.segment(of: info, clip: clip, index: index, at: cursor, snapToKeyframes: snapToKeyframes)
            // A segment that starts on an open-GOP keyframe is re-encoded, not copied after the last.
            let opensGOP = info.startPoints.contains { $0.index == segment.packetRange.lowerBound && $0.isOpenGOP }
            if checkCompatibility, !opensGOP, let last = segments.last {
                try Self.checkHiddenPreRoll(segment, of: info, after: last)
                try Self.checkDecodingOrder(last, then: segment)
            }
            segments.append(segment)
            cursor = segment.timelineRange.end
            previous = info
        }
        guard let first = infos[firstPath] else { throw .clipNotScanned(path: firstPath) }
        self.segments = segments
        duration = cursor
        format = first.format
        clipInfos = infos.filter { path, _ in clips.contains { $0.path == path } }
    }

    /// A plan of other trims of clips this plan has scanned, made without reading
    /// them again (an excerpt of the timeline, say). Compatibility is checked as
    /// when this plan was made.
    ///
    /// - Throws: as ``init(clips:infos:snapToKeyframes:checkCompatibility:)``;
    ///   `clipNotScanned` for a clip this plan does not hold.
    public func replanned(clips: [VideoClipRequest], snapToKeyframes: Bool) throws(VideoStitchError) -> VideoStitchPlan {
        try VideoStitchPlan(clips: clips, infos: clipInfos, snapToKeyframes: snapToKeyframes)
    }

    /// A segment whose first shown frame needs a keyframe the source's edit list
    /// hides copies that keyframe too, shown before the segment's start: only the
    /// output's edit list, at the start of the track, can hide it again.
    private static func checkHiddenPreRoll(_ segment: VideoSegment, of info: VideoClipInfo,
                                           after previous: VideoSegment) throws(VideoStitchError) {
        guard info.packets[segment.packetRange.lowerBound].pts < segment.startTicks else { return }
        let later = info.keyframeTimes.first { $0 > segment.sourceRange.start }
        throw .incompatibleClips(path: segment.path, previous: previous.path, differences: [
            "its first frame at \(segment.sourceRange.start) needs the keyframe before it, which its edit list hides, "
                + "and stream copy can hide it only at the start of the export: put this clip first"
                + (later.map { " or trim it to start on a keyframe (\($0))" } ?? ""),
        ])
    }

    /// With reordering, a clip's first packets are decoded before their pts; the
    /// shifted decoding times must still come after the previous clip's last one.
    private static func checkDecodingOrder(_ previous: VideoSegment, then next: VideoSegment) throws(VideoStitchError) {
        let lastDecode = try? previous.timelineRange.start
            + VideoClipInfo.time(ticks: previous.lastDts - previous.startTicks, timeBase: previous.timeBase, path: previous.path)
        let firstDecode = try? next.timelineRange.start
            + VideoClipInfo.time(ticks: next.firstDts - next.startTicks, timeBase: next.timeBase, path: next.path)
        guard let lastDecode, let firstDecode, firstDecode > lastDecode else {
            throw .incompatibleClips(path: next.path, previous: previous.path, differences: [
                "decoding delay: its first frame would be decoded before the last frame of the clip before "
                    + "(\(firstDecode?.readable ?? "?") vs \(lastDecode?.readable ?? "?") on the timeline)",
            ])
        }
    }
}
