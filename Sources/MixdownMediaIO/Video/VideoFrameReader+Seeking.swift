internal import MixdownComposition
internal import MixdownFFmpeg
public import MixdownTime

extension VideoFrameReader {
    /// Makes the next frame the one shown at `time` (clip time): the last frame
    /// whose presentation time is at or before it, or the first frame for a time
    /// before it. At or past the clip's end, no frame follows.
    ///
    /// Decoding restarts at the latest keyframe from which that frame and every
    /// later one decode (the clip's packet table says which), unless the frames
    /// being decoded already lead there; the frames before it are decoded and dropped.
    ///
    /// - Throws: `unsupported` for a time too far out to be a timestamp;
    ///   `decodeFailed` when the file cannot seek.
    public func seek(to time: MediaTime) throws(MediaIOError) {
        guard let relative = try? clip.timeBase.ticks(time), case let (ticks, false) = relative.addingReportingOverflow(clip.origin) else {
            throw .unsupported(path: path, reason: "time \(time.readable) is out of range")
        }
        guard ticks < clip.endTicks, let target = decodePoints.frame(at: ticks) else {
            // Past the end: skip whatever is left.
            earliest = .max
            return
        }
        let start = decodePoints.start(showing: target)
        if lastSent >= 0, startIndex == nil, target >= earliest, (lastReturned ?? .min) < target, start <= lastSent + 1 {
            // What is being decoded reaches the target: every frame shown from there on is still to come.
            earliest = target
            return
        }
        try reposition(at: start)
        earliest = target
    }

    /// Restarts decoding at packet `index` (a keyframe): the decoder flushed, the
    /// demuxer moved to the keyframe at or before it, packets before it skipped.
    func reposition(at index: Int) throws(MediaIOError) {
        codec.flush()
        inputEnded = false
        lastSent = -1
        lastReturned = nil
        startIndex = index
        rewound = false
        // Demuxers index by their own notion of time (mov: dts shifted by the edit
        // list), so ask for the keyframe's pts, backwards; packets before it are
        // skipped, and a seek that overshoots falls back to reading from the start.
        if index == 0 || !input.seek(stream: clip.streamIndex, to: clip.packets[index].pts, backward: true).isSuccess {
            try input.rewind()
        }
    }
}
