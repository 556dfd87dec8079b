import MixdownTime

/// The video track of an export, made by stream copy: clips in order, each
/// trimmed, each segment starting where the previous one ends.
///
/// Cutting rules (stream copy never decodes, so cuts go where the bitstream allows):
/// - **In-point:** must be a clean keyframe (see `VideoClipInfo.keyframeTimes`).
///   Otherwise `MediaIOError.notOnKeyframe` lists the keyframes before and after;
///   with `snapToKeyframes` the in-point moves back to the keyframe before and the
///   segment reports it in `inPointSnap`.
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
    /// The format shared by all clips (from the first).
    public let codec: String
    public let width: Int
    public let height: Int
    /// Display rotation in degrees (counter-clockwise), carried to the output.
    public let rotation: Double

    /// Every trim point that was moved, in timeline order.
    public var snaps: [CutPointSnap] {
        segments.flatMap { [$0.inPointSnap, $0.outPointSnap].compactMap { $0 } }
    }

    /// Scans each clip (each path once) and plans the track.
    ///
    /// - Throws: what `VideoClipInfo(path:)` throws for a missing, unreadable or
    ///   truncated clip; `incompatibleClips` when a clip differs from the one
    ///   before it in a parameter stream copy needs equal (naming each, with both
    ///   values); `notOnKeyframe` and `invalidTrim` for trims; `invalidTrim` for an
    ///   empty list.
    ///
    /// `checkCompatibility: false` plans the timeline of clips that could not be
    /// stream-copied together (for an audio-only preview of them).
    public init(clips: [VideoClipRequest], snapToKeyframes: Bool = false, checkCompatibility: Bool = true) throws(MediaIOError) {
        var infos: [String: VideoClipInfo] = [:]
        for clip in clips where infos[clip.path] == nil {
            infos[clip.path] = try VideoClipInfo(path: clip.path)
        }
        try self.init(clips: clips, infos: infos, snapToKeyframes: snapToKeyframes, checkCompatibility: checkCompatibility)
    }

    /// Plans the track from clips already scanned; `infos` maps each path to its info.
    public init(clips: [VideoClipRequest], infos: [String: VideoClipInfo], snapToKeyframes: Bool = false,
                checkCompatibility: Bool = true) throws(MediaIOError) {
        guard let firstPath = clips.first?.path else {
            throw .invalidTrim(path: "(no clips)", reason: "a video track needs at least one clip")
        }
        var segments: [VideoSegment] = []
        var cursor = MediaTime.zero
        var previous: VideoClipInfo?
        for (index, clip) in clips.enumerated() {
            guard let info = infos[clip.path] else { throw .missingInput(path: clip.path, reason: "the clip was not scanned") }
            if let previous, checkCompatibility {
                let differences = info.incompatibilities(following: previous)
                if !differences.isEmpty {
                    throw .incompatibleClips(path: info.path, previous: previous.path, differences: differences)
                }
            }
            let segment = try Self.segment(of: info, clip: clip, index: index, at: cursor, snapToKeyframes: snapToKeyframes)
            if checkCompatibility, let last = segments.last { try Self.checkDecodingOrder(last, then: segment) }
            segments.append(segment)
            cursor = segment.timelineRange.end
            previous = info
        }
        let first = infos[firstPath]!
        self.segments = segments
        duration = cursor
        codec = first.codec
        width = first.width
        height = first.height
        rotation = first.rotation
    }

    /// With reordering, a clip's first packets are decoded before their pts; the
    /// shifted decoding times must still come after the previous clip's last one.
    private static func checkDecodingOrder(_ previous: VideoSegment, then next: VideoSegment) throws(MediaIOError) {
        let lastDecode = try? previous.timelineRange.start
            + VideoClipInfo.time(ticks: previous.lastDts - previous.startTicks, timeBase: previous.timeBase, path: previous.path)
        let firstDecode = try? next.timelineRange.start
            + VideoClipInfo.time(ticks: next.firstDts - next.startTicks, timeBase: next.timeBase, path: next.path)
        guard let lastDecode, let firstDecode, firstDecode > lastDecode else {
            throw .incompatibleClips(path: next.path, previous: previous.path, differences: [
                "decoding delay: its first frame would be decoded before the last frame of the clip before "
                    + "(\(firstDecode?.description ?? "?") vs \(lastDecode?.description ?? "?") on the timeline)",
            ])
        }
    }
}
