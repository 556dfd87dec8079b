internal import MixdownBitstream
public import MixdownDSP
internal import MixdownFFmpeg

extension VideoEncoder {
    /// Encodes `picture`, shown at `presentationTime` for `duration` ticks of
    /// `settings.timeBase` (nil: one frame at `settings.frameRate`), and returns
    /// the packets that are ready (none while the encoder fills its lookahead).
    ///
    /// `forceKeyframe` makes the picture an IDR (libavcodec's `forced-idr`), where
    /// a spliced stretch must start. The samples are copied: `picture` may be
    /// reused once this returns.
    ///
    /// - Throws: `unsupported` for a picture of another size or bit depth than
    ///   the settings', or a presentation time that does not increase; `writeFailed` when the encoder fails or
    ///   after `finish()`.
    public func encode(_ picture: Picture, presentationTime: Int64, duration: Int64? = nil,
                       forceKeyframe: Bool = false) throws(MediaIOError) -> [EncodedVideoPacket] {
        guard !finished else { throw .writeFailed(path: path, reason: "a picture was given to the video encoder after it finished") }
        guard picture.width == settings.width, picture.height == settings.height else {
            throw .unsupported(path: path, reason: "a \(picture.width)×\(picture.height) picture given to a "
                + "\(settings.width)×\(settings.height) video encoder")
        }
        guard picture.bitDepth == settings.bitDepth else {
            throw .unsupported(path: path, reason: "a \(picture.bitDepth)-bit picture given to a \(settings.bitDepth)-bit video encoder")
        }
        if let last = lastPresentationTime, presentationTime <= last {
            throw .unsupported(path: path, reason: "video presentation times must increase (\(presentationTime) after \(last))")
        }
        lastPresentationTime = presentationTime
        durations[presentationTime] = duration ?? frameTicks
        frame.borrow(picture)
        frame.pts = presentationTime
        frame.forcesKeyframe = forceKeyframe
        let status = context.send(frame)
        frame.unref()
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "video encoding failed: \(status.message)") }
        return try receivePackets()
    }

    /// Drains the encoder: the packets of every picture still held back. Encoding
    /// ends here.
    ///
    /// - Throws: `writeFailed` when the encoder fails.
    public func finish() throws(MediaIOError) -> [EncodedVideoPacket] {
        guard !finished else { return [] }
        finished = true
        let status = context.send(nil)
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "video encoding failed: \(status.message)") }
        return try receivePackets()
    }

    /// Every packet the encoder has ready.
    private func receivePackets() throws(MediaIOError) -> [EncodedVideoPacket] {
        var packets: [EncodedVideoPacket] = []
        while true {
            let status = context.receive(packet)
            if status == .again || status == .endOfFile { return packets }
            guard status.isSuccess else { throw .writeFailed(path: path, reason: "video encoding failed: \(status.message)") }
            defer { packet.unref() }
            let bytes = packet.bytes
            let units = NALUnit.units(inAnnexB: bytes)
            guard let pts = packet.pts else { throw .writeFailed(path: path, reason: "the video encoder gave a packet without a timestamp") }
            if parameterSets.isEmpty { parameterSets = parameterSetUnits(in: units) }
            packets.append(EncodedVideoPacket(
                bytes: bytes, presentationTime: pts, decodingTime: packet.dts ?? pts,
                duration: durations.removeValue(forKey: pts) ?? frameTicks,
                isKeyframe: packet.isKeyframe, isIDR: units.contains(where: isIDRSlice)))
        }
    }
}
