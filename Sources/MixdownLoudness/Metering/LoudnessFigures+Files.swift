import MixdownMediaIO

extension LoudnessFigures {
    /// The figures of the file at `path`: its best audio stream, decoded at its
    /// own rate and measured in one piece, streaming (constant memory).
    ///
    /// A mono file is measured as one channel, as BS.1770 sums the channels a
    /// programme has (and as ffmpeg's `ebur128` filter does): 3 dB below the same
    /// signal on both sides of a stereo file. A file of more channels is measured
    /// as the stereo fold-down `AudioDecoder` gives (what Mixdown mixes), not with
    /// BS.1770's surround weights. `isCancelled` is polled every block.
    ///
    /// - Throws: `MediaIOError` naming `path`: the decoder's errors, `unsupported`
    ///   for a format libebur128 cannot meter, `cancelled`.
    public init(measuringFile path: String, isCancelled: () -> Bool = { false }) throws(MediaIOError) {
        var decoder = try AudioDecoder(path: path)
        if decoder.sampleRate != decoder.sourceSampleRate {
            decoder = try AudioDecoder(path: path, sampleRate: decoder.sourceSampleRate, streamIndex: decoder.streamIndex)
        }
        let mono = decoder.sourceChannels == 1
        let analyzer = try LoudnessAnalyzer(channels: mono ? 1 : 2, sampleRate: decoder.sampleRate, source: path)
        let block = 16_384
        let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer {
            left.deallocate()
            right.deallocate()
        }
        while true {
            if isCancelled() { throw .cancelled }
            let count = try decoder.read(left: left, right: right, count: block)
            guard count > 0 else { break }
            // The decoder puts a mono source on both sides, bit for bit.
            if mono {
                try analyzer.add(mono: left, count: count)
            } else {
                try analyzer.add(left: left, right: right, count: count)
            }
        }
        self = analyzer.figures
    }
}
