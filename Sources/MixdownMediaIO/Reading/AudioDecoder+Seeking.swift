internal import MixdownFFmpeg
internal import MixdownTime

extension AudioDecoder {
    /// Seconds decoded and thrown away before a seek target, so decoder overlap,
    /// MP3's bit reservoir and the resampler's filter history are all refilled.
    static let preRoll = 0.5

    /// Positions the decoder so the next `read` returns output sample `index`.
    ///
    /// Samples after a seek equal those of a decode from the start (same decoder
    /// state after the pre-roll, same resampler phase, same placement), with one
    /// exception: AAC bands coded as noise substitution (PNS) take their values
    /// from a random generator that runs through the whole stream, so after a
    /// seek into the middle they have the same energy but other values (measured
    /// on the fixtures: up to 3e-6 in the 5.1 file, and 0.14 over one 256-sample
    /// stretch beside a click).
    ///
    /// Where timestamps count samples (`AudioPlacement.Timing.stamped`),
    /// containers with an exact index (MP4/MOV, WAV, AIFF, FLAC) seek directly
    /// and others (ADTS) are demuxed without decoding up to the pre-roll.
    /// Elsewhere (MP3, Matroska/WebM, Ogg, MP4s whose timestamps disagree with
    /// their samples) only counting from the start places a sample exactly. MPEG
    /// audio (MP3, MP2) is counted from its packets without decoding them (the
    /// decoder's own header check tells each packet's samples, see
    /// `DecoderContext.mpegAudioFrameLength(of:)`), up to a pre-roll decoded
    /// before the one resampled; other codecs are decoded from the start (not
    /// resampled) up to the pre-roll: a seek there costs a decode of what lies
    /// before it.
    public func seek(toSample index: Int64) throws(MediaIOError) {
        let inputRate = Int64(sourceSampleRate)
        let target = index * inputRate / Int64(sampleRate) - Int64(Self.preRoll * Double(inputRate))
        try restart()
        position = max(0, index)
        guard target > 0 else { return }
        seeked = true
        switch layout.timing {
        case .counted:
            resampleFrom = target
            countingTarget = target
        case .stamped:
            let ticks = rescale(target, from: sourceTimeBase, to: layout.timeBase) + layout.origin
            if source.input.format.hasExactIndex, try source.restart(at: ticks) { return }
            source.skipPacketsEndingBefore = ticks
        }
    }

    /// Frames decoded since the decoder was made or last sought: what a seek
    /// cost (a seek that counts packets decodes only its pre-roll).
    package var framesDecoded: Int { source.frameCount }

    /// Back to the first packet with every piece of state cleared.
    private func restart() throws(MediaIOError) {
        try source.restart()
        placement = layout.placement
        resampler?.reset()
        fifo.reset()
        fifoStart = 0
        position = 0
        anchored = false
        drained = false
        seeked = false
        resampleFrom = 0
        countingTarget = nil
        decodedEnd = nil
    }
}

extension AudioDecoder {
    /// Whether a seek both lands bit for bit where a decode from the start puts
    /// the same samples and decodes only its pre-roll: an index seek (MP4/MOV,
    /// WAV, AIFF, FLAC) of any codec but AAC (whose noise bands differ after a
    /// seek), or MPEG audio's counted packets. What lets a long input be
    /// conformed in pieces on several threads.
    package var seeksExactly: Bool {
        let codec = source.input.facts(ofStream: streamIndex).codecName
        switch layout.timing {
        case .stamped: return source.input.format.hasExactIndex && codec != "aac"
        case .counted: return ["mp1", "mp2", "mp3"].contains(codec)
        }
    }
}
