internal import CFFmpeg

extension Muxer {
    /// Adds a video stream that copies a clip's stream (stream copy), as ffmpeg's
    /// `-c copy` does: its codec parameters, time base, frame rates, one aspect
    /// ratio for the stream and its codec, every side data entry, and its codec tag
    /// when this container takes that tag for the codec (an HEVC `hvc1` stays
    /// `hvc1`), else the container's own. A Dolby Vision configuration needs
    /// unofficial compliance for FFmpeg 5.1 to write it. Returns the stream's index.
    ///
    /// - Parameters:
    ///   - source: the copied stream's description.
    ///   - extradata: the codec configuration to write instead of the source's
    ///     (an `avcC` or `hvcC` that also holds a re-encoded stretch's parameter sets).
    ///   - codecTag: the sample entry's four characters (`hvc1`) instead of the
    ///     source's tag; it must be one the container takes for the codec.
    /// - Throws: `cannotCreateOutput`, also for a tag that is not four ASCII characters.
    package func addVideoStream(copying source: StreamCopyParameters, extradata: [UInt8]? = nil,
                                codecTag: String? = nil) throws(FFmpegError) -> Int {
        let stream = try newStream()
        let par = stream.pointee.codecpar!
        let status = avcodec_parameters_copy(par, source.codecParameters)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        if let extradata {
            // The muxer reads extradata with padding after it, as FFmpeg allocates it.
            guard let bytes = av_mallocz(extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self) else {
                throw .cannotCreateOutput(path: path, reason: "out of memory")
            }
            bytes.update(from: extradata, count: extradata.count)
            av_freep(&par.pointee.extradata)
            par.pointee.extradata = bytes
            par.pointee.extradata_size = Int32(extradata.count)
        }
        if let codecTag {
            par.pointee.codec_tag = try fourCC(codecTag)
        } else if !keepsCodecTag(par.pointee.codec_tag, of: par.pointee.codec_id) {
            par.pointee.codec_tag = 0
        }
        stream.pointee.time_base = source.timeBase
        // No average rate: FFmpeg 5.1's muxer would give a packet of no duration a
        // frame's from it (guess_pkt_duration), and a frame the output's edit list
        // must hide past the track's end has none. (MP4 and MOV store no frame rate.)
        stream.pointee.avg_frame_rate = AVRational(num: 0, den: 1)
        stream.pointee.r_frame_rate = source.realFrameRate
        stream.pointee.sample_aspect_ratio = source.sampleAspectRatio
        par.pointee.sample_aspect_ratio = source.sampleAspectRatio
        for entry in source.sideData {
            guard let data = av_stream_new_side_data(stream, entry.type, entry.bytes.count) else {
                throw .cannotCreateOutput(path: path, reason: "out of memory")
            }
            entry.bytes.withUnsafeBufferPointer { if let bytes = $0.baseAddress { data.update(from: bytes, count: $0.count) } }
        }
        if source.hasDolbyVisionConfiguration { context.pointee.strict_std_compliance = FF_COMPLIANCE_UNOFFICIAL }
        return Int(stream.pointee.index)
    }

    /// ffmpeg's rule for a copied stream's tag: kept when the muxer maps it to the
    /// same codec, or has no tag of its own for the codec.
    private func keepsCodecTag(_ tag: UInt32, of codec: AVCodecID) -> Bool {
        guard tag != 0, let tags = context.pointee.oformat.pointee.codec_tag else { return tag != 0 }
        var own: UInt32 = 0
        return av_codec_get_id(tags, tag) == codec || av_codec_get_tag2(tags, codec, &own) == 0
    }

    /// FFmpeg's `MKTAG` of a four-character code: the first character in the low byte.
    private func fourCC(_ code: String) throws(FFmpegError) -> UInt32 {
        let bytes = Array(code.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
            throw .cannotCreateOutput(path: path, reason: "\"\(code)\" is not a four-character codec tag")
        }
        var tag: UInt32 = 0
        for byte in bytes.reversed() { tag = tag << 8 | UInt32(byte) }
        return tag
    }

    /// Adds a video stream described by an open encoder: its codec parameters
    /// (extradata included), time base and frame rate. Returns the stream's index.
    ///
    /// - Parameters:
    ///   - encoder: the open encoder whose packets the stream gets.
    ///   - codecTag: the sample entry's four characters (`hvc1`, where the MP4
    ///     muxer would write `hev1`); nil for the container's own.
    /// - Throws: `cannotCreateOutput`, also for a tag that is not four ASCII characters.
    package func addVideoStream(encodedBy encoder: VideoEncoderContext, codecTag: String? = nil) throws(FFmpegError) -> Int {
        let stream = try newStream()
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        if let codecTag { stream.pointee.codecpar.pointee.codec_tag = try fourCC(codecTag) }
        stream.pointee.time_base = encoder.context.pointee.time_base
        stream.pointee.avg_frame_rate = encoder.context.pointee.framerate
        stream.pointee.r_frame_rate = encoder.context.pointee.framerate
        stream.pointee.sample_aspect_ratio = encoder.context.pointee.sample_aspect_ratio
        return Int(stream.pointee.index)
    }

    /// Adds an audio stream with `encoder`'s parameters (codec, configuration,
    /// delay) and time base. Returns the new stream's index.
    ///
    /// - Throws: `cannotCreateOutput`.
    package func addAudioStream(encodedBy encoder: AACEncoderContext) throws(FFmpegError) -> Int {
        let stream = try newStream()
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        stream.pointee.time_base = encoder.context.pointee.time_base
        return Int(stream.pointee.index)
    }

    /// Adds a subtitle stream with `encoder`'s parameters (its `tx3g` sample
    /// description) and time base, tagged with `language` (ISO 639-2) in its
    /// metadata, where the MP4 and MOV muxers read it. Returns its index.
    ///
    /// - Throws: `cannotCreateOutput`.
    package func addSubtitleStream(encodedBy encoder: SubtitleEncoderContext, language: String) throws(FFmpegError) -> Int {
        let stream = try newStream()
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        stream.pointee.time_base = encoder.context.pointee.time_base
        let tagged = av_dict_set(&stream.pointee.metadata, "language", language, 0)
        guard tagged >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(tagged).message) }
        return Int(stream.pointee.index)
    }

    private func newStream() throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw .cannotCreateOutput(path: path, reason: "out of memory")
        }
        return stream
    }
}
