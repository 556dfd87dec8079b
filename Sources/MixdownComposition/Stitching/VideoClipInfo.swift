import MixdownTime

/// What stream-copy stitching needs to know about a clip's video stream: its
/// format, its timing, and where it can be cut without decoding.
///
/// Times are in the clip's own time: 0 is the container's start time (the
/// origin the audio decoder uses for sample 0 too, so a clip's audio and video
/// agree). The I/O layer makes one by scanning every video packet of a file
/// (`VideoClipInfo(path:)` in MixdownMediaIO); it keeps 32 bytes per frame,
/// not the frames.
public struct VideoClipInfo: Sendable {
    /// The path the clip was opened with.
    public let path: String
    /// Index of the video stream in its container.
    public let streamIndex: Int
    /// The stream's format: what must match for clips to share one track.
    public let format: VideoStreamFormat
    /// The stream's time base: packet timestamps count ticks of this length.
    public let timeBase: TimeBase
    /// From time 0 to the end of the last frame (its pts plus its duration), exact.
    public let duration: MediaTime
    /// Number of frames (packets) in the stream.
    public let frameCount: Int
    /// Whether frames are stored out of presentation order (B-frames).
    public let hasFrameReordering: Bool
    /// Times of the keyframes where the stream can be cut cleanly, ascending.
    ///
    /// A keyframe counts only if no frame before it in decoding order is shown after
    /// it and none after it is shown before it (a closed GOP), so both halves decode alone.
    public let keyframeTimes: [MediaTime]

    /// Every packet in decoding order.
    package let packets: [VideoPacketEntry]
    /// Decoding-order indices of the clean keyframes, matching `keyframeTimes`.
    package let cleanKeyframes: [Int]
    /// Stream ticks of time 0.
    package let origin: Int64
    /// Stream ticks just past the last frame.
    package let endTicks: Int64

    /// The facts of a scanned stream: `packets` in decoding order, each with
    /// timestamps, `origin` the ticks of the container's start.
    ///
    /// - Throws: ``VideoStitchError/timestampOutOfRange(path:reason:)`` when a
    ///   timestamp cannot be a time; ``VideoStitchError/invalidTrim(path:reason:)``
    ///   for a stream without frames.
    package init(path: String, streamIndex: Int, format: VideoStreamFormat, timeBase: TimeBase,
                 origin: Int64, packets: [VideoPacketEntry]) throws(VideoStitchError) {
        guard !packets.isEmpty else { throw .invalidTrim(path: path, reason: "the video stream has no frames") }
        self.path = path
        self.streamIndex = streamIndex
        self.format = format
        self.timeBase = timeBase
        self.origin = origin
        self.packets = packets
        frameCount = packets.count
        hasFrameReordering = zip(packets, packets.dropFirst()).contains { $1.pts < $0.pts }
        let endTicks = packets.map { $0.pts + max($0.duration, 0) }.max() ?? 0
        self.endTicks = endTicks
        let cleanKeyframes = Self.cleanKeyframes(in: packets)
        self.cleanKeyframes = cleanKeyframes
        keyframeTimes = try cleanKeyframes.map { i throws(VideoStitchError) in
            try Self.time(ticks: packets[i].pts - origin, timeBase: timeBase, path: path)
        }
        duration = try Self.time(ticks: endTicks - origin, timeBase: timeBase, path: path)
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

    /// `ticks` of `timeBase` as an exact time.
    package static func time(ticks: Int64, timeBase: TimeBase, path: String) throws(VideoStitchError) -> MediaTime {
        do {
            return try timeBase.time(ticks: ticks)
        } catch {
            throw .timestampOutOfRange(path: path, reason: "timestamp \(ticks) × \(timeBase) s is out of range")
        }
    }
}

/// One video packet's timing, as stored in the container.
package struct VideoPacketEntry: Sendable {
    package var pts: Int64
    package var dts: Int64
    package var duration: Int64
    package var isKeyframe: Bool

    package init(pts: Int64, dts: Int64, duration: Int64, isKeyframe: Bool) {
        self.pts = pts
        self.dts = dts
        self.duration = duration
        self.isKeyframe = isKeyframe
    }
}
