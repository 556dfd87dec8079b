public import MixdownDSP
internal import MixdownFFmpeg

extension AACEncoder {
    /// Accepts the frames of `audio` (stereo) and encodes every complete frame.
    ///
    /// `audio` is read during the call only. Calling after `finish()` throws.
    public func encode(_ audio: AudioSlice) throws(MediaIOError) {
        guard !finished else { throw .writeFailed(path: path, reason: "audio written after the encoder was finished") }
        let count = audio.count
        guard count > 0 else { return }
        let written = fifo.write(audio)
        guard written == count else { throw .writeFailed(path: path, reason: "out of memory buffering audio") }
        samplesReceived += Int64(count)
        while fifo.count >= frameSize {
            try sendFrame(samples: frameSize)
        }
    }

    /// Encodes what is buffered (a last, shorter frame), then drains the encoder's
    /// delay; afterwards every packet is in the queue. Calling it again does nothing.
    public func finish() throws(MediaIOError) {
        guard !finished else { return }
        finished = true
        let rest = fifo.count
        if rest > 0 { try sendFrame(samples: rest) }
        let status = context.send(nil)
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "AAC encoder flush: \(status.message)") }
        try drain()
    }

    /// The oldest encoded packet not yet taken, or nil when the encoder needs more input
    /// (or, after `finish()`, has nothing left).
    public func receivePacket() -> EncodedAudioPacket? {
        guard let packet = takePacket() else { return nil }
        // FFmpeg's AAC encoder stamps every packet; 0 stands in for a missing pts.
        return EncodedAudioPacket(bytes: packet.bytes, presentationTime: packet.pts ?? 0, duration: packet.duration)
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
        if frame.sampleCount == 0 {
            let status = context.allocateBuffers(of: frame)
            guard status.isSuccess else { throw .writeFailed(path: path, reason: "audio frame: \(status.message)") }
        }
        // The codec may still hold the previous buffer; this copies only if it does.
        frame.sampleCount = frameSize
        let writable = frame.makeWritable()
        guard writable.isSuccess else { throw .writeFailed(path: path, reason: "audio frame: \(writable.message)") }
        frame.sampleCount = samples
        let read = fifo.read(into: frame, count: samples)
        guard read == samples else { throw .writeFailed(path: path, reason: "audio buffer underrun") }
        frame.pts = samplesSent
        samplesSent += Int64(samples)
        let status = context.send(frame)
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "AAC encoder: \(status.message)") }
        try drain()
    }

    /// Moves every packet the codec has ready into the queue.
    private func drain() throws(MediaIOError) {
        while true {
            let packet = Packet()
            let status = context.receive(packet)
            if status == .again || status == .endOfFile { return }
            guard status.isSuccess else { throw .writeFailed(path: path, reason: "AAC encoder: \(status.message)") }
            queue.append(packet)
        }
    }
}
