import MixdownDSP
import MixdownMediaIO

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
                measures: LoudnessMeter.Measures = .all,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        let ranges = LoudnessStretch.ranges(frameCount: frameCount, sampleRate: sampleRate, count: max(1, threads))
        let stretches = try ranges.map { range throws(MediaIOError) in
            try LoudnessStretch(range: range, frameCount: frameCount, channels: 2, sampleRate: sampleRate, measures: measures)
        }
        _ = try WorkerPool<Void>.runEach(stretches.count) { job, isStopped throws(MediaIOError) in
            try Self.decode(path, sampleRate: sampleRate, into: stretches[job], isCancelled: { isCancelled() || isStopped() })
        }
        self.init(figures: LoudnessFigures(merging: stretches), limiting: nil)
    }

    /// Decodes `stretch`'s feed range of `path` into it, silence after the file's end.
    private static func decode(_ path: String, sampleRate: Int32, into stretch: LoudnessStretch,
                               isCancelled: () -> Bool) throws(MediaIOError) {
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if stretch.feedRange.lowerBound > 0 { try decoder.seek(toSample: stretch.feedRange.lowerBound) }
        let block = 16_384
        let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer {
            left.deallocate()
            right.deallocate()
        }
        var remaining = stretch.feedRange.count
        while remaining > 0 {
            if isCancelled() { throw .cancelled }
            let wanted = min(block, remaining)
            var got = try decoder.read(left: left, right: right, count: wanted)
            if got < wanted {
                DSP.fill(left + got, value: 0, count: wanted - got)
                DSP.fill(right + got, value: 0, count: wanted - got)
                got = wanted
            }
            try stretch.add(left: left, right: right, count: got)
            remaining -= got
        }
    }
}
