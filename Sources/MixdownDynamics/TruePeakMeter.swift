import MixdownDSP

/// The largest true peak of a stereo signal, read by the ``TruePeakLimiter``'s
/// own 4× oversampling detector: a meter for delivery loudness that reads what
/// the limiter will see.
///
/// The peak of position `s` is the largest of `|x[s]|` and the six
/// interpolations a quarter, a half and three quarters of a sample after it, on
/// either channel (docs/audio-mix.md, "Loudness: the true-peak limiter"): at
/// least what libebur128's interpolator reads, and what ffmpeg's `ebur128`
/// filter reads within the limiter's margin. The detector's filters read 16
/// samples on either side of a position, so a position's peak is known once
/// 16 later samples are in, and ``finish()`` pushes silence after the signal
/// so that its last positions count too.
///
/// Reading the largest peak alone, the meter skips the filters wherever the
/// signal's magnitude cannot make a peak above the largest found so far
/// (the detector's overshoot bound), so that it costs a fraction of the
/// filters' time on programme material. The result does not depend on the
/// block sizes fed.
///
/// For a signal read in stretches on several threads, give each stretch's meter
/// the timeline position of its first input frame and the positions it counts,
/// and feed it from at least ``lead`` frames before them to at least ``lead`` frames
/// after them (or to the end of the signal, then ``finish()``); the largest of
/// the stretches' peaks is the signal's.
///
/// Not thread-safe: one meter per stream, used by one thread at a time.
public final class TruePeakMeter {
    /// Frames a position's peak reads on either side of it (the detector's delay).
    public static let lead = TruePeakDetector.delay
    /// The timeline position of the first frame fed.
    public let firstPosition: Int64
    /// The positions whose peaks count.
    public let countedPositions: Range<Int64>
    /// The largest peak counted so far, linear (1 is full scale); 0 for silence.
    public private(set) var peak = 0.0
    /// The first position of ``peak``; nil while it is 0.
    public private(set) var peakPosition: Int64?
    /// Whether ``finish()`` ran.
    public private(set) var isFinished = false

    private let buffer: StereoHistory
    private let peaks: UnsafeMutablePointer<Float>
    /// Frames through the detector so far, the silence of ``finish()`` included.
    private var fed: Int64 = 0
    /// Frames of signal, once finished: positions from there on are past its end.
    private var end = Int64.max

    /// Frames per pass through the detector, as the limiter's.
    private static let chunk = 1024

    /// A meter whose first input frame is at timeline position `firstPosition`,
    /// counting the peaks of `countedPositions` (all by default).
    public init(firstPosition: Int64 = 0, countedPositions: Range<Int64> = Int64.min..<Int64.max) {
        self.firstPosition = firstPosition
        self.countedPositions = countedPositions
        buffer = StereoHistory(history: TruePeakDetector.taps - 1, chunk: Self.chunk)
        peaks = .allocate(capacity: Self.chunk)
    }

    deinit {
        peaks.deallocate()
    }

    /// Feeds the next frames: those of `audio` (stereo), read during the call only.
    public func add(_ audio: AudioSlice) {
        precondition(!isFinished, "TruePeakMeter.add after finish")
        precondition(audio.channelCount == 2, "TruePeakMeter fed \(audio.channelCount) channels, not stereo")
        var done = 0
        while done < audio.count {
            let n = min(Self.chunk, audio.count - done)
            buffer.newFrames(n).update(from: audio.slice(done..<done + n))
            detect(n)
            done += n
        }
    }

    /// Ends the signal: pushes ``lead`` frames of silence through the detector, so
    /// that the reconstruction between the last samples and after them counts.
    public func finish() {
        precondition(!isFinished, "TruePeakMeter.finish called twice")
        isFinished = true
        end = fed
        DSP.fill(buffer.newFrames(Self.lead), value: 0)
        detect(Self.lead)
    }

    /// Detects the `n` new frames after the history, and raises ``peak`` over the counted positions.
    private func detect(_ n: Int) {
        // Chunk index i detects position fed + i − lead, counted from firstPosition.
        let first = firstPosition + fed - Int64(Self.lead)
        let counted = (first..<first + Int64(n)).clamped(to: countedPositions)
            .clamped(to: firstPosition..<(end == .max ? Int64.max : firstPosition + end))
        if !counted.isEmpty {
            let past = TruePeakDetector.taps - 1
            TruePeakDetector.detect(buffer.frames(from: -past, count: past + n), into: peaks, ignoringPeaksUpTo: peak)
            let from = Int(counted.lowerBound - first)
            let largest = Double(DSP.peakMagnitude(peaks + from, count: counted.count))
            if largest > peak, let index = (from..<from + counted.count).first(where: { Double(peaks[$0]) == largest }) {
                peak = largest
                peakPosition = first + Int64(index)
            }
        }
        buffer.advance(by: n)
        fed += Int64(n)
    }
}
