import CFFmpeg
import MixdownComposition
import MixdownTime

extension VideoClipInfo {
    /// Scans the video stream of the file at `path`: every packet's timestamps
    /// and flags (audio is skipped by the demuxer), so it takes time proportional
    /// to the video's size.
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` without video; `unreadableMedia` when fewer packets can be read
    ///   than the container's index promises (a cut-off file) or there are none;
    ///   `unsupported` for packets without timestamps.
    public init(path: String) throws(MediaIOError) {
        let input = try InputFile(path: path)
        guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else { throw .noStream(path: path, kind: "video") }
        input.discardAll(except: [index])
        let stream = input.stream(index)
        let par = stream.pointee.codecpar.pointee
        guard let timeBase = try? TimeBase(stream.pointee.time_base.num, stream.pointee.time_base.den) else {
            throw .unsupported(path: path, reason: "video stream has no time base")
        }
        let format = VideoStreamFormat(
            codec: String(cString: avcodec_get_name(par.codec_id)),
            profile: avcodec_profile_name(par.codec_id, par.profile).map { String(cString: $0) },
            profileNumber: par.profile,
            width: Int(par.width), height: Int(par.height),
            pixelFormat: av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) },
            rotation: MediaProbe.rotation(stream),
            decoderConfiguration: par.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(par.extradata_size))) } ?? [])
        let start = input.context.pointee.start_time
        let origin = start == MX_NOPTS_VALUE ? 0 : av_rescale_q(start, mx_time_base_q(), stream.pointee.time_base)

        var readError: MediaIOError?
        let packets = try Self.scan(input, stream: index, stoppedBy: &readError)
        let promised = stream.pointee.nb_frames
        if promised > 0, packets.count < Int(promised) {
            throw .unreadableMedia(path: path, reason: "truncated: only \(packets.count) of the \(promised) video frames its index lists can be read")
        }
        if let readError { throw readError }
        guard !packets.isEmpty else { throw .unreadableMedia(path: path, reason: "the video stream has no frames") }
        do {
            try self.init(path: path, streamIndex: index, format: format, timeBase: timeBase, origin: origin, packets: packets)
        } catch {
            throw .unsupported(path: path, reason: "\(error)")
        }
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

    /// The stream's 3×3 display matrix (16.16 and 2.30 fixed point), or nil.
    static func displayMatrix(of stream: UnsafeMutablePointer<AVStream>) -> [Int32]? {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }
}
