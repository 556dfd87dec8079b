import MixdownDSP
import MixdownDynamics
import MixdownMediaIO
import MixdownRender
import MixdownTime
import MixdownUnits

extension LoudnessScan {
    /// One stretch of a scan, on its own thread, and where its frames go: the
    /// stretch's meters take its feed range; the limiter's detector, when it
    /// reads the true peak, from there to `TruePeakMeter.lead` frames past the
    /// stretch (the last positions' peaks read them), or to the programme's end,
    /// where it is finished.
    final class StretchFeed: @unchecked Sendable {
        let stretch: LoudnessStretch
        /// The frames to feed, in order: the feed range and the detector's.
        let range: Range<Int64>
        private let detector: (meter: TruePeakMeter, range: Range<Int64>)?
        private let frameCount: Int64

        init(_ stretch: LoudnessStretch, frameCount: Int64, detectsTruePeak: Bool) {
            self.stretch = stretch
            self.frameCount = frameCount
            let feed = stretch.feedRange
            let peaks = feed.lowerBound..<min(frameCount, stretch.range.upperBound + Int64(TruePeakMeter.lead))
            detector = detectsTruePeak ? (TruePeakMeter(firstPosition: peaks.lowerBound, countedPositions: stretch.range), peaks) : nil
            range = feed.lowerBound..<max(feed.upperBound, detector?.range.upperBound ?? 0)
        }

        /// Feeds `audio` as programme frames `first ..< first + audio.count` (in
        /// order; what lies outside ``range`` is left out).
        func add(_ audio: AudioSlice, at first: Int64) throws(MediaIOError) {
            let span = first..<first + Int64(audio.count)
            // Programme frames `part` (inside `span`) of `audio`.
            func frames(_ part: Range<Int64>) -> AudioSlice {
                audio.slice(Int(part.lowerBound - first)..<Int(part.upperBound - first))
            }
            let fed = span.clamped(to: stretch.feedRange)
            if !fed.isEmpty { try stretch.add(frames(fed)) }
            if let detector {
                let read = span.clamped(to: detector.range)
                if !read.isEmpty { detector.meter.add(frames(read)) }
            }
        }

        /// The detector's largest peak (linear) and its position once everything
        /// is fed; nil when it does not read the true peak.
        func truePeak() -> (peak: Double, position: Int64?)? {
            guard let detector else { return nil }
            if detector.range.upperBound == frameCount, !detector.meter.isFinished { detector.meter.finish() }
            return (detector.meter.peak, detector.meter.peakPosition)
        }
    }

    /// The stretches of a scan of `frameCount` frames at `sampleRate` on at
    /// most `threads` threads, measuring `measures`, the true peak read as `reading` says.
    static func feeds(frameCount: Int64, sampleRate: SampleRate, threads: Int, measures: LoudnessMeter.Measures,
                      reading: TruePeakReading) throws(MediaIOError) -> [StretchFeed] {
        try feeds(of: LoudnessStretch.ranges(frameCount: frameCount, sampleRate: sampleRate, count: max(1, threads)),
                  frameCount: frameCount, sampleRate: sampleRate, measures: measures, reading: reading)
    }

    /// The stretches `ranges` of a scan of `frameCount` frames at `sampleRate`
    /// (consecutive from 0, cut as `LoudnessStretch` requires), measuring
    /// `measures`, the true peak read as `reading` says.
    static func feeds(of ranges: [Range<Int64>], frameCount: Int64, sampleRate: SampleRate, measures: LoudnessMeter.Measures,
                      reading: TruePeakReading) throws(MediaIOError) -> [StretchFeed] {
        let detects = reading == .limiterDetector && measures.contains(.truePeak)
        return try ranges.map { range throws(MediaIOError) in
            StretchFeed(try LoudnessStretch(range: range, frameCount: frameCount, channels: 2, sampleRate: sampleRate,
                                            measures: detects ? measures.subtracting(.truePeak) : measures),
                        frameCount: frameCount, detectsTruePeak: detects)
        }
    }

    /// The figures of `feeds`, all fed: merged, with the true peak the detectors
    /// found, when they read it (the largest, at the start of its 100 ms step, as
    /// libebur128's is located; the first of equal peaks).
    static func figures(of feeds: [StretchFeed], sampleRate: SampleRate) -> LoudnessFigures {
        var figures = LoudnessFigures(merging: feeds.map(\.stretch))
        let peaks = feeds.compactMap { $0.truePeak() }
        guard !peaks.isEmpty else { return figures }
        var largest: (peak: Double, position: Int64?) = (0, nil)
        for found in peaks where found.peak > largest.peak { largest = found }
        let step = Int64((sampleRate.hertz + 5) / 10)
        figures.truePeak = Gain.decibels(ofFactor: largest.peak)
        figures.truePeakTime = largest.position.map { MediaTime(sampleIndex: $0 / step * step, sampleRate: sampleRate) } ?? .zero
        return figures
    }
}
