import MixdownTime
import MixdownUnits

/// A programme's loudness after EBU R128 / ITU-R BS.1770-4, as libebur128 measures it.
///
/// Loudness is in LUFS, ranges in LU, peaks in dBTP (true) and dBFS (sample),
/// unrounded: rounding for display is the caller's (ffmpeg's `ebur128` filter
/// prints one decimal). A silent programme has no integrated loudness
/// (``integrated`` is nil, ``isSilent``), and its peaks and maxima are −∞, never NaN.
///
/// Momentary and short-term readings are taken every 100 ms (libebur128's step,
/// `(rate + 5) / 10` frames), as ffmpeg's `ebur128` filter does, and only once
/// their window is full; their times are the end of the window. The true peak
/// is located to its 100 ms step. Every time is from the programme's first frame.
public struct LoudnessFigures: Sendable, Equatable {
    /// Integrated loudness, in LUFS; nil when the programme is silent: no 400 ms
    /// block passed the −70 LUFS gate (digital silence, audio quieter than that,
    /// or less than 400 ms of audio). A silent programme cannot be normalised.
    public var integrated: Double?
    /// Loudness range, in LU (EBU Tech 3342); 0 when fewer than two 3 s blocks passed its gates.
    public var range: Double
    /// The largest true peak of any channel, in dBTP; −∞ for digital silence.
    public var truePeak: Double
    /// The start of the 100 ms step in which ``truePeak`` was found.
    public var truePeakTime: MediaTime
    /// The largest sample magnitude of any channel, in dBFS; −∞ for digital silence.
    public var samplePeak: Double
    /// The loudest 400 ms, in LUFS (ungated); −∞ for silence or less than 400 ms of audio.
    public var maxMomentary: Double
    /// The end of the loudest 400 ms window (zero when there is none).
    public var maxMomentaryTime: MediaTime
    /// The loudest 3 s, in LUFS (ungated); −∞ for silence or less than 3 s of audio.
    public var maxShortTerm: Double
    /// The end of the loudest 3 s window (zero when there is none).
    public var maxShortTermTime: MediaTime

    /// Whether no part of the programme passed the −70 LUFS gate, so that it has no integrated loudness.
    public var isSilent: Bool { integrated == nil }

    /// The figures of trackers that fed one programme: integrated loudness and
    /// range already pooled, peaks and momentary maxima from `peaks`, short-term
    /// maxima from `shortTerm`; the first of equal maxima stays. `sampleRate` is
    /// the meters' rate in Hz: a mix's, or a file's own.
    init(integrated: Double?, range: Double, peaks: [LoudnessTracker], shortTerm: [LoudnessTracker], sampleRate: Int32) {
        func largest(_ trackers: [LoudnessTracker], _ reading: (LoudnessTracker) -> LoudnessTracker.Maximum) -> LoudnessTracker.Maximum {
            var result = LoudnessTracker.Maximum()
            for tracker in trackers {
                let maximum = reading(tracker)
                result.offer(maximum.value, at: maximum.frame)
            }
            return result
        }
        let frameClock = try? TimeBase(sampleRate: sampleRate)
        func time(_ maximum: LoudnessTracker.Maximum) -> MediaTime {
            (try? frameClock?.time(ticks: maximum.frame)) ?? .zero
        }
        let truePeak = largest(peaks, \.truePeak), momentary = largest(peaks, \.momentary)
        let short = largest(shortTerm, \.shortTerm)
        self.integrated = integrated
        self.range = range
        self.truePeak = Gain.decibels(ofFactor: truePeak.value)
        truePeakTime = time(truePeak)
        samplePeak = Gain.decibels(ofFactor: largest(peaks, \.samplePeak).value)
        maxMomentary = momentary.value
        maxMomentaryTime = time(momentary)
        maxShortTerm = short.value
        maxShortTermTime = time(short)
    }
}

extension LoudnessFigures {
    /// The figures of the same programme × a static gain of `decibels`: every
    /// level moves by it, the range and the times stay (the gating is relative,
    /// so it keeps the same blocks, unless the gain takes some across −70 LUFS).
    public func shifted(by decibels: Double) -> LoudnessFigures {
        var moved = self
        moved.integrated = integrated.map { $0 + decibels }
        moved.truePeak += decibels
        moved.samplePeak += decibels
        moved.maxMomentary += decibels
        moved.maxShortTerm += decibels
        return moved
    }
}
