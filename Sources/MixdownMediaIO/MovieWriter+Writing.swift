import CFFmpeg

extension MovieWriter {
    /// Encodes the next `count` samples of the mix (planar stereo float) and writes
    /// what is ready, with the video packets up to the same time.
    ///
    /// The pointers are read during the call only. After a thrown error the writer
    /// is unusable: release it (nothing is left behind).
    public func writeAudio(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        try checkUsable()
        failed = true
        try encoder.encode(left: left, right: right, count: count)
        try writeReadyAudio()
        failed = false
    }

    /// Encodes the rest of the audio, writes the remaining video, finishes the file
    /// (with the faststart pass) and moves it to `path`.
    ///
    /// - Throws: `writeFailed` (nothing is left at `path` then, and an earlier file there is kept).
    public func finish() throws(MediaIOError) {
        try checkUsable()
        failed = true
        try encoder.finish()
        try writeReadyAudio()
        while let video, try video.take(into: packet.pointer) {
            try write(packet.pointer, stream: videoIndex)
        }
        try output.finish()
        try target.commit()
        failed = false
        finished = true
    }

    private func checkUsable() throws(MediaIOError) {
        if finished { throw .writeFailed(path: path, reason: "the file is already finished") }
        if failed { throw .writeFailed(path: path, reason: "an earlier write failed") }
    }

    /// Writes every queued AAC packet, each preceded by the video packets decoded
    /// no later than it, so that the muxer's interleaving queue stays short.
    private func writeReadyAudio() throws(MediaIOError) {
        while let audio = encoder.takePacket() {
            av_packet_rescale_ts(audio.pointer, encoder.context.pointee.time_base, audioTimeBase)
            if let video {
                while let dts = try video.peekDts(),
                      av_compare_ts(dts, videoTimeBase, audio.pointer.pointee.dts, audioTimeBase) <= 0 {
                    _ = try video.take(into: packet.pointer)
                    try write(packet.pointer, stream: videoIndex)
                }
            }
            try write(audio.pointer, stream: audioIndex)
        }
    }

    private func write(_ packet: UnsafeMutablePointer<AVPacket>, stream: Int32) throws(MediaIOError) {
        packet.pointee.stream_index = stream
        try output.write(packet)
    }
}
