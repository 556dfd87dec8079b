public import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownTime

extension MovieWriter {
    /// Encodes the next frames of the mix, `audio` (stereo), and writes what is
    /// ready, with the video packets up to the same time.
    ///
    /// `audio` is read during the call only. After a thrown error the writer
    /// is unusable: release it (nothing is left behind).
    public func writeAudio(_ audio: AudioSlice) throws(MediaIOError) {
        try checkUsable()
        guard !acceptsEncodedAudio else {
            throw .writeFailed(path: path, reason: "this writer takes encoded AAC packets, not samples")
        }
        failed = true
        try encoder.encode(audio)
        try writeReadyAudio()
        failed = false
    }

    /// Writes the next AAC packet of the audio track, with the video packets up to
    /// the same time (writers made with `init(path:video:encodedAudio:)` only).
    ///
    /// Packets come in order: the first at pts -1024 (the priming, which the
    /// container's edit list hides), each next one at the pts where the one
    /// before ended (`presentationTime + duration`); only the last may be shorter
    /// than 1024 samples. A packet out of place throws `writeFailed` and, like
    /// any error, leaves the writer unusable.
    public func writeEncodedAudio(_ audio: EncodedAudioPacket) throws(MediaIOError) {
        try checkUsable()
        guard acceptsEncodedAudio else {
            throw .writeFailed(path: path, reason: "this writer encodes samples itself: use writeAudio")
        }
        failed = true
        let expected = nextAudioPts ?? -Int64(encoder.encoderDelay)
        guard audio.presentationTime == expected, !audioEnded, (1...Int64(encoder.frameSize)).contains(audio.duration),
              !audio.bytes.isEmpty else {
            throw .writeFailed(path: path, reason: "AAC packet at \(audio.presentationTime) (\(audio.duration) samples, "
                + "\(audio.bytes.count) bytes) where " + (audioEnded ? "the audio had ended" : "the packet at \(expected) was due"))
        }
        let p = encodedPacket
        let status = p.setBytes(audio.bytes)
        guard status.isSuccess else { throw .writeFailed(path: path, reason: "AAC packet: \(status.message)") }
        p.pts = audio.presentationTime
        p.dts = audio.presentationTime
        p.duration = audio.duration
        p.isKeyframe = true
        p.rescaleTimestamps(from: encoder.context.timeBase, to: audioTimeBase)
        try writeInterleaved(audio: p)
        nextAudioPts = audio.presentationTime + audio.duration
        audioEnded = audio.duration < Int64(encoder.frameSize)
        failed = false
    }

    /// Encodes the rest of the audio, writes the remaining video, finishes the file
    /// (with the faststart pass) and moves it to `path`.
    ///
    /// - Throws: `writeFailed` (nothing is left at `path` then, and an earlier file there is kept).
    public func finish() throws(MediaIOError) {
        _ = try finish(accepting: { _ in true })
    }

    /// Finishes the file as ``finish()`` does, but moves it to `path` only if
    /// `accept` approves the complete temporary file it is given (a check of the
    /// encoded result); otherwise removes it and returns false.
    ///
    /// - Throws: `writeFailed`; what `accept` throws (the file is removed then).
    public func finish(accepting accept: (String) throws(MediaIOError) -> Bool) throws(MediaIOError) -> Bool {
        try checkUsable()
        failed = true
        if !acceptsEncodedAudio {
            try encoder.finish()
            try writeReadyAudio()
        }
        while let video, try video.take(into: packet) {
            try writeVideoPacket()
        }
        try ffmpeg(output.finish())
        guard try accept(target.temporaryPath) else {
            finished = true
            return false
        }
        try target.commit()
        failed = false
        finished = true
        return true
    }

    private func checkUsable() throws(MediaIOError) {
        if finished { throw .writeFailed(path: path, reason: "the file is already finished") }
        if failed { throw .writeFailed(path: path, reason: "an earlier write failed") }
    }

    /// Writes every queued AAC packet, each preceded by the video packets decoded
    /// no later than it, so that the muxer's interleaving queue stays short.
    private func writeReadyAudio() throws(MediaIOError) {
        while let audio = encoder.takePacket() {
            audio.rescaleTimestamps(from: encoder.context.timeBase, to: audioTimeBase)
            try writeInterleaved(audio: audio)
        }
    }

    /// Writes the video packets decoded no later than `audio`, then `audio`
    /// (timestamps in the output stream's time base).
    private func writeInterleaved(audio: Packet) throws(MediaIOError) {
        if let video {
            // FFmpeg's AAC encoder stamps every packet, and writeEncodedAudio sets dts.
            let audioDts = audio.dts ?? .min
            while let dts = try video.peekDts(),
                  compareTimestamps(dts, video.timeBase, audioDts, audioTimeBase) <= 0 {
                _ = try video.take(into: packet)
                try writeVideoPacket()
            }
        }
        try ffmpeg(output.write(audio, stream: audioIndex))
    }

    /// Writes `packet` to the video track after checking what every player needs
    /// and FFmpeg's muxer checks only in part: decoding times strictly increasing,
    /// and no frame shown before it is decoded. A file that breaks it is never
    /// renamed into place.
    private func writeVideoPacket() throws(MediaIOError) {
        guard let dts = packet.dts, let pts = packet.pts else {
            throw .writeFailed(path: path, reason: "video packet \(video?.packetsRead ?? 0) has no timestamps")
        }
        guard dts > lastVideoDts, pts >= dts else {
            let ticks = video.map { " (in 1/\($0.timeBase.denominator) s)" } ?? ""
            throw .writeFailed(path: path, reason: "video packet \(video?.packetsRead ?? 0) would be decoded "
                + (pts < dts ? "after it is shown (dts \(dts) > pts \(pts))" : "no later than the one before it (dts \(dts) after \(lastVideoDts))")
                + ticks)
        }
        lastVideoDts = dts
        try ffmpeg(output.write(packet, stream: videoIndex))
    }
}
