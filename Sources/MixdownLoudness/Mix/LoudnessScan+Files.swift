import MixdownMediaIO
import MixdownRender
import MixdownUnits

extension LoudnessScan {
    /// Meters a stereo file Mixdown wrote, `frameCount` frames at `sampleRate`
    /// (what it rendered), in stretches on at most `threads` threads: each decoder
    /// seeks to its stretch's feed range. The check of a written output, at a
    /// fraction of the time of a decode in one piece.
    ///
    /// A decode that ends early is padded with silence (below the gate, it moves
    /// no figure). An AAC file's noise-substituted bands decode to other noise of
    /// the same energy after a seek: the figures may differ from a decode in one
    /// piece by a few thousandths of a LU.
    ///
    /// - Throws: the decoders' `MediaIOError`s naming `path`; `cancelled`.
    public init(file path: String, frameCount: Int64, sampleRate: SampleRate, threads: Int = AudioRenderer.defaultThreadCount,
                measures: LoudnessMeter.Measures = .all, truePeakBy reading: TruePeakReading = .libebur128,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        let feeds = try Self.feeds(frameCount: frameCount, sampleRate: sampleRate, threads: threads, measures: measures,
                                   reading: reading)
        _ = try WorkerPool<Void>.runEach(feeds.count) { job, isStopped throws(MediaIOError) in
            try Self.decode(path, sampleRate: sampleRate, into: feeds[job], isCancelled: { isCancelled() || isStopped() })
        }
        self.init(figures: Self.figures(of: feeds, sampleRate: sampleRate), limiting: nil)
    }

    /// Decodes `feed`'s range of `path` into it, silence after the file's end.
    private static func decode(_ path: String, sampleRate: SampleRate, into feed: StretchFeed,
                               isCancelled: () -> Bool) throws(MediaIOError) {
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if feed.range.lowerBound > 0 { try decoder.seek(toSample: feed.range.lowerBound) }
        var position = feed.range.lowerBound
        try decoder.forEachBlock(frames: Int64(feed.range.count), isCancelled: isCancelled) { block throws(MediaIOError) in
            try feed.add(block, at: position)
            position += Int64(block.count)
        }
        // The meters' figures do not depend on the blocks they are fed in.
        try feedSilence(feed, from: position)
    }
}
