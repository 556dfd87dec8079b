internal import MixdownComposition
internal import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownTime

extension VideoFrameReader {
    /// The next frame shown, in presentation order; nil after the last.
    ///
    /// - Throws: `decodeFailed` when the file cannot be read on, or its packets
    ///   differ from the clip's scan (the file was changed); a packet the decoder
    ///   rejects as damaged is skipped, as players do.
    public func nextFrame() throws(MediaIOError) -> VideoFrame? {
        guard earliest < .max else { return nil }
        while true {
            let status = codec.receive(frame)
            if status.isSuccess {
                defer { frame.unref() }
                if let shown = try take(frame) { return shown }
                continue
            }
            if status == .endOfFile { return nil }
            // Damaged data (reported here by decoders that decode as packets arrive) is skipped.
            if status == .invalidData { continue }
            guard status == .again else { throw .decodeFailed(path: path, reason: status.message) }
            try sendNextPacket()
        }
    }

    /// Sends the next packet of the stream to the decoder, skipping those before
    /// the start after a seek; at the end of the file, tells the decoder to drain.
    private func sendNextPacket() throws(MediaIOError) {
        guard !inputEnded else {
            codec.sendEndOfStream()
            return
        }
        while true {
            guard try ffmpeg(input.read(into: packet)) else {
                inputEnded = true
                codec.sendEndOfStream()
                return
            }
            defer { packet.unref() }
            guard packet.streamIndex == clip.streamIndex else { continue }
            guard let pts = packet.pts, let index = packetIndexByTimestamp[pts] else {
                throw .decodeFailed(path: path, reason: "the video packets differ from the scan (was the file changed?)")
            }
            if let start = startIndex {
                if index < start { continue }
                if index > start {
                    // The seek landed past the keyframe: read from the start instead.
                    guard !rewound else {
                        throw .decodeFailed(path: path, reason: "cannot find the video frame at pts \(clip.packets[start].pts)")
                    }
                    rewound = true
                    try input.rewind()
                    continue
                }
                startIndex = nil
            }
            lastSent = index
            let status = codec.send(packet)
            // A damaged packet is skipped, as players do; the decoder resynchronises.
            if !status.isSuccess && status != .invalidData {
                throw .decodeFailed(path: path, reason: status.message)
            }
            return
        }
    }

    /// The frame as handed out, or nil for a frame not shown (outside the edit
    /// list) or before the seek's target.
    private func take(_ frame: Frame) throws(MediaIOError) -> VideoFrame? {
        guard let pts = frame.pts ?? frame.timestamp, let index = packetIndexByTimestamp[pts] else {
            throw .decodeFailed(path: path, reason: "a decoded video frame's timestamp matches no packet of the scan")
        }
        let entry = clip.packets[index]
        guard !entry.isDiscarded, !frame.isMarkedDiscarded, pts >= earliest else { return nil }
        lastReturned = pts
        let picture = Picture(width: pictureSize.width, height: pictureSize.height, bitDepth: bitDepth)
        try ffmpeg(scaler.convert(frame, into: picture, method: scaling.scalerMethod, path: path))
        guard let time = try? clip.timeBase.time(ticks: pts - clip.origin),
              let duration = try? clip.timeBase.time(ticks: entry.duration) else {
            throw .decodeFailed(path: path, reason: "video timestamp \(pts) is out of range")
        }
        return VideoFrame(time: time, duration: duration, timestamp: pts, picture: picture)
    }
}
