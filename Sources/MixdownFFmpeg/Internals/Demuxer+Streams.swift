internal import CFFmpeg
internal import MixdownTime

extension Demuxer {
    /// Number of streams in the container.
    package var streamCount: Int { Int(context.pointee.nb_streams) }

    /// Whether stream `index` is audio, video, ….
    package func kind(ofStream index: Int) -> MediaType {
        MediaType(stream(index).pointee.codecpar.pointee.codec_type)
    }

    /// The stream of `kind` FFmpeg would pick (`av_find_best_stream`), or nil.
    package func bestStream(_ kind: MediaType) -> Int? {
        let type: AVMediaType
        switch kind {
        case .audio: type = AVMEDIA_TYPE_AUDIO
        case .video: type = AVMEDIA_TYPE_VIDEO
        case .subtitle: type = AVMEDIA_TYPE_SUBTITLE
        case .data: type = AVMEDIA_TYPE_DATA
        case .other: return nil
        }
        let index = av_find_best_stream(context, type, -1, -1, nil, 0)
        return index >= 0 ? Int(index) : nil
    }

    /// Makes the demuxer skip stream `index`: `read(into:)` no longer returns its packets.
    package func discard(stream index: Int) {
        stream(index).pointee.discard = AVDISCARD_ALL
    }

    /// Makes the demuxer skip every stream but `keep`.
    package func discardAll(except keep: Set<Int>) {
        for i in 0..<streamCount where !keep.contains(i) {
            discard(stream: i)
        }
    }

    /// Stream `index`'s time base, start and duration, as they are now (reading
    /// packets can fill in a start time).
    package func timing(ofStream index: Int) -> StreamTiming {
        let s = stream(index).pointee
        return StreamTiming(timeBase: TimeBase(s.time_base),
                            startTime: s.start_time == MX_NOPTS_VALUE ? nil : s.start_time,
                            duration: s.duration == MX_NOPTS_VALUE ? nil : s.duration)
    }

    /// Everything the container says about stream `index`.
    package func facts(ofStream index: Int) -> StreamFacts {
        let stream = stream(index)
        let par = stream.pointee.codecpar.pointee
        let kind = MediaType(par.codec_type)
        var facts = StreamFacts(
            kind: kind,
            codecName: String(cString: avcodec_get_name(par.codec_id)),
            profileName: avcodec_profile_name(par.codec_id, par.profile).map { String(cString: $0) }
                ?? (par.codec_id == AV_CODEC_ID_AAC ? Self.aacProfileName(configuration: par.extradata, size: par.extradata_size) : nil),
            profile: par.profile,
            timing: timing(ofStream: index),
            bitRate: par.bit_rate,
            frameCount: stream.pointee.nb_frames)
        switch kind {
        case .audio:
            facts.audio = StreamFacts.Audio(
                sampleRate: par.sample_rate,
                channels: Int(par.ch_layout.nb_channels),
                layoutName: par.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC ? nil : Self.layoutName(par.ch_layout))
        case .video:
            let matrix = Self.displayMatrix(of: stream)
            let rate = stream.pointee.avg_frame_rate
            let realRate = stream.pointee.r_frame_rate
            let sar = stream.pointee.sample_aspect_ratio.num > 0 ? stream.pointee.sample_aspect_ratio : par.sample_aspect_ratio
            facts.video = StreamFacts.Video(
                width: Int(par.width), height: Int(par.height),
                pixelFormat: av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) },
                bitDepth: Self.bitDepth(of: par),
                averageFrameRate: try? FrameRate(rate.num, rate.den),
                realFrameRate: try? FrameRate(realRate.num, realRate.den),
                sampleAspectRatio: (sar.num, sar.den),
                colour: colourNames(of: par),
                rotation: matrix.map(Self.rotation) ?? 0,
                displayMatrix: matrix,
                decoderConfiguration: par.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(par.extradata_size))) } ?? [],
                hdr: Self.hdrSideData(of: stream))
        default:
            break
        }
        return facts
    }

    /// The AAC profile FFmpeg 5.1 neither names nor decodes, by the audio object
    /// type that opens the stream's AudioSpecificConfig (ISO/IEC 14496-3,
    /// 1.6.2.1: five bits, 31 escaping to 32 + six more): 42, USAC, which
    /// players call xHE-AAC. Nil for any other (FFmpeg leaves some it decodes
    /// unnamed, where its own name is none too).
    static func aacProfileName(configuration: UnsafeMutablePointer<UInt8>?, size: Int32) -> String? {
        guard let bytes = configuration, size >= 2 else { return nil }
        var objectType = Int(bytes[0] >> 3)
        if objectType == 31 { objectType = 32 + Int(bytes[0] & 0x07) << 3 + Int(bytes[1] >> 5) }
        return objectType == 42 ? "xHE-AAC, USAC" : nil
    }

    /// The byte just past the last entry of stream `index`'s seek index (where
    /// the container says its data ends), or nil without an index.
    package func indexEnd(ofStream index: Int) -> Int64? {
        let stream = stream(index)
        let entries = avformat_index_get_entries_count(stream)
        guard entries > 0, let last = avformat_index_get_entry(stream, entries - 1) else { return nil }
        return last.pointee.pos + Int64(last.pointee.size)
    }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// FFmpeg's description of a channel layout (`stereo`, `5.1(side)`).
    static func layoutName(_ layout: AVChannelLayout) -> String {
        withUnsafePointer(to: layout) { pointer in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
                let written = av_channel_layout_describe(pointer, buffer.baseAddress!, 128)
                return written < 0 ? "unknown" : String(cString: buffer.baseAddress!)
            }
        }
    }

    /// The stream's 3×3 display matrix (16.16 and 2.30 fixed point), or nil.
    static func displayMatrix(of stream: UnsafeMutablePointer<AVStream>) -> [Int32]? {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return nil }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }

    /// A display matrix's rotation, as ffprobe prints it (counter-clockwise degrees).
    static func rotation(_ matrix: [Int32]) -> Double {
        let angle = matrix.withUnsafeBufferPointer { av_display_rotation_get($0.baseAddress!) }
        // ffprobe 5.1 prints av_display_rotation_get() as it is (90 for a portrait phone
        // video); normalise NaN and -0 to 0.
        return angle.isNaN || angle == 0 ? 0 : angle
    }
}

extension MediaType {
    /// The kind of an FFmpeg media type.
    init(_ type: AVMediaType) {
        switch type {
        case AVMEDIA_TYPE_AUDIO: self = .audio
        case AVMEDIA_TYPE_VIDEO: self = .video
        case AVMEDIA_TYPE_SUBTITLE: self = .subtitle
        case AVMEDIA_TYPE_DATA: self = .data
        default: self = .other
        }
    }
}
