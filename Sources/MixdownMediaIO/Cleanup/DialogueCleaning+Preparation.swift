public import MixdownDSP
import MixdownUnits

extension DialogueCleaning {
    /// One item's cleanup, prepared from its pauses: what it will do
    /// (``report``) and the stream that cleans its samples
    /// (``write(into:isCancelled:)``). One thread at a time.
    public final class Preparation {
        /// What was found and what will run.
        public let report: CleanupReport
        let source: any AudioSampleSource
        let frames: Range<Int64>
        let sampleRate: SampleRate
        /// The filters the item runs through.
        package let chain: CleanupChain
        let noise: PauseAudio

        init(source: any AudioSampleSource, frames: Range<Int64>, sampleRate: SampleRate, chain: CleanupChain,
             noise: PauseAudio, report: CleanupReport) {
            self.source = source
            self.frames = frames
            self.sampleRate = sampleRate
            self.chain = chain
            self.noise = noise
            self.report = report
        }

        /// Cleans the frames, handing `write` the cleaned audio in blocks, in
        /// order, `frames.count` frames in all (silence past the source's end).
        ///
        /// - Throws: the reader's errors and `write`'s, `unsupported` when FFmpeg
        ///   refuses the chain, `cancelled` when `isCancelled` turns true (polled once a block).
        public func write(into write: (AudioSlice) throws(MediaIOError) -> Void,
                          isCancelled: @Sendable () -> Bool) throws(MediaIOError) {
            let cleaner = try DialogueCleaner(chain: chain, sampleRate: sampleRate)
            if chain.denoise != nil { try cleaner.learnNoise(from: noise.audio) }
            try DialogueCleaning.stream(frames, from: source, through: cleaner, into: write, isCancelled: isCancelled)
        }
    }
}
