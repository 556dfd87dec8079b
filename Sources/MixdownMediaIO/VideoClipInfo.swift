import CFFmpeg
import MixdownTime

/// What stream-copy stitching needs to know about a clip's video stream: its
/// format, its timing, and where it can be cut without decoding.
///
/// Times are in the clip's own time, in seconds: 0 is the container's start time
/// (the same origin `AudioDecoder` uses for sample 0, so a clip's audio and video
/// agree). Reading a clip scans every video packet (audio is skipped by the
/// demuxer), so it takes time proportional to the video's size; it keeps 32 bytes
/// per frame, not the frames.
public struct VideoClipInfo: Sendable {
    /// The path the clip was opened with.
    public let path: String
    /// Index of the video stream in its container.
    public let streamIndex: Int
    /// FFmpeg's codec name, e.g. `h264`.
    public let codec: String
    /// Codec profile name (`High`), when the codec has profiles.
    public let profile: String?
    /// Coded size in pixels (before rotation).
    public let width: Int
    public let height: Int
    /// Pixel format name, e.g. `yuv420p`.
    public let pixelFormat: String?
    /// Display rotation in degrees, counter-clockwise as ffprobe prints it; 0 when none.
    public let rotation: Double
    /// The stream's time base: packet timestamps count ticks of this many seconds.
    public let timeBase: Rational
    /// The decoder configuration record (`avcC` for H.264), byte for byte; empty when none.
    public let decoderConfiguration: [UInt8]
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
    let packets: [VideoPacketEntry]
    /// Decoding-order indices of the clean keyframes, matching `keyframeTimes`.
    let cleanKeyframes: [Int]
    /// Stream ticks of time 0.
    let origin: Int64
    /// Stream ticks just past the last frame.
    let endTicks: Int64
    let codecID: AVCodecID
    let profileID: Int32

    /// Scans the video stream of the file at `path`.
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` without video; `unreadableMedia` when fewer packets can be read
    ///   than the container's index promises (a cut-off file); `unsupported` for
    ///   packets without timestamps.
    public init(path: String) throws(MediaIOError) {
        let input = try InputFile(path: path)
        guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else { throw .noStream(path: path, kind: "video") }
        input.discardAll(except: [index])
        let stream = input.stream(index)
        let par = stream.pointee.codecpar.pointee
        let tb = stream.pointee.time_base
        guard tb.num > 0, tb.den > 0 else { throw .unsupported(path: path, reason: "video stream has no time base") }
        self.path = path
        streamIndex = index
        codecID = par.codec_id
        profileID = par.profile
        codec = String(cString: avcodec_get_name(par.codec_id))
        profile = avcodec_profile_name(par.codec_id, par.profile).map { String(cString: $0) }
        width = Int(par.width)
        height = Int(par.height)
        pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) }
        rotation = MediaProbe.rotation(stream)
        let timeBase = Rational(Int(tb.num), Int(tb.den))
        self.timeBase = timeBase
        decoderConfiguration = par.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(par.extradata_size))) } ?? []
        let start = input.context.pointee.start_time
        let origin = start == MX_NOPTS_VALUE ? 0 : av_rescale_q(start, mx_time_base_q(), tb)
        self.origin = origin

        var readError: MediaIOError?
        let packets = try VideoClipInfo.scan(input, stream: index, stoppedBy: &readError)
        self.packets = packets
        let promised = stream.pointee.nb_frames
        if promised > 0, packets.count < Int(promised) {
            throw .unreadableMedia(path: path, reason: "truncated: only \(packets.count) of the \(promised) video frames its index lists can be read")
        }
        if let readError { throw readError }
        guard !packets.isEmpty else { throw .unreadableMedia(path: path, reason: "the video stream has no frames") }
        frameCount = packets.count
        hasFrameReordering = zip(packets, packets.dropFirst()).contains { $1.pts < $0.pts }
        let endTicks = packets.map { $0.pts + max($0.duration, 0) }.max() ?? 0
        self.endTicks = endTicks
        let cleanKeyframes = VideoClipInfo.cleanKeyframes(in: packets)
        self.cleanKeyframes = cleanKeyframes
        keyframeTimes = try cleanKeyframes.map { i throws(MediaIOError) in
            try VideoClipInfo.time(ticks: packets[i].pts - origin, timeBase: timeBase, path: path)
        }
        duration = try VideoClipInfo.time(ticks: endTicks - origin, timeBase: timeBase, path: path)
    }

    /// Reads every packet of the video stream, keeping timestamps and flags only.
    ///
    /// A read error ends the scan and lands in `readError`, so that a cut-off file
    /// is reported as truncated rather than by the demuxer's message.
    private static func scan(_ input: InputFile, stream index: Int,
                             stoppedBy readError: inout MediaIOError?) throws(MediaIOError) -> [VideoPacketEntry] {
        var entries: [VideoPacketEntry] = []
        let packet = Packet()
        while true {
            do {
                guard try input.read(into: packet.pointer) else { break }
            } catch {
                readError = error
                break
            }
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            guard Int(p.stream_index) == index else { continue }
            guard p.pts != MX_NOPTS_VALUE, p.dts != MX_NOPTS_VALUE else {
                throw .unsupported(path: input.path, reason: "video packet \(entries.count) has no timestamp")
            }
            if let last = entries.last, p.dts <= last.dts {
                throw .unsupported(path: input.path, reason: "video decoding timestamps do not increase at packet \(entries.count)")
            }
            entries.append(VideoPacketEntry(pts: p.pts, dts: p.dts, duration: p.duration, isKeyframe: p.flags & AV_PKT_FLAG_KEY != 0))
        }
        return entries
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

    /// The stream's 3×3 display matrix (16.16 and 2.30 fixed point), or nil.
    static func displayMatrix(of stream: UnsafeMutablePointer<AVStream>) -> [Int32]? {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }

    /// `ticks × timeBase` as an exact time.
    static func time(ticks: Int64, timeBase: Rational, path: String) throws(MediaIOError) -> MediaTime {
        let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.numerator))
        guard !overflow, let denominator = Int32(exactly: timeBase.denominator),
              let time = try? MediaTime(value: value, timescale: denominator)
        else { throw .unsupported(path: path, reason: "timestamp \(ticks) × \(timeBase) is out of range") }
        return time
    }
}

/// One video packet's timing, as stored in the container.
struct VideoPacketEntry: Sendable {
    var pts: Int64
    var dts: Int64
    var duration: Int64
    var isKeyframe: Bool
}
