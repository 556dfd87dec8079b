public import MixdownDSP
internal import MixdownFFmpeg
public import MixdownUnits

extension DialogueCleaning {
    /// One item's cleanup, prepared from its pauses: what it will do
    /// (``report``), what decides its samples (``processing``), and the stream
    /// that cleans them (``write(into:isCancelled:)``). One thread at a time.
    public final class Preparation {
        /// What was found and what will run.
        public let report: CleanupReport
        /// Everything the cleaned samples depend on beside the input's own: the
        /// code's version, libavfilter's, the chain with its level shift, the
        /// frames and the pauses the noise is learned from. A cache key's text.
        public let processing: String
        let source: any AudioSampleSource
        let frames: Range<Int64>
        let sampleRate: SampleRate
        let chain: CleanupChain
        let noise: PauseAudio

        /// Bumped when a change in Mixdown's cleanup changes its samples for the same settings.
        static let version = 1

        init(source: any AudioSampleSource, frames: Range<Int64>, sampleRate: SampleRate, chain: CleanupChain,
             learnedFrom pauses: [Range<Int64>], noise: PauseAudio, report: CleanupReport) {
            self.source = source
            self.frames = frames
            self.sampleRate = sampleRate
            self.chain = chain
            self.noise = noise
            self.report = report
            let learned = SHA256()
            learned.update(pauses.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " "))
            processing = """
                dialogue cleanup \(Self.version) \(FFmpegLibraries.filteringVersions)
                chain \(chain.text())
                frames \(frames.lowerBound)..<\(frames.upperBound) learned from \(learned.finish())
                """
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
