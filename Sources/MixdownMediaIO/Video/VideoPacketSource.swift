internal import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime

/// Reads a stitch plan's video packets lazily, one clip open at a time, with
/// timestamps moved onto the timeline in the output stream's time base.
///
/// The timestamps written are those of the clip's scan (`VideoClipInfo.packets`,
/// normalised: derived decoding times where the container stores none, decoding
/// never after presentation, each frame lasting until the next one shown), not
/// the demuxer's: each packet read is checked against the scan by its pts. A
/// segment's packets are `pts - startTicks` in the clip's time base, rescaled to
/// the output's, plus the segment's timeline start: so its first shown frame lands
/// exactly on `timelineRange.start` and, with B-frames, its first packets keep their
/// negative decoding offsets (dts < pts). Frames shown at or after the segment's
/// end (outside the source's edit list, but needed to decode others) are placed
/// at that end with no duration: FFmpeg 5.1's MP4 muxer ends the output's edit
/// list at the latest pts + duration (exactly, in the time scale the writer then
/// gives the movie), and demuxers discard the frames at or after it, as the
/// source's edit list did. Only a segment that ends the track may have them (the
/// plans see to that; `endsInHiddenFrames`).
/// Packet bytes, flags and side data are not touched. Holds one packet of lookahead.
final class VideoPacketSource {
    let segments: [VideoSegment]
    /// The output video stream's time base.
    let timeBase: TimeBase
    /// Each segment's clip scan.
    private let scans: [VideoClipInfo]
    private var segmentIndex = 0
    private var input: Demuxer?
    /// Packets of the current segment still to hand out.
    private var remaining = 0
    /// Whether the current segment's first packet has been found after the seek.
    private var started = false
    private var rescanned = false
    /// The current segment's timeline start, in output ticks.
    private var offset: Int64 = 0
    private let lookahead = Packet()
    private var hasLookahead = false
    /// Last dts handed out, for the monotonicity check.
    private var lastDts = Int64.min
    /// The current segment's end, in output ticks.
    private var end: Int64 = 0
    /// Packets handed out so far.
    private(set) var packetsRead = 0

    /// Reads `segments` (placed anywhere on the timeline, in order), each from
    /// the clip `scans` holds at the same index.
    init(segments: [VideoSegment], scans: [VideoClipInfo], timeBase: TimeBase) {
        self.segments = segments
        self.scans = scans
        self.timeBase = timeBase
    }

    /// - Throws: `unsupported` when the plan lacks the scan of one of its clips,
    ///   or when a clip that hides frames past its end is not the last.
    init(plan: VideoStitchPlan, timeBase: TimeBase) throws(MediaIOError) {
        segments = plan.segments
        self.timeBase = timeBase
        scans = try plan.segments.map { segment throws(MediaIOError) in
            guard let scan = plan.clipInfos[segment.path] else {
                throw .unsupported(path: segment.path, reason: "the clip's video was not scanned")
            }
            return scan
        }
        for (segment, scan) in zip(segments, scans).dropLast() where scan.hidesFrames(pastEndOf: segment) {
            throw .unsupported(path: segment.path, reason: "its edit list hides frames past its end, which stream copy can hide only at "
                + "the end of the export: put this clip last, or export with a change that re-encodes its last GOP (smart render)")
        }
    }

    /// The next packet's dts in output ticks, or nil when every segment is done.
    func peekDts() throws(MediaIOError) -> Int64? {
        try fill()
        return hasLookahead ? lookahead.dts : nil
    }

    /// Moves the next packet into `packet`; false when done.
    func take(into packet: Packet) throws(MediaIOError) -> Bool {
        try fill()
        guard hasLookahead else { return false }
        packet.moveReference(from: lookahead)
        hasLookahead = false
        return true
    }

    private func fill() throws(MediaIOError) {
        while !hasLookahead, segmentIndex < segments.count {
            let segment = segments[segmentIndex]
            if input == nil { try open(segment) }
            guard let input else { return }
            let packet = lookahead
            guard try ffmpeg(input.read(into: packet)) else {
                throw .unreadableMedia(path: segment.path, reason: "the video ends after \(segment.frameCount - remaining) of the "
                    + "\(segment.frameCount) planned frames (was it changed since it was scanned?)")
            }
            guard packet.streamIndex == segment.streamIndex else { packet.unref(); continue }
            let entry = scans[segmentIndex].packets[segment.packetRange.upperBound - remaining]
            if !started {
                // The first copied packet is a clean keyframe: every packet before it is
                // shown earlier, every one after it later.
                guard let pts = packet.pts, pts >= entry.pts else { packet.unref(); continue }
                if pts > entry.pts {
                    // The seek landed past the segment's keyframe: read from the start instead.
                    packet.unref()
                    guard !rescanned else {
                        throw .unreadableMedia(path: segment.path, reason: "cannot find the video frame at pts \(entry.pts)")
                    }
                    try open(segment, seeking: false)
                    rescanned = true
                    continue
                }
                started = true
            }
            try place(packet, as: entry, segment: segment)
            hasLookahead = true
            remaining -= 1
            if remaining == 0 {
                self.input = nil
                segmentIndex += 1
            }
        }
    }

    /// Opens the segment's clip to read packets (no stream analysis: the scan has
    /// described the stream) and, with `seeking`, seeks to its first packet's
    /// keyframe; without, reading starts at the beginning of the file.
    private func open(_ segment: VideoSegment, seeking: Bool = true) throws(MediaIOError) {
        let input = try ffmpeg(Demuxer(path: segment.path))
        if segment.streamIndex >= input.streamCount {
            // A container whose streams appear only as packets are read (no header).
            try ffmpeg(input.findStreamInfo())
        }
        guard segment.streamIndex < input.streamCount else { throw .noStream(path: segment.path, kind: "video") }
        input.discardAll(except: [segment.streamIndex])
        if seeking {
            // Demuxers index by their own notion of time (mov: dts shifted by the edit
            // list), so ask for the keyframe's pts, backwards; packets before the
            // segment are skipped, and a seek that overshoots falls back to reading from the start.
            let keyframe = scans[segmentIndex].packets[segment.packetRange.lowerBound].pts
            let status = input.seek(stream: segment.streamIndex, to: keyframe, backward: true)
            guard status.isSuccess else { throw .unreadableMedia(path: segment.path, reason: "seek: \(status.message)") }
        }
        self.input = input
        remaining = segment.frameCount
        started = false
        rescanned = false
        guard let offset = try? timeBase.ticks(segment.timelineRange.start), let end = try? timeBase.ticks(segment.timelineRange.end) else {
            throw .unsupported(path: segment.path, reason: "timeline range \(segment.timelineRange) is out of range")
        }
        self.offset = offset
        self.end = end
    }

    /// Gives a source packet the scan's timestamps, moved onto the timeline, after
    /// checking that it is the packet the scan saw there.
    private func place(_ packet: Packet, as entry: VideoPacketEntry, segment: VideoSegment) throws(MediaIOError) {
        guard packet.pts == entry.pts else {
            throw .unreadableMedia(path: segment.path, reason: "the video packets differ from the scan (was the file changed?)")
        }
        let source = segment.timeBase
        packet.dts = rescale(entry.dts - segment.startTicks, from: source, to: timeBase) + offset
        if entry.pts >= segment.endTicks {
            packet.pts = end
            packet.duration = 0
        } else {
            let start = rescale(entry.pts - segment.startTicks, from: source, to: timeBase) + offset
            packet.pts = start
            packet.duration = rescale(entry.pts + entry.duration - segment.startTicks, from: source, to: timeBase) + offset - start
        }
        guard let placed = packet.dts, placed > lastDts else {
            throw .writeFailed(path: segment.path, reason: "video decoding timestamps would not increase at the join "
                + "(\(packet.dts ?? .min) after \(lastDts) in 1/\(timeBase.denominator) s)")
        }
        lastDts = placed
        packetsRead += 1
    }
}
