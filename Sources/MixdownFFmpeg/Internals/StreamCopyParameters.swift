internal import CFFmpeg

/// What a muxer needs to write a stream-copied copy of a demuxed stream, kept
/// after the demuxer is closed: the codec parameters (`AVCodecParameters`:
/// codec, tag, extradata, size, colour, field order …), the stream's time base
/// and frame rates, one sample aspect ratio, and every stream side data entry
/// (display matrix, Dolby Vision configuration, mastering display, content light …).
///
/// Taken once, from the analysed open of the clip's scan (`VideoClipInfo(path:)`),
/// so the writer never opens a clip just to describe it. Immutable after `init`,
/// and so safe to share between threads.
package final class StreamCopyParameters: @unchecked Sendable {
    let codecParameters: UnsafeMutablePointer<AVCodecParameters>
    let timeBase: AVRational
    let averageFrameRate: AVRational
    let realFrameRate: AVRational
    /// The stream's SAR when the container sets one, else the codec's: the value
    /// both the output stream and its codec parameters get, as ffmpeg's stream copy
    /// does (libavformat refuses two different non-zero ones).
    let sampleAspectRatio: AVRational
    /// The stream's side data, in order: FFmpeg's type and the bytes.
    let sideData: [(type: AVPacketSideDataType, bytes: [UInt8])]

    /// A copy of stream `index` of `input`'s parameters.
    ///
    /// - Throws: `unreadableMedia` when FFmpeg cannot copy them (out of memory).
    package init(stream index: Int, of input: Demuxer) throws(FFmpegError) {
        let source = input.stream(index).pointee
        guard let parameters = avcodec_parameters_alloc() else {
            throw .unreadableMedia(path: input.path, reason: "out of memory")
        }
        let status = avcodec_parameters_copy(parameters, source.codecpar)
        guard status >= 0 else {
            var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&owned)
            throw .unreadableMedia(path: input.path, reason: FFmpegStatus(status).message)
        }
        codecParameters = parameters
        timeBase = source.time_base
        averageFrameRate = source.avg_frame_rate
        realFrameRate = source.r_frame_rate
        sampleAspectRatio = source.sample_aspect_ratio.num > 0 ? source.sample_aspect_ratio : parameters.pointee.sample_aspect_ratio
        sideData = (0..<Int(source.nb_side_data)).map { i in
            let entry = source.side_data[i]
            return (entry.type, entry.data.map { Array(UnsafeBufferPointer(start: $0, count: entry.size)) } ?? [])
        }
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecParameters>? = codecParameters
        avcodec_parameters_free(&owned)
    }

    /// Whether the stream carries a Dolby Vision configuration record, which FFmpeg
    /// 5.1's MP4/MOV muxer writes (`dvcC`) only at unofficial compliance.
    var hasDolbyVisionConfiguration: Bool {
        sideData.contains { $0.type == AV_PKT_DATA_DOVI_CONF }
    }

    /// The stream's colours, by FFmpeg's names.
    package var colour: ColourNames { colourNames(of: codecParameters.pointee) }

    /// The pixel shape, width and height; (0, 1) when unknown.
    package var pixelShape: (width: Int32, height: Int32) { (sampleAspectRatio.num, sampleAspectRatio.den) }

    /// FFmpeg's name of the codec, e.g. `hevc`.
    package var codecName: String {
        String(cString: avcodec_get_name(codecParameters.pointee.codec_id))
    }
}
