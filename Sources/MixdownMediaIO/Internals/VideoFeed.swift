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
/// the output stream's. Holds one packet of lookahead.
final class EncodedVideoFeedAdapter: VideoFeed {
    let timeBase: TimeBase
    private let encoderTimeBase: TimeBase
    private let feed: EncodedVideoFeed
    private var lookahead: EncodedVideoPacket?
    private var ended = false
    private(set) var packetsRead = 0

    init(feed: EncodedVideoFeed, encoderTimeBase: TimeBase, timeBase: TimeBase) {
        self.feed = feed
        self.encoderTimeBase = encoderTimeBase
        self.timeBase = timeBase
    }

    func peekDts() throws(MediaIOError) -> Int64? {
        try fill()
        return lookahead.map { rescale($0.decodingTime) }
    }

    func take(into packet: Packet) throws(MediaIOError) -> Bool {
        try fill()
        guard let next = lookahead else { return false }
        lookahead = nil
        let status = packet.setBytes(next.bytes)
        guard status.isSuccess else { throw .writeFailed(path: "video", reason: "video packet: \(status.message)") }
        packet.pts = rescale(next.presentationTime)
        packet.dts = rescale(next.decodingTime)
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

    private func rescale(_ ticks: Int64) -> Int64 { MixdownMediaIO.rescale(ticks, from: encoderTimeBase, to: timeBase) }
}
