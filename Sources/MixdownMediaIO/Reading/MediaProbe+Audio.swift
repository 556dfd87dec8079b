internal import MixdownFFmpeg
internal import MixdownTime

extension MediaProbe {
    /// Fills in the played stream's facts on the decoder's axis from its measure:
    /// where its first sample lands, its exact length when known, and whether it
    /// ends well before its header says (a file cut short). Matroska states only
    /// the container's duration, which then stands in for the stream's.
    static func describePlayedAudio(_ input: Demuxer, extent: (first: Int64, end: Int64?, layout: AudioLayout), into stream: inout StreamInfo) {
        stream.firstSample = extent.first
        if stream.estimatedSampleCount == nil, !input.durationIsBitRateGuess, let rate = stream.sampleRate,
           let duration = input.duration, duration > 0, !input.format.hasExactStreamDurations,
           let end = try? TimeBase(sampleRate: Int32(rate)).ticks(MediaTime.microseconds(duration)) {
            stream.estimatedSampleCount = max(0, end - extent.first)
        }
        if let end = extent.end {
            let count = max(0, end - extent.first)
            // Half a second and 1 % of slack: headers of whole files are off by the
            // codec's padding, a stretched first frame, an iTunSMPB remainder. A stream
            // whose rate changes has a header that counts at one rate: no measure.
            if extent.layout.keepsItsRate, let stated = stream.estimatedSampleCount, let rate = stream.sampleRate,
               stated - count > Int64(rate) / 2 + stated / 100 {
                stream.isTruncated = true
            }
            stream.sampleCount = count
            stream.estimatedSampleCount = count
        }
        if input.format == .wav { noteCutShortData(input, into: &stream) }
        // Opus in Matroska flags its pre-skip in the codec parameters, not in a packet.
        if stream.encoderDelay == 0 { stream.encoderDelay = input.initialPadding(ofStream: stream.index) }
    }

    /// Notes the length a PCM WAV's header states when its `data` chunk runs past
    /// the end of the file (`statedSampleCount`), by at least one sample.
    private static func noteCutShortData(_ input: Demuxer, into stream: inout StreamInfo) {
        guard stream.codec.hasPrefix("pcm_"), let channels = stream.channels, channels > 0,
              let bits = input.bitsPerSample(ofStream: stream.index), bits % 8 == 0,
              let fileSize = input.fileSize, let chunk = WAVDataChunk(path: input.path) else { return }
        let frameSize = Int64(channels * bits / 8)
        guard chunk.offset + chunk.statedSize >= fileSize + frameSize else { return }
        stream.statedSampleCount = chunk.statedSize / frameSize
    }

    /// Describes the audio stream a decoder plays on its own axis (see
    /// `AudioPlacement`): where its first sample lands, and, when `decoding`, its
    /// exact length from a decode of every frame (MPEG audio's counted from its
    /// packets' headers instead, where they settle it); otherwise the length only where
    /// the header states it exactly (WAV, W64, AIFF, FLAC; MP4/MOV whose sample
    /// table counts samples). The first frame is decoded either way, which refuses
    /// a stream FFmpeg opens but cannot decode. `input` must stand at its start;
    /// it is left with the other streams discarded, anywhere.
    static func measurePlayedAudio(_ input: Demuxer, stream index: Int, decoding: Bool) throws(MediaIOError) -> (first: Int64, end: Int64?, layout: AudioLayout) {
        input.discardAll(except: [index])
        let layout = try AudioLayout(input: input, stream: index)
        let source = try AudioFrameSource(input: input, streamIndex: index)
        var placement = layout.placement
        while placement.first == nil, let (frame, _) = try source.next() {
            _ = placement.place(timestamp: frame.timestamp, count: frame.sampleCount, frameRate: frame.sampleRate)
        }
        let first = placement.first ?? 0
        let end: Int64?
        if decoding {
            // MPEG audio placed as decoded is counted from its packets, as a seek
            // counts them (see `AudioDecoder.seek(toSample:)`): only the packets whose
            // header does not settle their length (the last ones, with the encoder's
            // padding) are decoded.
            if layout.timing == .counted, !placement.rateChanged { source.countingLimit = .max }
            while let (frame, _) = try source.next() {
                placement.skip(source.countedBeforeCurrent)
                _ = placement.place(timestamp: frame.timestamp, count: frame.sampleCount, frameRate: frame.sampleRate)
            }
            placement.skip(source.countedAtEnd)
            end = placement.end ?? 0
        } else {
            end = statedEnd(input, layout: layout)
        }
        return (first, end, layout)
    }

    /// The end of the audio on the decoder's axis, where the header states it exactly.
    private static func statedEnd(_ input: Demuxer, layout: AudioLayout) -> Int64? {
        guard layout.timing == .stamped, layout.keepsItsRate, input.format.statesExactAudioLength else { return nil }
        if let end = layout.decodedEnd { return end }
        let timing = input.timing(ofStream: layout.streamIndex)
        guard !input.format.hasExactStreamDurations, let duration = timing.duration, duration > 0 else { return nil }
        return layout.axisIndex(ticks: (timing.startTime ?? 0) + duration)
    }
}
