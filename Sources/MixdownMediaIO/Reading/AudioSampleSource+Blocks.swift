public import MixdownDSP

extension AudioSampleSource {
    /// Reads the stream from ``position`` block by block, handing each block to
    /// `body` as it is decoded: the one decode loop of every reader of a whole
    /// stretch (a file's loudness, a waveform, the speech detector's input, a
    /// scan's stretch).
    ///
    /// Each block holds `blockSize` frames (stereo, at the source's rate), the last
    /// fewer; the view is valid during the call only. Reading stops after
    /// `frames` frames (the whole rest of the stream when nil) or at the end of
    /// the stream, whichever comes first. `isCancelled` is polled before each block.
    ///
    /// - Returns: the frames handed over: `frames`, or fewer when the stream ended first.
    /// - Throws: the decoder's errors; `cancelled`; what `body` throws.
    @discardableResult
    public func forEachBlock(frames: Int64? = nil, blockSize: Int = 16_384, isCancelled: () -> Bool = { false },
                             _ body: (AudioSlice) throws(MediaIOError) -> Void) throws(MediaIOError) -> Int64 {
        precondition(blockSize > 0, "blocks of \(blockSize) frames")
        var block = AudioBuffer(capacity: blockSize)
        let total = frames ?? .max
        var done: Int64 = 0
        while done < total {
            if isCancelled() { throw .cancelled }
            let got = try read(into: block.mutableSlice(0..<Int(min(Int64(blockSize), total - done))))
            guard got > 0 else { break }
            try body(block.slice(0..<got))
            done += Int64(got)
        }
        return done
    }
}
