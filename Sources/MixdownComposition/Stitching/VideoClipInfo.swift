import MixdownTime

/// What stream-copy stitching needs to know about a clip's video stream: its
/// format, its timing, and where it can be cut without decoding.
///
/// Times are in the clip's own time: 0 is the container's start time (the
/// origin the audio decoder uses for sample 0 too, so a clip's audio and video
/// agree). The I/O layer makes one by scanning every video packet of a file
/// (`VideoClipInfo(path:)` in MixdownMediaIO); it keeps 32 bytes per frame,
/// not the frames.
///
/// The packet table is normalised once, here, by the rules of
/// `VideoClipInfo+Normalising`: decoding times that the container left out are
/// derived from the presentation times, decoding times that come after their
/// presentation are moved back, and every frame's duration is the time until the
/// next frame shown, so that the clip ends where its last shown frame ends.
public struct VideoClipInfo: Sendable {
    /// The path the clip was opened with.
    public let path: String
    /// Index of the video stream in its container.
    public let streamIndex: Int
    /// The stream's format: what must match for clips to share one track.
    public let format: VideoStreamFormat
    /// The stream's time base: packet timestamps count ticks of this length.
    public let timeBase: TimeBase
    /// From time 0 to the end of the last frame shown (frames the container marks
    /// as discarded, outside its edit list, are not shown), exact.
    public let duration: MediaTime
    /// Number of frames (packets) in the stream, shown or not.
    public let frameCount: Int
    /// Whether frames are stored out of presentation order (B-frames).
    public let hasFrameReordering: Bool
    /// Times where a clip can start, ascending: the clean keyframes that are
    /// shown, the first shown frame when the keyframe it needs is hidden by the
    /// file's edit list (see `VideoStitchPlan`), and open-GOP keyframes.
    ///
    /// A keyframe is clean if no frame before it in decoding order is shown after
    /// it and none after it is shown before it (a closed GOP), so both halves
    /// decode alone: stream copy starts there. An open-GOP keyframe (a camera's
    /// I-frame with a recovery point, which FFmpeg flags as a keyframe) has
    /// leading pictures after it that are shown before it and need the GOP
    /// before: a clip starting there shows the keyframe first, as FFmpeg's decoder
    /// does, and is re-encoded, not copied (`VideoStitchPlan.segmentsStartingOnOpenGOP`).
    public let keyframeTimes: [MediaTime]

    /// Every packet in decoding order, normalised: `dts` strictly increasing and
    /// never after `pts`, `duration` the ticks until the next frame shown (or the
    /// clip's end); discarded packets keep the duration they were stored with.
    package let packets: [VideoPacketEntry]
    /// Decoding-order indices of the clean keyframes.
    package let cleanKeyframes: [Int]
    /// Where a segment can start, ascending by `ticks`: matches `keyframeTimes`.
    package let startPoints: [StartPoint]
    /// Stream ticks of time 0.
    package let origin: Int64
    /// Stream ticks of the first frame shown.
    package let firstShownTicks: Int64
    /// Stream ticks just past the last frame shown.
    package let endTicks: Int64
    /// Whether frames shown at or after `endTicks` are stored (a phone's edit list
    /// ends before the last frame it encoded, which others need to decode): a copy
    /// reaching the clip's end can hide them only at the end of the export, where
    /// the output's edit list ends too.
    package var hidesFramesPastEnd: Bool { packets.contains { $0.pts >= endTicks } }

    /// Whether `segment` of this clip copies frames shown at or after its end
    /// (outside the edit list, needed to decode the frames before): only the end
    /// of the output's track can hide them again.
    package func hidesFrames(pastEndOf segment: VideoSegment) -> Bool {
        packets[segment.packetRange].contains { $0.pts >= segment.endTicks }
    }
    /// What the I/O layer that scanned the clip keeps to write a copy of its
    /// stream (codec parameters, aspect ratio, side data); opaque here, nil for
    /// packet tables made by hand.
    package let streamParameters: (any Sendable)?
    /// What the scan saw inside the packets (parameter sets, open GOPs, layers).
    package let bitstream: VideoBitstreamFacts

    /// A place where a segment can start by stream copy: the first packet copied
    /// (a clean keyframe, in decoding order) and the first frame shown, which is
    /// that keyframe itself unless the keyframe is hidden pre-roll.
    package struct StartPoint: Sendable, Equatable {
        package var index: Int
        package var ticks: Int64
        /// Whether the keyframe opens a GOP that its leading pictures reach out
        /// of: a decode may start there, a copy may not.
        package var isOpenGOP = false
    }

    /// The facts of a scanned stream: `packets` in decoding order, each with
    /// timestamps as stored, `origin` the ticks of the container's start,
    /// `statedEnd` the ticks where the container says the stream ends (its edit
    /// list, for MP4/MOV) when it says so exactly, `bitstream` what the scan saw
    /// inside the packets.
    ///
    /// - Throws: ``VideoStitchError/timestampOutOfRange(path:reason:)`` when a
    ///   timestamp cannot be a time or decoding times do not increase;
    ///   ``VideoStitchError/invalidTrim(path:reason:)`` for a stream without
    ///   frames shown.
    package init(path: String, streamIndex: Int, format: VideoStreamFormat, timeBase: TimeBase,
                 origin: Int64, packets stored: [VideoPacketEntry], statedEnd: Int64? = nil,
                 streamParameters: (any Sendable)? = nil, bitstream: VideoBitstreamFacts = VideoBitstreamFacts()) throws(VideoStitchError) {
        guard !stored.isEmpty else { throw .invalidTrim(path: path, reason: "the video stream has no frames") }
        self.path = path
        self.streamIndex = streamIndex
        self.format = format
        self.timeBase = timeBase
        self.origin = origin
        self.streamParameters = streamParameters
        self.bitstream = bitstream
        let timing = try Self.normalised(Self.hidingUndecodableHead(stored), statedEnd: statedEnd, path: path)
        let packets = timing.packets
        self.packets = packets
        frameCount = packets.count
        firstShownTicks = timing.firstShown
        endTicks = timing.end
        hasFrameReordering = zip(packets, packets.dropFirst()).contains { $1.pts < $0.pts }
        let cleanKeyframes = Self.cleanKeyframes(in: packets)
        self.cleanKeyframes = cleanKeyframes
        var startPoints = Self.startPoints(packets: packets, cleanKeyframes: cleanKeyframes, firstShown: timing.firstShown)
            + Self.openKeyframes(in: packets, clean: cleanKeyframes)
        startPoints.sort { $0.ticks < $1.ticks }
        self.startPoints = startPoints
        keyframeTimes = try startPoints.map { point throws(VideoStitchError) in
            try Self.time(ticks: point.ticks - origin, timeBase: timeBase, path: path)
        }
        duration = try Self.time(ticks: timing.end - origin, timeBase: timeBase, path: path)
    }

    /// Keyframes that split the stream into two halves that each decode alone: every
    /// packet before is shown before the keyframe, every packet from it on is not.
    private static func cleanKeyframes(in packets: [VideoPacketEntry]) -> [Int] {
        var suffixMin = [Int64](repeating: .max, count: packets.count + 1)
        for i in packets.indices.reversed() { suffixMin[i] = min(suffixMin[i + 1], packets[i].pts) }
        var result: [Int] = []
        var prefixMax = Int64.min
        for (i, p) in packets.enumerated() {
            if p.isKeyframe, prefixMax < p.pts, suffixMin[i] == p.pts { result.append(i) }
            prefixMax = max(prefixMax, p.pts)
        }
        return result
    }

    /// The stored packets with those no decoder starting at the stream's start
    /// can show marked as not shown: the packets before the first keyframe in
    /// decoding order and that keyframe's leading pictures (after it, shown before
    /// it), which reference pictures from before the file began (a recording a
    /// camera split into files, a transport stream cut mid-GOP). FFmpeg's decoder
    /// does not output them; nor does a copy show them. Unchanged without a keyframe.
    private static func hidingUndecodableHead(_ stored: [VideoPacketEntry]) -> [VideoPacketEntry] {
        guard let first = stored.firstIndex(where: \.isKeyframe) else { return stored }
        var packets = stored
        let keyframe = packets[first].pts
        for i in packets.indices where i < first || packets[i].pts < keyframe { packets[i].isDiscarded = true }
        return packets
    }

    /// Keyframes that are shown after every shown packet decoded before them but
    /// have leading pictures (after them in decoding order, shown before them),
    /// which a decode starting there cannot show: where a clip can start by a
    /// decode, not by a copy.
    private static func openKeyframes(in packets: [VideoPacketEntry], clean: [Int]) -> [StartPoint] {
        var result: [StartPoint] = []
        var latestShown = Int64.min
        for (i, p) in packets.enumerated() {
            if p.isKeyframe, !p.isDiscarded, latestShown < p.pts, !clean.contains(i) {
                result.append(StartPoint(index: i, ticks: p.pts, isOpenGOP: true))
            }
            if !p.isDiscarded { latestShown = max(latestShown, p.pts) }
        }
        return result
    }

    /// The clean keyframes that are shown, and, when the first frame shown is not
    /// one, the last clean keyframe before it if every frame from that keyframe up
    /// to it is discarded: the pre-roll an edit list hides (the first frame shown
    /// then needs it, and the copy starts with it).
    private static func startPoints(packets: [VideoPacketEntry], cleanKeyframes: [Int], firstShown: Int64) -> [StartPoint] {
        var points = cleanKeyframes.filter { !packets[$0].isDiscarded }.map { StartPoint(index: $0, ticks: packets[$0].pts) }
        if !points.contains(where: { $0.ticks == firstShown }),
           let preRoll = cleanKeyframes.last(where: { packets[$0].pts < firstShown }),
           packets[preRoll...].allSatisfy({ $0.pts >= firstShown || $0.isDiscarded }) {
            points.append(StartPoint(index: preRoll, ticks: firstShown))
        }
        return points.sorted { $0.ticks < $1.ticks }
    }

    /// `ticks` of `timeBase` as an exact time.
    package static func time(ticks: Int64, timeBase: TimeBase, path: String) throws(VideoStitchError) -> MediaTime {
        do {
            return try timeBase.time(ticks: ticks)
        } catch {
            throw .timestampOutOfRange(path: path, reason: "timestamp \(ticks) × \(timeBase) s is out of range")
        }
    }
}

/// One video packet's timing, as stored in the container (and, in a
/// `VideoClipInfo`, as normalised).
package struct VideoPacketEntry: Sendable, Equatable {
    package var pts: Int64
    package var dts: Int64
    package var duration: Int64
    package var isKeyframe: Bool
    /// Decoded but not shown: the container's edit list leaves it out (FFmpeg's
    /// `AV_PKT_FLAG_DISCARD`), typically the keyframe before the first frame shown;
    /// or, in a `VideoClipInfo`, a picture before the first keyframe or leading it,
    /// which no decode from the stream's start can show.
    package var isDiscarded: Bool
    /// An instantaneous decoder refresh (H.264 NAL type 5, HEVC 19 or 20): where
    /// new parameter sets take effect, so where a copy may resume after
    /// re-encoded frames that used others. False for other codecs.
    package var isIDR: Bool

    package init(pts: Int64, dts: Int64, duration: Int64, isKeyframe: Bool, isDiscarded: Bool = false, isIDR: Bool = false) {
        self.pts = pts
        self.dts = dts
        self.duration = duration
        self.isKeyframe = isKeyframe
        self.isDiscarded = isDiscarded
        self.isIDR = isIDR
    }
}
