import CFFmpeg

extension AACEncoder {
    /// Accepts `count` samples per channel and encodes every complete frame.
    ///
    /// The pointers are read during the call only. Calling after `finish()` throws.
    public func encode(left: UnsafePointer<Float>, right: UnsafePointer<Float>, count: Int) throws(MediaIOError) {
        guard !finished else { throw .writeFailed(path: path, reason: "audio written after the encoder was finished") }
        guard count > 0 else { return }
        var planes: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(mutating: left), UnsafeMutableRawPointer(mutating: right)]
        let written = planes.withUnsafeMutableBufferPointer { av_audio_fifo_write(fifo, $0.baseAddress, Int32(count)) }
        guard written == Int32(count) else { throw .writeFailed(path: path, reason: "out of memory buffering audio") }
        samplesReceived += Int64(count)
        while Int(av_audio_fifo_size(fifo)) >= frameSize {
            try sendFrame(samples: frameSize)
        }
    }

    /// Encodes what is buffered (a last, shorter frame), then drains the encoder's
    /// delay; afterwards every packet is in the queue. Calling it again does nothing.
    public func finish() throws(MediaIOError) {
        guard !finished else { return }
        finished = true
        let rest = Int(av_audio_fifo_size(fifo))
        if rest > 0 { try sendFrame(samples: rest) }
        let status = avcodec_send_frame(context, nil)
        guard status >= 0 else { throw .writeFailed(path: path, reason: "AAC encoder flush: \(ffmpegMessage(status))") }
        try drain()
    }

    /// The oldest encoded packet not yet taken, or nil when the encoder needs more input
    /// (or, after `finish()`, has nothing left).
    public func receivePacket() -> EncodedAudioPacket? {
        guard let packet = takePacket() else { return nil }
        let p = packet.pointer.pointee
        let bytes = p.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(p.size))) } ?? []
        return EncodedAudioPacket(bytes: bytes, presentationTime: p.pts, duration: p.duration)
    }

    /// The oldest queued packet, timestamps in 1/`sampleRate`, for the muxer.
    func takePacket() -> Packet? {
        guard queueHead < queue.count else { return nil }
        let packet = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return packet
    }

    /// Moves `samples` from the FIFO into a frame at pts `samplesSent` and encodes it.
    private func sendFrame(samples: Int) throws(MediaIOError) {
        let f = frame.pointer
        if f.pointee.nb_samples == 0 {
            f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
            f.pointee.sample_rate = sampleRate
            av_channel_layout_copy(&f.pointee.ch_layout, &context.pointee.ch_layout)
            f.pointee.nb_samples = Int32(frameSize)
            let status = av_frame_get_buffer(f, 0)
            guard status >= 0 else { throw .writeFailed(path: path, reason: "audio frame: \(ffmpegMessage(status))") }
        }
        // The codec may still hold the previous buffer; this copies only if it does.
        f.pointee.nb_samples = Int32(frameSize)
        let writable = av_frame_make_writable(f)
        guard writable >= 0 else { throw .writeFailed(path: path, reason: "audio frame: \(ffmpegMessage(writable))") }
        f.pointee.nb_samples = Int32(samples)
        let read = f.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 2) {
            av_audio_fifo_read(fifo, $0, Int32(samples))
        }
        guard read == Int32(samples) else { throw .writeFailed(path: path, reason: "audio buffer underrun") }
        f.pointee.pts = samplesSent
        samplesSent += Int64(samples)
        let status = avcodec_send_frame(context, f)
        guard status >= 0 else { throw .writeFailed(path: path, reason: "AAC encoder: \(ffmpegMessage(status))") }
        try drain()
    }

    /// Moves every packet the codec has ready into the queue.
    private func drain() throws(MediaIOError) {
        while true {
            let packet = Packet()
            let status = avcodec_receive_packet(context, packet.pointer)
            if status == MX_AVERROR_EAGAIN || status == MX_AVERROR_EOF { return }
            guard status >= 0 else { throw .writeFailed(path: path, reason: "AAC encoder: \(ffmpegMessage(status))") }
            queue.append(packet)
        }
    }
}
