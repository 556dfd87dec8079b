internal import MixdownFFmpeg

extension MediaProbe {
    /// The headers' facts: encoder delay from the first audio packet, estimated
    /// sample counts, truncation from the last index entry. Video is not read
    /// (reading it moves some demuxers' estimates of the audio's length), so
    /// HDR metadata only in a video stream's SEI is a full probe's.
    static func readHeaders(_ input: Demuxer, into streams: inout [StreamInfo]) throws(MediaIOError) {
        let fileSize = input.fileSize ?? -1
        for i in streams.indices {
            if fileSize > 0, let end = input.indexEnd(ofStream: i) {
                streams[i].isTruncated = end > fileSize
            }
        }
        var pending = Set(streams.indices.filter { streams[$0].kind == .audio })
        let packet = Packet()
        var budget = 64
        while !pending.isEmpty, budget > 0, try ffmpeg(input.read(into: packet)) {
            defer { packet.unref() }
            budget -= 1
            let i = packet.streamIndex
            guard pending.remove(i) != nil else { continue }
            streams[i].encoderDelay = packet.skipSamples.start
        }
    }

    /// Each audio stream's length as its header states it (`estimatedSampleCount`):
    /// none when the duration is guessed from the bit rate (a VBR MP3 without a
    /// Xing header) or is MP4's "unknown" (0xFFFFFFFF, fragmented files).
    static func estimateAudioLengths(_ input: Demuxer, into streams: inout [StreamInfo]) {
        guard !input.durationIsBitRateGuess else { return }
        let format = input.format
        for i in streams.indices where streams[i].kind == .audio {
            guard let rate = streams[i].sampleRate else { continue }
            let timing = input.timing(ofStream: i)
            let start = timing.startTime ?? 0
            guard let end = timing.duration, end > 0, end != Int64(UInt32.max) else { continue }
            // MP3 reports its duration from the start of the encoder delay and its start
            // time after it; elsewhere start is 0 and the duration is the real one.
            let ticks = format.hasExactStreamDurations ? end : end - start
            streams[i].estimatedSampleCount = max(0, timing.samples(ticks: ticks, rate: Int32(rate)))
        }
    }
}
