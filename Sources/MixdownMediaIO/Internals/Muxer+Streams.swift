internal import CFFmpeg

extension Muxer {
    /// Adds a video stream that copies stream `index` of `input` (stream copy):
    /// its codec parameters, time base, frame rates, aspect ratio and display
    /// matrix. Returns the new stream's index.
    ///
    /// - Throws: `cannotCreateOutput`.
    func addVideoStream(copying index: Int, of input: Demuxer) throws(MediaIOError) -> Int {
        let stream = try newStream()
        let source = input.stream(index)
        let status = avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = source.pointee.time_base
        stream.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        stream.pointee.r_frame_rate = source.pointee.r_frame_rate
        stream.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        if let matrix = Demuxer.displayMatrix(of: source) {
            guard let data = av_stream_new_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, 36) else {
                throw .cannotCreateOutput(path: path, reason: "out of memory")
            }
            data.withMemoryRebound(to: Int32.self, capacity: 9) { target in
                for i in 0..<9 { target[i] = matrix[i] }
            }
        }
        return Int(stream.pointee.index)
    }

    /// Adds an audio stream with `encoder`'s parameters (codec, configuration,
    /// delay) and time base. Returns the new stream's index.
    ///
    /// - Throws: `cannotCreateOutput`.
    func addAudioStream(encodedBy encoder: AACEncoderContext) throws(MediaIOError) -> Int {
        let stream = try newStream()
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context)
        guard status >= 0 else { throw .cannotCreateOutput(path: path, reason: FFmpegStatus(status).message) }
        stream.pointee.time_base = encoder.context.pointee.time_base
        return Int(stream.pointee.index)
    }

    private func newStream() throws(MediaIOError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw .cannotCreateOutput(path: path, reason: "out of memory")
        }
        return stream
    }
}
