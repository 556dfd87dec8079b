internal import MixdownComposition
internal import MixdownTime

/// Reads a stitch plan's video packets lazily, one clip open at a time, with
/// timestamps moved onto the timeline in the output stream's time base.
///
/// A segment's packets are `pts - startTicks` in the clip's time base, rescaled to
/// the output's, plus the segment's timeline start: so its first shown frame lands
/// exactly on `timelineRange.start` and, with B-frames, its first packets keep their
/// negative decoding offsets (dts < pts). Packet bytes, flags and side data are not
/// touched. Holds one packet of lookahead.
final class VideoPacketSource {
    let segments: [VideoSegment]
    /// The output video stream's time base.
    let timeBase: TimeBase
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
    /// Packets handed out so far.
    private(set) var packetsRead = 0

    init(segments: [VideoSegment], timeBase: TimeBase) {
        self.segments = segments
        self.timeBase = timeBase
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
            guard try input.read(into: packet) else {
                throw .unreadableMedia(path: segment.path, reason: "the video ends after \(segment.frameCount - remaining) of the "
                    + "\(segment.frameCount) planned frames (was it changed since it was scanned?)")
            }
            guard packet.streamIndex == segment.streamIndex else { packet.unref(); continue }
            if !started {
                guard let dts = packet.dts, dts >= segment.firstDts else { packet.unref(); continue }
                if dts > segment.firstDts {
                    // The seek landed past the segment's keyframe: read from the start instead.
                    packet.unref()
                    guard !rescanned else {
                        throw .unreadableMedia(path: segment.path, reason: "cannot find the video frame at dts \(segment.firstDts)")
                    }
                    try open(segment, seeking: false)
                    rescanned = true
                    continue
                }
                started = true
            }
            try place(packet, segment: segment)
            hasLookahead = true
            remaining -= 1
            if remaining == 0 {
                self.input = nil
                segmentIndex += 1
            }
        }
    }

    /// Opens the segment's clip and, with `seeking`, seeks to its first packet's keyframe;
    /// without, reading starts at the beginning of the file.
    private func open(_ segment: VideoSegment, seeking: Bool = true) throws(MediaIOError) {
        let input = try Demuxer.open(path: segment.path)
        guard segment.streamIndex < input.streamCount else { throw .noStream(path: segment.path, kind: "video") }
        input.discardAll(except: [segment.streamIndex])
        if seeking {
            // Demuxers index by their own notion of time (mov: dts shifted by the edit
            // list), so ask for the keyframe's pts, backwards; packets before the
            // segment are skipped, and a seek that overshoots falls back to reading from the start.
            try seek(input, to: segment.startTicks, segment: segment)
        }
        self.input = input
        remaining = segment.frameCount
        started = false
        rescanned = false
        guard let offset = try? timeBase.ticks(segment.timelineRange.start) else {
            throw .unsupported(path: segment.path, reason: "timeline position \(segment.timelineRange.start) is out of range")
        }
        self.offset = offset
    }

    private func seek(_ input: Demuxer, to dts: Int64, segment: VideoSegment) throws(MediaIOError) {
        let status = input.seek(stream: segment.streamIndex, to: dts, backward: true)
        guard status.isSuccess else { throw .unreadableMedia(path: segment.path, reason: "seek: \(status.message)") }
    }

    /// Shifts a source packet onto the timeline and checks it against the plan.
    private func place(_ packet: Packet, segment: VideoSegment) throws(MediaIOError) {
        guard let pts = packet.pts, let dts = packet.dts, remaining != 1 || dts == segment.lastDts else {
            throw .unreadableMedia(path: segment.path, reason: "the video packets differ from the scan (was the file changed?)")
        }
        packet.pts = pts - segment.startTicks
        packet.dts = dts - segment.startTicks
        packet.rescaleTimestamps(from: segment.timeBase, to: timeBase)
        packet.pts = packet.pts.map { $0 + offset }
        packet.dts = packet.dts.map { $0 + offset }
        guard let placed = packet.dts, placed > lastDts else {
            throw .writeFailed(path: segment.path, reason: "video decoding timestamps would not increase at the join "
                + "(\(packet.dts ?? .min) after \(lastDts) in 1/\(timeBase.denominator) s)")
        }
        lastDts = placed
        packetsRead += 1
    }
}
