import MixdownDSP
import MixdownDynamics
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
                measures: LoudnessMeter.Measures = .all, truePeakBy reading: TruePeakReading = .libebur128,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        let detects = reading == .limiterDetector && measures.contains(.truePeak)
        let ranges = LoudnessStretch.ranges(frameCount: frameCount, sampleRate: sampleRate, count: max(1, threads))
        let stretches = try ranges.map { range throws(MediaIOError) in
            try LoudnessStretch(range: range, frameCount: frameCount, channels: 2, sampleRate: sampleRate,
                                measures: detects ? measures.subtracting(.truePeak) : measures)
        }
        let found = try WorkerPool<StretchResult>.runEach(stretches.count) { job, isStopped throws(MediaIOError) in
            let stretch = stretches[job]
            let detector = detects ? Self.detector(of: stretch, frameCount: frameCount) : nil
            try Self.decode(path, sampleRate: sampleRate, into: stretch, detector: detector, isCancelled: { isCancelled() || isStopped() })
            guard let detector else { return StretchResult() }
            if detector.range.upperBound == frameCount { detector.meter.finish() }
            return StretchResult(truePeak: (detector.meter.peak, detector.meter.peakPosition))
        }
        var figures = LoudnessFigures(merging: stretches)
        if detects { figures = Self.replacingTruePeak(of: figures, with: found.compactMap(\.truePeak), sampleRate: sampleRate) }
        self.init(figures: figures, limiting: nil)
    }

    /// Decodes `stretch`'s feed range of `path` into it, and `detector`'s range
    /// (which starts where the feed range does) into the detector; silence after the file's end.
    private static func decode(_ path: String, sampleRate: Int32, into stretch: LoudnessStretch,
                               detector: (meter: TruePeakMeter, range: Range<Int64>)?,
                               isCancelled: () -> Bool) throws(MediaIOError) {
        let feed = stretch.feedRange
        let decoded = feed.lowerBound..<max(feed.upperBound, detector?.range.upperBound ?? 0)
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate)
        if decoded.lowerBound > 0 { try decoder.seek(toSample: decoded.lowerBound) }
        let block = 16_384
        let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer {
            left.deallocate()
            right.deallocate()
        }
        var position = decoded.lowerBound
        while position < decoded.upperBound {
            if isCancelled() { throw .cancelled }
            let wanted = Int(min(Int64(block), decoded.upperBound - position))
            let got = try decoder.read(left: left, right: right, count: wanted)
            if got < wanted {
                DSP.fill(left + got, value: 0, count: wanted - got)
                DSP.fill(right + got, value: 0, count: wanted - got)
            }
            let span = position..<position + Int64(wanted)
            let fed = span.clamped(to: feed)
            if !fed.isEmpty {
                let offset = Int(fed.lowerBound - position)
                try stretch.add(left: left + offset, right: right + offset, count: fed.count)
            }
            if let detector {
                let read = span.clamped(to: detector.range)
                let offset = Int(read.lowerBound - position)
                if !read.isEmpty { detector.meter.add(left: left + offset, right: right + offset, frames: read.count) }
            }
            position = span.upperBound
        }
    }
}
