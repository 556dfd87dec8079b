import CFFmpeg
import MixdownTime

/// Reads what a media file holds: container, streams, timing, keyframes.
///
/// A full probe reads every packet (none is decoded) to count keyframes, measure
/// their spacing and count audio samples exactly, so it takes time proportional to
/// the file. A quick probe reads the headers and the first packets only.
public enum MediaProbe {
    /// How much of the file to read.
    public enum Depth: Sendable {
        /// Every packet: keyframes, packet counts, exact sample counts everywhere.
        case full
        /// Headers and first packets: exact sample counts only where the container
        /// states them; truncation judged from the index against the file size.
        case quick
    }

    /// Probes the file at `path`.
    public static func probe(path: String, depth: Depth = .full) throws(MediaIOError) -> MediaInfo {
        let input = try InputFile(path: path, audioOnly: depth == .quick)
        let format = input.context.pointee
        var streams = (0..<input.streamCount).map { describe(input.stream($0), index: $0) }
        switch depth {
        case .full: try scanPackets(input, into: &streams)
        case .quick: try readHeaders(input, into: &streams)
        }
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
            timeBase: tb.timeBase,
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
            info.frameRate = try? FrameRate(rate.num, rate.den)
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

    /// The samples a packet asks the decoder to drop at its start and end (priming, padding).
    private static func skipSamples(_ packet: UnsafeMutablePointer<AVPacket>) -> (start: Int, end: Int) {
        var size: Int = 0
        guard let side = av_packet_get_side_data(packet, AV_PKT_DATA_SKIP_SAMPLES, &size), size >= 8 else { return (0, 0) }
        let raw = UnsafeRawPointer(side)
        return (Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))),
                Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))))
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
        // ffprobe 5.1 prints av_display_rotation_get() as it is (90 for a portrait phone
        // video); normalise NaN and -0 to 0.
        return angle.isNaN || angle == 0 ? 0 : angle
    }

    /// One pass over all packets: keyframes, reordering, frame counts and the
    /// skip-samples side data that carries encoder delay.
    private static func scanPackets(_ input: InputFile, into streams: inout [StreamInfo]) throws(MediaIOError) {
        struct Scan {
            var keyframes: [Int64] = []
            var count = 0
            var reorders = false
            var end: Int64 = .min
            var sawFirst = false
            /// Sum of packet durations, and the end-padding the last packet flags.
            var ticks: Int64 = 0
            var endPadding = 0
        }
        var scans = [Scan](repeating: Scan(), count: streams.count)
        let packet = Packet()
        while try input.read(into: packet.pointer) {
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            let i = Int(p.stream_index)
            guard i < scans.count else { continue }
            scans[i].count += 1
            scans[i].ticks += p.duration
            if streams[i].kind == .audio {
                let (start, end) = skipSamples(packet.pointer)
                if !scans[i].sawFirst { streams[i].encoderDelay = start }
                scans[i].sawFirst = true
                scans[i].endPadding = end
            }
            guard streams[i].kind == .video else { continue }
            if p.pts != MX_NOPTS_VALUE {
                if p.dts != MX_NOPTS_VALUE, p.dts < p.pts { scans[i].reorders = true }
                if p.flags & AV_PKT_FLAG_KEY != 0 { scans[i].keyframes.append(p.pts) }
                scans[i].end = max(scans[i].end, p.pts + p.duration)
            }
        }
        let exactIndex = String(cString: input.context.pointee.iformat.pointee.name).hasPrefix("mov")
        for i in streams.indices {
            streams[i].packetCount = scans[i].count
            streams[i].isTruncated = streams[i].indexedPacketCount.map { scans[i].count < $0 } ?? false
            guard streams[i].kind == .audio, let rate = streams[i].sampleRate else { continue }
            let stream = input.stream(i).pointee
            // MP4/MOV durations come from the edit list and are exact; elsewhere the
            // container's duration is an estimate, so count what the packets hold.
            let ticks = exactIndex && stream.duration != MX_NOPTS_VALUE ? stream.duration : scans[i].ticks
            var samples = stream.time_base.samples(ticks: ticks, rate: Int32(rate))
            if !exactIndex { samples -= Int64((streams[i].encoderDelay ?? 0) + scans[i].endPadding) }
            streams[i].sampleCount = max(0, samples)
            streams[i].estimatedSampleCount = streams[i].sampleCount
        }
        for i in streams.indices where streams[i].kind == .video {
            let scan = scans[i]
            let stamps = scan.keyframes.sorted() + (scan.end > .min ? [scan.end] : [])
            let longest = zip(stamps, stamps.dropFirst()).map { $1 - $0 }.max() ?? 0
            streams[i].keyframeCount = scan.keyframes.count
            streams[i].longestKeyframeInterval = (try? streams[i].timeBase?.time(ticks: longest))?.seconds ?? 0
            streams[i].hasFrameReordering = scan.reorders
        }
    }

    /// Containers whose headers state the exact length of their audio.
    private static let exactLengthFormats: Set<String> = ["mov,mp4,m4a,3gp,3g2,mj2", "wav", "w64", "aiff", "flac"]

    /// The quick probe: encoder delay from the first audio packet, sample counts
    /// where the header is exact, truncation from the last index entry.
    private static func readHeaders(_ input: InputFile, into streams: inout [StreamInfo]) throws(MediaIOError) {
        let format = String(cString: input.context.pointee.iformat.pointee.name)
        let fileSize = input.context.pointee.pb.map { avio_size($0) } ?? -1
        for i in streams.indices {
            let stream = input.stream(i)
            let entries = avformat_index_get_entries_count(stream)
            if fileSize > 0, entries > 0, let last = avformat_index_get_entry(stream, entries - 1) {
                streams[i].isTruncated = last.pointee.pos + Int64(last.pointee.size) > fileSize
            }
        }
        var pending = Set(streams.indices.filter { streams[$0].kind == .audio })
        let packet = Packet()
        var budget = 64
        while !pending.isEmpty, budget > 0, try input.read(into: packet.pointer) {
            defer { av_packet_unref(packet.pointer) }
            budget -= 1
            let i = Int(packet.pointer.pointee.stream_index)
            guard pending.remove(i) != nil else { continue }
            streams[i].encoderDelay = skipSamples(packet.pointer).start
        }
        for i in streams.indices where streams[i].kind == .audio {
            guard let rate = streams[i].sampleRate else { continue }
            let stream = input.stream(i).pointee
            let start = stream.start_time == MX_NOPTS_VALUE ? 0 : stream.start_time
            let end = stream.duration == MX_NOPTS_VALUE ? nil : stream.duration
            guard let end else { continue }
            // MP3 reports its duration from the start of the encoder delay and its start
            // time after it; elsewhere start is 0 and the duration is the real one.
            let ticks = format.hasPrefix("mov") ? end : end - start
            let samples = stream.time_base.samples(ticks: ticks, rate: Int32(rate))
            streams[i].estimatedSampleCount = max(0, samples)
            if exactLengthFormats.contains(format) { streams[i].sampleCount = max(0, samples) }
        }
    }
}
