extension MediaProbe {
    /// Describes the audio stream a decoder plays on its own axis (see
    /// `AudioPlacement`): where its first sample lands, and, when `decoding`, its
    /// exact length from a decode of every frame; otherwise the length only where
    /// the header states it exactly (WAV, W64, AIFF, FLAC; MP4/MOV whose sample
    /// table counts samples). The first frame is decoded either way, which refuses
    /// a stream FFmpeg opens but cannot decode. `input` must stand at its start;
    /// it is left with the other streams discarded, anywhere.
    static func measurePlayedAudio(_ input: Demuxer, stream index: Int, decoding: Bool) throws(MediaIOError) -> (first: Int64, end: Int64?) {
        input.discardAll(except: [index])
        let layout = try AudioLayout(input: input, stream: index)
        let source = try AudioFrameSource(input: input, streamIndex: index)
        var placement = layout.placement
        while placement.first == nil, let (frame, isLast) = try source.next() {
            _ = placement.place(timestamp: frame.timestamp, count: frame.sampleCount)
            if isLast { placement.cut(placement.trailingTrim(containerEnd: layout.containerEnd(lastPacketEnd: source.lastPacketEnd))) }
        }
        let first = placement.first ?? 0
        let end: Int64?
        if decoding {
            while let (frame, isLast) = try source.next() {
                _ = placement.place(timestamp: frame.timestamp, count: frame.sampleCount)
                if isLast { placement.cut(placement.trailingTrim(containerEnd: layout.containerEnd(lastPacketEnd: source.lastPacketEnd))) }
            }
            end = placement.end ?? 0
        } else {
            end = statedEnd(input, layout: layout)
        }
        return (first, end)
    }

    /// The end of the audio on the decoder's axis, where the header states it exactly.
    private static func statedEnd(_ input: Demuxer, layout: AudioLayout) -> Int64? {
        guard layout.timing == .stamped, input.format.statesExactAudioLength else { return nil }
        let timing = input.timing(ofStream: layout.streamIndex)
        if layout.endsAtContainerEnd {
            return layout.containerEnd(lastPacketEnd: lastPacketEnd(input, stream: layout.streamIndex)).map(layout.axisIndex)
        }
        guard let duration = timing.duration, duration > 0 else { return nil }
        return layout.axisIndex(ticks: (timing.startTime ?? 0) + duration)
    }

    /// Where the stream's last packet ends (its ticks), read from the last entry
    /// of its index on: the one packet of the end a quick probe reads.
    private static func lastPacketEnd(_ input: Demuxer, stream index: Int) -> Int64? {
        guard let last = input.indexEntries(ofStream: index).last,
              input.seek(stream: index, to: last.timestamp, backward: true).isSuccess else { return nil }
        let packet = Packet()
        var end: Int64?
        while (try? input.read(into: packet)) == true {
            defer { packet.unref() }
            guard packet.streamIndex == index, let pts = packet.pts else { continue }
            end = max(end ?? .min, pts + max(0, packet.duration))
        }
        return end
    }
}
