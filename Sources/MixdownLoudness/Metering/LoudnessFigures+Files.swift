import MixdownDSP
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
        let decoder = try AudioDecoder(sourceRateOf: path)
        let mono = decoder.sourceChannels == 1
        let analyzer = try LoudnessAnalyzer(channels: mono ? 1 : 2, sampleRate: decoder.sampleRate, source: path)
        try decoder.forEachBlock(isCancelled: isCancelled) { block throws(MediaIOError) in
            // The decoder puts a mono source on both sides, bit for bit: its left channel is the source.
            try analyzer.add(mono ? block.channels(0..<1) : block)
        }
        self = analyzer.figures
    }
}
