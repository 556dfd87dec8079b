internal import MixdownBitstream
internal import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime

/// Where a `MovieWriter` gets its video packets: copied from the clips or
/// encoded, each with timestamps in the output stream's time base.
protocol VideoFeed: AnyObject {
    /// The output stream's time base.
    var timeBase: TimeBase { get }
    /// Packets handed out so far.
    var packetsRead: Int { get }
    /// The next packet's dts, or nil when the video has ended.
    func peekDts() throws(MediaIOError) -> Int64?
    /// Moves the next packet into `packet`; false when the video has ended.
    func take(into packet: Packet) throws(MediaIOError) -> Bool
}

extension VideoPacketSource: VideoFeed {}

/// An `EncodedVideoFeed`'s packets, rescaled from the encoder's time base to
/// the output stream's and moved by `offset` output ticks; with `lengthSize`,
/// turned from Annex B into length-prefixed NAL units without SPS and PPS (for a
/// track whose `avcC` holds them). Holds one packet of lookahead.
final class EncodedVideoFeedAdapter: VideoFeed {
    let timeBase: TimeBase
    private let encoderTimeBase: TimeBase
    private let feed: EncodedVideoFeed
    private let offset: Int64
    private let lengthSize: Int?
    private var lookahead: EncodedVideoPacket?
    private var ended = false
    private(set) var packetsRead = 0

    init(feed: EncodedVideoFeed, encoderTimeBase: TimeBase, timeBase: TimeBase, offset: Int64 = 0, lengthSize: Int? = nil) {
        self.feed = feed
        self.encoderTimeBase = encoderTimeBase
        self.timeBase = timeBase
        self.offset = offset
        self.lengthSize = lengthSize
    }

    func peekDts() throws(MediaIOError) -> Int64? {
        try fill()
        return lookahead.map { rescale($0.decodingTime) + offset }
    }

    func take(into packet: Packet) throws(MediaIOError) -> Bool {
        try fill()
        guard let next = lookahead else { return false }
        lookahead = nil
        let bytes = lengthSize.map { size in
            NALUnit.lengthPrefixed(next.nalUnits.filter { ![7, 8, 9].contains($0.h264Type) }, lengthSize: size)
        } ?? next.bytes
        let status = packet.setBytes(bytes)
        guard status.isSuccess else { throw .writeFailed(path: "video", reason: "video packet: \(status.message)") }
        packet.pts = rescale(next.presentationTime) + offset
        packet.dts = rescale(next.decodingTime) + offset
        packet.duration = rescale(next.duration)
        packet.isKeyframe = next.isKeyframe
        packetsRead += 1
        return true
    }

    private func fill() throws(MediaIOError) {
        guard lookahead == nil, !ended else { return }
        lookahead = try feed.nextPacket()
        ended = lookahead == nil
    }

    private func rescale(_ ticks: Int64) -> Int64 { MixdownFFmpeg.rescale(ticks, from: encoderTimeBase, to: timeBase) }
}

/// A smart render's video: each span in turn, copied packets from their clips
/// (`VideoPacketSource`) and re-encoded ones from their feeds, moved to their
/// place on the timeline and turned from Annex B into the track's
/// length-prefixed form without the parameter sets (the `avcC` holds them).
/// Decoding times must keep increasing across every seam; a span that would
/// break that stops the export with an error rather than write a file players
/// stumble on.
final class SmartVideoFeed: VideoFeed {
    let timeBase: TimeBase
    private let video: SmartVideo
    private let lengthSize: Int
    private var index = 0
    private var current: (any VideoFeed)?
    private var lastDts = Int64.min
    private(set) var packetsRead = 0

    init(video: SmartVideo, lengthSize: Int, timeBase: TimeBase) {
        self.video = video
        self.lengthSize = lengthSize
        self.timeBase = timeBase
    }

    func peekDts() throws(MediaIOError) -> Int64? {
        while index < video.plan.spans.count {
            if current == nil { current = try open(video.plan.spans[index]) }
            if let dts = try current?.peekDts() {
                guard dts > lastDts else {
                    throw .writeFailed(path: "video", reason: "smart render: \(video.plan.spans[index]) would decode before the frame "
                        + "before it (dts \(dts) after \(lastDts)); use --full-render")
                }
                return dts
            }
            current = nil
            index += 1
        }
        return nil
    }

    func take(into packet: Packet) throws(MediaIOError) -> Bool {
        guard try peekDts() != nil, let current, try current.take(into: packet) else { return false }
        lastDts = packet.dts ?? lastDts
        packetsRead += 1
        return true
    }

    private func open(_ span: SmartRenderPlan.Span) throws(MediaIOError) -> any VideoFeed {
        switch span {
        case let .copy(segment):
            guard let scan = video.clipInfos[segment.path] else {
                throw .unsupported(path: segment.path, reason: "the clip's video was not scanned")
            }
            return VideoPacketSource(segments: [segment], scans: [scan], timeBase: timeBase)
        case let .encode(range, _):
            let offset = (try? timeBase.ticks(range.start)) ?? 0
            return EncodedVideoFeedAdapter(feed: try video.encode(range), encoderTimeBase: video.encoderTimeBase, timeBase: timeBase,
                                           offset: offset, lengthSize: lengthSize)
        }
    }
}
