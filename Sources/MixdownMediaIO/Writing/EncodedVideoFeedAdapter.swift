internal import MixdownBitstream
internal import MixdownFFmpeg
internal import MixdownTime

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
