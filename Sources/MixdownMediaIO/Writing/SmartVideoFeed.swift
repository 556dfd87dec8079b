internal import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime

/// A smart render's video: each span in turn, copied packets from their clips
/// (`VideoPacketSource`) and re-encoded ones from their feeds, moved to their
/// place on the timeline and turned from Annex B into the track's
/// length-prefixed form without the parameter sets (the `avcC` or `hvcC`
/// holds them; HEVC slices renumbered to the spans' sets).
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
            let feed = try video.encode(range)
            return EncodedVideoFeedAdapter(feed: feed, encoderTimeBase: feed.timeBase ?? video.encoderTimeBase, timeBase: timeBase,
                                           offset: offset, splice: (lengthSize, video.spliceUnits))
        }
    }
}
