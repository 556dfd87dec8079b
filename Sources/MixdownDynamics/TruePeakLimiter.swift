import MixdownDSP
import MixdownUnits

/// A streaming, stereo-linked, look-ahead true-peak limiter: a static gain, then
/// as little gain reduction as keeps the 4× oversampled true peak at or below
/// the threshold (``LimiterSettings/ceiling`` − ``LimiterSettings/margin``).
///
/// Feed the signal in blocks of any size with ``process(_:into:)`` (planar
/// stereo views) or ``process(interleaved:frames:output:)``, then call
/// ``finish(into:)`` or ``finish(interleaved:)`` once. Output is time-aligned
/// with input: output frame `k` is input frame `k`, limited. The limiter holds back the last
/// ``latency`` frames it was given (it must see a peak before the gain can go
/// down for it), so a call returns fewer frames than it took until the stream
/// is ``latency`` frames in, and ``finish(into:)`` returns the held-back frames.
/// In all, as many frames come out as went in.
///
/// Where no gain reduction is needed the output is the input times the input
/// gain, bit for bit; with an input gain of 1, the input itself. The output is the
/// same, bit for bit, however the input is cut into blocks. Memory is constant:
/// every buffer is sized when the limiter is made, and processing allocates
/// nothing. NaN samples pass through unlimited.
///
/// Not thread-safe: one limiter per stream, used by one thread at a time. For a
/// signal limited in stretches on several threads, start each stretch's limiter
/// ``settlingFrames`` before the stretch (``init(settings:sampleRate:inputGain:thresholdMap:firstPosition:countedPositions:)``'s
/// `firstPosition` then is the stretch start minus that, and `countedPositions` the stretch).
public final class TruePeakLimiter {
    /// The settings it limits with.
    public let settings: LimiterSettings
    /// The rate of the signal, which sets the times in samples.
    public let sampleRate: SampleRate
    /// The static gain applied to the input before limiting, a linear factor.
    public let inputGain: Double
    /// Frames held back: D + K + L (the detector's delay, the guard and the
    /// look-ahead); 152 at 48 kHz with the standard settings (3.17 ms).
    public let latency: Int
    /// How many frames before a stretch of a longer signal a limiter must start
    /// for its output from the stretch on to match, bit for bit, one limiter run
    /// over the whole signal: about 40 release time constants, plus the
    /// sliding window and the latency (4.03 s at 48 kHz, standard settings).
    public let settlingFrames: Int
    /// The timeline position of the first input frame: statistics and the
    /// threshold map count positions from it.
    public let firstPosition: Int64
    /// The positions the statistics count; other positions are limited all the
    /// same (a stretch's pre-roll, for example).
    public let countedPositions: Range<Int64>
    /// What it limited so far, over the counted positions; complete after ``finish(into:)``.
    public private(set) var statistics = LimiterStatistics()
    /// Frames taken by `process` so far.
    public private(set) var framesIn: Int64 = 0
    /// Frames given out so far, by `process` and `finish`.
    public private(set) var framesOut: Int64 = 0
    /// Whether ``finish(into:)`` ran: the limiter takes no more input.
    public private(set) var isFinished = false

    private let timing: LimiterTiming
    private let gain: Float
    /// Input × gain: `latency` frames of the past (the delay line, whose tail the
    /// detector also reads), then one chunk.
    private let buffer: StereoHistory
    private let peaks: UnsafeMutablePointer<Float>
    /// Per chunk: the gain each detected peak requires, then the gain computed.
    private let required: UnsafeMutablePointer<Double>
    private let gains: UnsafeMutablePointer<Double>
    private let gainComputer: GainComputer
    private var map: ThresholdMap.Cursor
    /// Input frames in all, once finishing: positions from there on are past the end.
    private var end = Int.max
    /// Frames through the detector so far, the silence of ``finish(into:)`` included.
    private var fed = 0

    /// Frames per pass through the detector: small enough to stay in cache.
    private static let chunk = 1024

    /// Makes a limiter.
    ///
    /// - Parameters:
    ///   - settings: Ceiling, margin, look-ahead, hold, release.
    ///   - sampleRate: The signal's rate.
    ///   - inputGain: A linear factor applied to every input sample before
    ///     anything else (a normalisation's static gain); finite, at least 0.
    ///   - thresholdMap: Where the threshold is lowered (timeline positions).
    ///   - firstPosition: Timeline position of the first input frame.
    ///   - countedPositions: Timeline positions the ``statistics`` count; all by default.
    /// - Throws: ``LimiterError/invalidInputGain(_:)``; ``LimiterError/time(_:)``
    ///   if a time of `settings` does not convert to samples.
    public init(settings: LimiterSettings = .standard, sampleRate: SampleRate, inputGain: Double = 1,
                thresholdMap: ThresholdMap = ThresholdMap(), firstPosition: Int64 = 0,
                countedPositions: Range<Int64> = Int64.min..<Int64.max) throws(LimiterError) {
        guard inputGain.isFinite, inputGain >= 0 else { throw .invalidInputGain(inputGain) }
        let timing = try LimiterTiming(settings: settings, sampleRate: sampleRate)
        self.settings = settings
        self.sampleRate = sampleRate
        self.inputGain = inputGain
        self.timing = timing
        latency = timing.latency
        settlingFrames = timing.settlingFrames
        self.firstPosition = firstPosition
        self.countedPositions = countedPositions
        gain = Float(inputGain)
        buffer = StereoHistory(history: max(timing.latency, TruePeakDetector.taps - 1), chunk: Self.chunk)
        peaks = .allocate(capacity: Self.chunk)
        peaks.initialize(repeating: 0, count: Self.chunk)
        required = .allocate(capacity: Self.chunk)
        gains = .allocate(capacity: Self.chunk)
        gainComputer = GainComputer(timing: timing, first: Int(firstPosition) - TruePeakDetector.delay)
        map = ThresholdMap.Cursor(thresholdMap)
    }

    deinit {
        peaks.deallocate()
        required.deallocate()
        gains.deallocate()
    }

    /// Limits the frames of `input` (stereo); returns how many frames it wrote
    /// to `output`, from its first frame.
    ///
    /// `output` receives the limited frames that follow those given out
    /// before: as many as `input` holds once the stream is ``latency`` frames
    /// in, fewer before. It holds at least `input.count` frames (stereo) and may
    /// be the frames of `input` (in place).
    public func process(_ input: AudioSlice, into output: MutableAudioSlice) -> Int {
        precondition(!isFinished, "TruePeakLimiter.process after finish")
        precondition(input.channelCount == 2 && output.channelCount == 2 && output.count >= input.count,
                     "TruePeakLimiter.process of \(input.channelCount) × \(input.count) frames "
                     + "into \(output.channelCount) × \(output.count)")
        framesIn += Int64(input.count)
        return run(Source(left: input.left.baseAddress!, right: input.right.baseAddress!, stride: 1), frames: input.count,
                   into: Output(left: output.left.baseAddress!, right: output.right.baseAddress!, stride: 1))
    }

    /// Limits `frames` interleaved stereo frames (L, R, L, R…); returns how many
    /// frames it wrote to `output`.
    ///
    /// As ``process(_:into:)``: `output` may be `input`; both hold `2 × frames` samples.
    public func process(interleaved input: UnsafePointer<Float>, frames: Int, output: UnsafeMutablePointer<Float>) -> Int {
        precondition(!isFinished, "TruePeakLimiter.process after finish")
        precondition(frames >= 0, "TruePeakLimiter.process of \(frames) frames")
        framesIn += Int64(frames)
        return run(Source(left: input, right: input + 1, stride: 2), frames: frames,
                   into: Output(left: output, right: output + 1, stride: 2))
    }

    /// Ends the stream: writes the frames still held back (at most ``latency``)
    /// to `output`, from its first frame, and returns how many. `output` holds
    /// at least that many frames (stereo): ``latency`` always suffice.
    public func finish(into output: MutableAudioSlice) -> Int {
        precondition(output.channelCount == 2 && Int64(output.count) >= framesIn - framesOut,
                     "TruePeakLimiter.finish into \(output.channelCount) × \(output.count) frames, "
                     + "for \(framesIn - framesOut) of stereo")
        return finish(into: Output(left: output.left.baseAddress!, right: output.right.baseAddress!, stride: 1))
    }

    /// Ends the stream: writes the frames still held back (at most ``latency``),
    /// interleaved, and returns how many. `output` holds `2 × latency` samples.
    public func finish(interleaved output: UnsafeMutablePointer<Float>) -> Int {
        finish(into: Output(left: output, right: output + 1, stride: 2))
    }

    private func finish(into output: Output) -> Int {
        precondition(!isFinished, "TruePeakLimiter.finish called twice")
        isFinished = true
        end = fed
        // Silence after the end pushes the held-back frames out, and lets the
        // detector see the reconstruction's ringing past the last sample.
        return run(nil, frames: latency, into: output)
    }

    /// Where samples are read: `left[i × stride]`, `right[i × stride]`.
    private struct Source {
        let left: UnsafePointer<Float>
        let right: UnsafePointer<Float>
        let stride: Int
    }

    /// Where samples are written.
    private struct Output {
        let left: UnsafeMutablePointer<Float>
        let right: UnsafeMutablePointer<Float>
        let stride: Int
    }

    /// Takes `count` frames of `input` (silence when nil) chunk by chunk and
    /// writes the frames that leave the delay line; returns how many.
    private func run(_ input: Source?, frames count: Int, into output: Output) -> Int {
        var written = 0
        var done = 0
        while done < count {
            let n = min(Self.chunk, count - done)
            let fresh = buffer.newFrames(n)
            if let input {
                let newLeft = fresh.left, newRight = fresh.right
                let inLeft = input.left + done * input.stride, inRight = input.right + done * input.stride
                for i in 0..<n {
                    newLeft[i] = inLeft[i * input.stride] * gain
                    newRight[i] = inRight[i * input.stride] * gain
                }
            } else {
                DSP.fill(fresh, value: 0)
            }
            let past = TruePeakDetector.taps - 1
            TruePeakDetector.detect(buffer.frames(from: -past, count: past + n), into: peaks,
                                    ignoringPeaksUpTo: ignorableLevel(n, firstDetected: fed - TruePeakDetector.delay))

            let target = Output(left: output.left + written * output.stride, right: output.right + written * output.stride,
                                stride: output.stride)
            written += limitChunk(n, into: target)
            buffer.advance(by: n)
            fed += n
            done += n
        }
        framesOut += Int64(written)
        return written
    }

    /// Runs the gain computer over the chunk's `n` detected peaks and writes the
    /// output frames it completes; returns how many.
    private func limitChunk(_ n: Int, into output: Output) -> Int {
        // Chunk index i: the newest input is frame `fed + i`, its peak is of
        // position s = fed + i − D, and the gain computed is of q = fed + i − latency.
        let firstDetected = fed - TruePeakDetector.delay
        let firstOut = fed - latency
        // Frames i ≥ skip leave the delay line (q ≥ 0); before that they are the zeros in front of the stream.
        let skip = min(n, max(0, -firstOut))
        let delayed = buffer.frames(from: -latency, count: n)
        let delayedLeft = delayed.left, delayedRight = delayed.right
        if gainComputer.isIdle, canSkip(n, firstDetected: firstDetected) {
            gainComputer.skipIdle(n, through: Int(firstPosition) + firstDetected + n - 1)
            notePeaks(n, firstDetected: firstDetected)
            for i in skip..<n {
                output.left[(i - skip) * output.stride] = delayedLeft[i]
                output.right[(i - skip) * output.stride] = delayedRight[i]
            }
            return n - skip
        }

        // In three sweeps over the chunk, the statistics in a local copy: the same
        // operations, sample by sample, as one loop, without a class property's
        // access checks per sample.
        var stats = statistics
        var cursor = map
        let threshold = timing.threshold
        for i in 0..<n {
            let s = firstDetected + i
            let position = firstPosition + Int64(s)
            let peak = Double(peaks[i])
            let limit = threshold * cursor.factor(at: position)
            required[i] = peak > limit ? limit / peak : 1
            if peak > limit, counts(s) { stats.samplesAboveThreshold += 1 }
            if peak > stats.largestPeak, counts(s) {
                stats.largestPeak = peak
                stats.largestPeakPosition = position
            }
        }
        map = cursor
        gainComputer.gains(requiring: required, count: n, from: Int(firstPosition) + firstDetected, into: gains)
        for i in skip..<n {
            let g = gains[i]
            let o = (i - skip) * output.stride
            if g == 1 {
                output.left[o] = delayedLeft[i]
                output.right[o] = delayedRight[i]
            } else {
                // Double, as the gain: rounded once, to the output's Float.
                output.left[o] = Float(Double(delayedLeft[i]) * g)
                output.right[o] = Float(Double(delayedRight[i]) * g)
                let q = firstPosition + Int64(firstOut + i)
                if countedPositions.contains(q) {
                    stats.samplesInGainReduction += 1
                    if g < stats.smallestGain {
                        stats.smallestGain = g
                        stats.smallestGainPosition = q
                    }
                }
            }
        }
        statistics = stats
        return n - skip
    }

    /// Whether detected position `s` is one the statistics count: inside the
    /// signal and inside ``countedPositions``.
    @inline(__always)
    private func counts(_ s: Int) -> Bool {
        s >= 0 && s < end && countedPositions.contains(firstPosition + Int64(s))
    }

    /// Whether every peak of the chunk needs no gain reduction under a threshold
    /// the map leaves alone: then the idle gain computer stays idle, the gain is 1.
    private func canSkip(_ n: Int, firstDetected: Int) -> Bool {
        let start = firstPosition + Int64(firstDetected)
        guard map.factor(at: start) == 1, map.changes > start + Int64(n - 1) else { return false }
        return Double(DSP.peakMagnitude(peaks, count: n)) <= timing.threshold
    }

    /// The level up to which the chunk's detected peaks (positions from
    /// `firstDetected`) change nothing, so that the detector may leave them out:
    /// the threshold where the map leaves it alone, and no higher than the
    /// largest peak counted so far when the chunk has counted positions, so
    /// that ``LimiterStatistics/largestPeak`` stays exact. Zero otherwise (only
    /// silence is left out).
    private func ignorableLevel(_ n: Int, firstDetected: Int) -> Double {
        let start = firstPosition + Int64(firstDetected)
        guard map.factor(at: start) == 1, map.changes > start + Int64(n - 1) else { return 0 }
        return countedIndices(n, firstDetected: firstDetected).isEmpty ? timing.threshold : min(timing.threshold, statistics.largestPeak)
    }

    /// The chunk indices whose detected positions (from `firstDetected`) the
    /// statistics count: inside the signal (0 ..< end) and inside ``countedPositions``.
    private func countedIndices(_ n: Int, firstDetected: Int) -> Range<Int> {
        let inside = max(0, firstDetected)..<max(max(0, firstDetected), min(end, firstDetected + n))
        let counted = (firstPosition + Int64(inside.lowerBound)..<firstPosition + Int64(inside.upperBound)).clamped(to: countedPositions)
        let first = Int(counted.lowerBound - firstPosition) - firstDetected
        return first..<first + counted.count
    }

    /// Raises ``LimiterStatistics/largestPeak`` over the chunk's counted positions
    /// (none above the threshold: the chunk needs no gain reduction): to the
    /// chunk's largest peak, at its first position, if that is larger.
    private func notePeaks(_ n: Int, firstDetected: Int) {
        let counted = countedIndices(n, firstDetected: firstDetected)
        guard !counted.isEmpty else { return }
        let largest = Double(DSP.peakMagnitude(peaks + counted.lowerBound, count: counted.count))
        guard largest > statistics.largestPeak, let i = counted.first(where: { Double(peaks[$0]) == largest }) else { return }
        statistics.largestPeak = largest
        statistics.largestPeakPosition = firstPosition + Int64(firstDetected + i)
    }
}
