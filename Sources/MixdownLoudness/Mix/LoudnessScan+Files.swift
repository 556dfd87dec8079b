import MixdownDSP
import MixdownMediaIO
import MixdownRender

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
    public init(file path: String, frameCount: Int64, sampleRate: Int32, threads: Int = AudioRenderer.defaultThreadCount,
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
    private static func decode(_ path: String, sampleRate: Int32, into feed: StretchFeed,
                               isCancelled: () -> Bool) throws(MediaIOError) {
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if feed.range.lowerBound > 0 { try decoder.seek(toSample: feed.range.lowerBound) }
        let block = 16_384
        let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer {
            left.deallocate()
            right.deallocate()
        }
        var position = feed.range.lowerBound
        while position < feed.range.upperBound {
            if isCancelled() { throw .cancelled }
            let wanted = Int(min(Int64(block), feed.range.upperBound - position))
            let got = try decoder.read(left: left, right: right, count: wanted)
            if got < wanted {
                DSP.fill(left + got, value: 0, count: wanted - got)
                DSP.fill(right + got, value: 0, count: wanted - got)
            }
            try feed.add(left: left, right: right, count: wanted, at: position)
            position += Int64(wanted)
        }
    }
}
