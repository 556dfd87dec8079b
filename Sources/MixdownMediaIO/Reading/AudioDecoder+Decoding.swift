internal import MixdownTime

extension AudioDecoder {
    /// Samples buffered and not yet read.
    var buffered: Int64 { Int64(fifo.count) }

    /// Decodes until the FIFO holds output samples up to `target` (exclusive) or the stream ends.
    func fill(upTo target: Int64) throws(MediaIOError) {
        while !drained, fifoStart + buffered < target {
            try decodeStep()
            dropBeforePosition()
        }
        dropBeforePosition()
        if let knownEnd, fifoStart + buffered > knownEnd {
            // The decoder's tail padding: beyond the container's exact duration.
            drained = true
        }
    }

    /// Number of samples `read` may still return from the FIFO, honouring the exact end.
    var readable: Int64 {
        guard let end = [knownEnd, decodedEnd].compactMap({ $0 }).min() else { return buffered }
        return max(0, min(buffered, end - fifoStart))
    }

    /// Discards resampled output that lies before the read position (pre-roll after a seek).
    private func dropBeforePosition() {
        guard anchored, fifoStart < position else { return }
        let drop = min(buffered, position - fifoStart)
        if drop > 0 { fifo.drain(Int(drop)) }
        fifoStart += drop
    }

    /// One step of the decode loop: a frame resampled into the FIFO, a packet sent, or the end.
    private func decodeStep() throws(MediaIOError) {
        let status = codec.receive(frame)
        if status.isSuccess {
            defer { frame.unref() }
            try accept(frame)
            return
        }
        if status == .endOfFile {
            if anchored {
                resampler.convert(nil, offset: 0, count: 0, into: fifo)
                // The flush rounds the length up; the exact end is the input's, rounded.
                decodedEnd = resampler.outputCount(forInput: inputEnd)
            }
            drained = true
            return
        }
        guard status == .again else {
            throw .decodeFailed(path: path, reason: status.message)
        }
        try sendNextPacket()
    }

    private func sendNextPacket() throws(MediaIOError) {
        while true {
            guard try input.read(into: packet) else {
                codec.sendEndOfStream()
                return
            }
            defer { packet.unref() }
            guard packet.streamIndex == streamIndex else { continue }
            if skipPacketsBefore > 0, packetEnd(packet) < skipPacketsBefore { continue }
            let status = codec.send(packet)
            // A damaged packet is skipped, as players do; the decoder resynchronises.
            if !status.isSuccess && status != .invalidData && status != .again {
                throw .decodeFailed(path: path, reason: status.message)
            }
            return
        }
    }

    /// Input-rate sample index just past `packet`, from its timestamps.
    private func packetEnd(_ packet: Packet) -> Int64 {
        guard let pts = packet.pts else { return .max }
        return timeBase.sampleIndex(ticks: pts + packet.duration - origin, sampleRate: sourceSampleRate)
    }

    /// Places the first frame on the output grid, then feeds every frame to the resampler.
    private func accept(_ frame: Frame) throws(MediaIOError) {
        let count = frame.sampleCount
        guard !anchored else {
            resampler.convert(frame, offset: 0, count: count, into: fifo)
            inputEnd += Int64(count)
            return
        }
        // Samples before source time 0 are priming the container did not flag: drop them.
        var start = frame.timestamp.map { timeBase.sampleIndex(ticks: $0 - origin, sampleRate: sourceSampleRate) } ?? 0
        var offset = 0
        if start < 0 {
            offset = Int(min(-start, Int64(count)))
            start = 0
        }
        guard offset < count else { return }
        // After a seek the resampler restarts on an input sample that maps to a whole
        // output sample, so its output phase equals a render from the start.
        // Input samples between instants on both grids: sourceRate / gcd(sourceRate, rate),
        // the timescale of the ratio of the rates once reduced.
        let step = Int64((try? MediaTime(sampleIndex: Int64(sampleRate), sampleRate: sourceSampleRate))?.reduced.timescale ?? 1)
        let base = skipPacketsBefore > 0 || seeked ? (start / step) * step : 0
        resampler.injectSilence(Int(start - base))
        fifoStart = resampler.outputCount(forInput: base)
        anchored = true
        if fifoStart > position {
            throw .decodeFailed(path: path, reason: "seek landed after the requested position")
        }
        resampler.convert(frame, offset: offset, count: count - offset, into: fifo)
        inputEnd = start + Int64(count - offset)
    }
}
