internal import MixdownFFmpeg
internal import MixdownDSP
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
    }

    /// Number of samples `read` may still return from the FIFO, honouring the exact end.
    var readable: Int64 {
        guard let decodedEnd else { return buffered }
        return max(0, min(buffered, decodedEnd - fifoStart))
    }

    /// Whether the stream has ended: nothing more will be decoded.
    public var hasEnded: Bool { drained && readable == 0 }

    /// Discards resampled output that lies before the read position (pre-roll after a seek).
    private func dropBeforePosition() {
        guard anchored, fifoStart < position else { return }
        let drop = min(buffered, position - fifoStart)
        if drop > 0 { fifo.drain(Int(drop)) }
        fifoStart += drop
    }

    /// One step of the decode loop: a frame placed and resampled into the FIFO, or the end.
    private func decodeStep() throws(MediaIOError) {
        guard let (frame, isLast) = try source.next() else {
            finish()
            return
        }
        placement.skip(source.countedBeforeCurrent)
        let landing = placement.place(timestamp: frame.timestamp, count: frame.sampleCount, frameRate: frame.sampleRate)
        if let target = countingTarget, landing.count > 0 {
            countingTarget = nil
            // Counted on from this frame's first sample, up to the decoder's own pre-roll.
            if !placement.rateChanged {
                source.countingLimit = target - Int64(Self.preRoll * Double(sourceSampleRate)) - (landing.start - Int64(landing.skip))
            }
        }
        try accept(frame, landing)
        if isLast { finish() }
    }

    /// The stream has ended: flush the resampler, and cut its output at the placed end.
    private func finish() {
        placement.skip(source.countedAtEnd)
        if anchored, let resampler {
            resampler.convert(nil, offset: 0, count: 0, into: fifo)
            // The flush rounds the length up; the exact end is the placed end, rounded.
            let end = sourceTimeBase.sampleIndex(ticks: placement.end ?? 0, sampleRate: sampleRate)
            decodedEnd = end
            // Across a change of rate each resampler rounded its own part's length:
            // a sample or two short of the exact end is made up with silence.
            let missing = end - (fifoStart + buffered)
            if placement.rateChanged, missing > 0 {
                let silence = AudioBuffer(capacity: Int(missing))
                _ = fifo.write(silence.slice(0..<Int(missing)))
            }
        }
        drained = true
    }

    /// Feeds a placed frame to the resampler, starting it on the output grid first.
    private func accept(_ frame: Frame, _ landing: AudioPlacement.Landing) throws(MediaIOError) {
        guard landing.count > 0, landing.start + Int64(landing.count) > resampleFrom else { return }
        let resampler: Resampler
        if let made = self.resampler, made.accepts(frame) {
            resampler = made
        } else {
            // A stream whose rate changes mid-way (FLAC) goes on in a resampler for
            // the new rate, after the old one's tail, as FFmpeg's CLI reconfigures
            // its filters.
            self.resampler?.convert(nil, offset: 0, count: 0, into: fifo)
            resampler = try ffmpeg(Resampler(frame: frame, outputRate: sampleRate, path: path))
            self.resampler = resampler
        }
        if !anchored {
            // After a seek the resampler restarts on an input sample that maps to a whole
            // output sample, so its output phase equals a render from the start.
            // Input samples between instants on both grids: sourceRate / gcd(sourceRate, rate),
            // the timescale of the ratio of the rates once reduced.
            let step = Int64((try? sourceTimeBase.time(ticks: Int64(sampleRate)))?.reduced.timescale ?? 1)
            let base = seeked ? (landing.start / step) * step : 0
            resampler.injectSilence(Int(landing.start - base))
            fifoStart = resampler.outputCount(forInput: base)
            anchored = true
            if fifoStart > position {
                throw .decodeFailed(path: path, reason: "seek landed after the requested position")
            }
        } else if landing.gap > 0 {
            // A packet the decoder rejected, in a stream whose timestamps count samples.
            resampler.injectSilence(Int(landing.gap))
        }
        resampler.convert(frame, offset: landing.skip, count: landing.count, into: fifo)
    }
}
