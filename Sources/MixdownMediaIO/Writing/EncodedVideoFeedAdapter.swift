internal import MixdownBitstream
internal import MixdownFFmpeg
internal import MixdownTime

/// An `EncodedVideoFeed`'s packets, rescaled from the encoder's time base to
/// the output stream's and moved by `offset` output ticks; with `splice`,
/// turned from Annex B into length-prefixed NAL units as a track of copied
/// packets holds them (`SpliceUnits`: no parameter sets, HEVC slices
/// renumbered). Holds one packet of lookahead.
final class EncodedVideoFeedAdapter: VideoFeed {
    let timeBase: TimeBase
    private let encoderTimeBase: TimeBase
    private let feed: EncodedVideoFeed
    private let offset: Int64
    private let splice: (lengthSize: Int, units: SpliceUnits)?
    private var lookahead: EncodedVideoPacket?
    private var ended = false
    private(set) var packetsRead = 0

    init(feed: EncodedVideoFeed, encoderTimeBase: TimeBase, timeBase: TimeBase, offset: Int64 = 0,
         splice: (lengthSize: Int, units: SpliceUnits)? = nil) {
        self.feed = feed
        self.encoderTimeBase = encoderTimeBase
        self.timeBase = timeBase
        self.offset = offset
        self.splice = splice
    }

    func peekDts() throws(MediaIOError) -> Int64? {
        try fill()
        return lookahead.map { rescale($0.decodingTime) + offset }
    }

    func take(into packet: Packet) throws(MediaIOError) -> Bool {
        try fill()
        guard let next = lookahead else { return false }
        lookahead = nil
        var bytes = next.bytes
        if let splice { bytes = NALUnit.lengthPrefixed(try splice.units.rewrite(next.nalUnits), lengthSize: splice.lengthSize) }
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
