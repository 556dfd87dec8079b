import CFFmpeg

/// Reads what a media file holds: container, streams, timing, keyframes.
///
/// Probing reads every packet (not a single frame decoded) to count keyframes and
/// measure their spacing, so it takes time proportional to the file's packet count.
public enum MediaProbe {
    /// Probes the file at `path`.
    public static func probe(path: String) throws(MediaIOError) -> MediaInfo {
        let input = try InputFile(path: path)
        let format = input.context.pointee
        var streams = (0..<input.streamCount).map { describe(input.stream($0), index: $0) }
        try scanPackets(input, into: &streams)
        return MediaInfo(
            path: path,
            container: String(cString: format.iformat.pointee.name),
            duration: format.duration == MX_NOPTS_VALUE ? nil : Double(format.duration) / Double(AV_TIME_BASE),
            bitRate: format.bit_rate > 0 ? format.bit_rate : nil,
            streams: streams)
    }

    private static func describe(_ stream: UnsafeMutablePointer<AVStream>, index: Int) -> StreamInfo {
        let par = stream.pointee.codecpar.pointee
        let tb = stream.pointee.time_base
        func seconds(_ ticks: Int64) -> Double? {
            ticks == MX_NOPTS_VALUE ? nil : Double(ticks) * Double(tb.num) / Double(tb.den)
        }
        var info = StreamInfo(
            index: index, kind: kind(par.codec_type),
            codec: String(cString: avcodec_get_name(par.codec_id)),
            profile: avcodec_profile_name(par.codec_id, par.profile).map { String(cString: $0) },
            timeBase: Rational(Int(tb.num), Int(tb.den)),
            startTime: seconds(stream.pointee.start_time),
            duration: seconds(stream.pointee.duration),
            bitRate: par.bit_rate > 0 ? par.bit_rate : nil,
            packetCount: 0,
            indexedPacketCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil)
        switch par.codec_type {
        case AVMEDIA_TYPE_AUDIO:
            info.sampleRate = Int(par.sample_rate)
            info.channels = Int(par.ch_layout.nb_channels)
            info.channelLayout = par.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC ? nil : layoutName(par.ch_layout)
            info.encoderDelay = 0
        case AVMEDIA_TYPE_VIDEO:
            info.width = Int(par.width)
            info.height = Int(par.height)
            if let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)) {
                info.pixelFormat = String(cString: name)
            }
            let rate = stream.pointee.avg_frame_rate
            info.frameRate = Rational(Int(rate.num), Int(rate.den))
            info.rotation = rotation(stream)
        default:
            break
        }
        return info
    }

    private static func kind(_ type: AVMediaType) -> StreamInfo.Kind {
        switch type {
        case AVMEDIA_TYPE_AUDIO: return .audio
        case AVMEDIA_TYPE_VIDEO: return .video
        case AVMEDIA_TYPE_SUBTITLE: return .subtitle
        case AVMEDIA_TYPE_DATA: return .data
        default: return .other
        }
    }

    static func layoutName(_ layout: AVChannelLayout) -> String {
        withUnsafePointer(to: layout) { pointer in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
                let written = av_channel_layout_describe(pointer, buffer.baseAddress!, 128)
                return written < 0 ? "unknown" : String(cString: buffer.baseAddress!)
            }
        }
    }

    /// The display matrix's rotation, as ffprobe prints it (counter-clockwise degrees).
    static func rotation(_ stream: UnsafeMutablePointer<AVStream>) -> Double {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else {
            return 0
        }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        // ffprobe prints the negated angle; normalise -0 to 0.
        return angle.isNaN ? 0 : (angle == 0 ? 0 : -angle)
    }

    /// One pass over all packets: keyframes, reordering, frame counts and the
    /// skip-samples side data that carries encoder delay.
    private static func scanPackets(_ input: InputFile, into streams: inout [StreamInfo]) throws(MediaIOError) {
        struct Scan { var keyframes: [Int64] = []; var count = 0; var reorders = false; var end: Int64 = .min; var sawFirst = false }
        var scans = [Scan](repeating: Scan(), count: streams.count)
        let packet = Packet()
        while try input.read(into: packet.pointer) {
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            let i = Int(p.stream_index)
            guard i < scans.count else { continue }
            scans[i].count += 1
            if streams[i].kind == .audio, !scans[i].sawFirst {
                scans[i].sawFirst = true
                var size: Int = 0
                if let side = av_packet_get_side_data(packet.pointer, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 4 {
                    streams[i].encoderDelay = Int(side.withMemoryRebound(to: UInt32.self, capacity: 1) { UInt32(littleEndian: $0.pointee) })
                }
            }
            guard streams[i].kind == .video else { continue }
            if p.pts != MX_NOPTS_VALUE {
                if p.dts != MX_NOPTS_VALUE, p.dts < p.pts { scans[i].reorders = true }
                if p.flags & AV_PKT_FLAG_KEY != 0 { scans[i].keyframes.append(p.pts) }
                scans[i].end = max(scans[i].end, p.pts + p.duration)
            }
        }
        for i in streams.indices {
            streams[i].packetCount = scans[i].count
        }
        for i in streams.indices where streams[i].kind == .video {
            let scan = scans[i]
            let tb = streams[i].timeBase
            let stamps = scan.keyframes.sorted() + (scan.end > .min ? [scan.end] : [])
            let longest = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.max() ?? 0
            streams[i].keyframeCount = scan.keyframes.count
            streams[i].longestKeyframeInterval = Double(longest) * Double(tb.numerator) / Double(tb.denominator)
            streams[i].hasFrameReordering = scan.reorders
        }
    }
}
