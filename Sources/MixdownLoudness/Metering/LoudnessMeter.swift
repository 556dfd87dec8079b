internal import MixdownEbur128
import MixdownMediaIO
import MixdownUnits

/// A loudness meter after ITU-R BS.1770-4 and EBU R128: one libebur128 state.
///
/// Feed it float audio (1.0 = full scale) in order, planar or interleaved, in
/// blocks of any size (planar blocks are interleaved through its own scratch,
/// which never grows); the readings do not depend on the block sizes, except the
/// ``lastTruePeak`` and ``lastSamplePeak`` of the last call. Loudness is in LUFS,
/// ranges in LU, peaks linear (1.0 = 0 dBFS or 0 dBTP; `Gain.decibels(ofFactor:)` converts).
/// Measured values are plain `Double`s, not MixdownUnits levels: those bound what
/// a user may ask for, and a measurement can be anything, −∞ included.
///
/// Channels take libebur128's default map: 1 is mono (measured as one channel,
/// as BS.1770 sums channels), 2 is left and right, 6 is FFmpeg's 5.1 order (L, R,
/// C, LFE not counted, Ls and Rs weighted +1.5 dB). True peak is read on 4x
/// oversampled audio below 96 kHz, 2x below 192 kHz, and is the sample peak above.
///
/// One meter per thread: a meter is used by one thread at a time (it may move
/// between threads, and be read after them), and any number of meters may run
/// at once on different threads.
public final class LoudnessMeter: LoudnessInput, @unchecked Sendable {
    /// What a meter measures; each costs time per frame.
    public struct Measures: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// ``LoudnessMeter/momentary`` (400 ms); every meter has it.
        public static let momentary = Measures(rawValue: 1 << 0)
        /// ``LoudnessMeter/shortTerm`` (3 s).
        public static let shortTerm = Measures(rawValue: 1 << 1)
        /// ``LoudnessMeter/integrated`` and ``LoudnessMeter/integrated(of:)``.
        public static let integrated = Measures(rawValue: 1 << 2)
        /// ``LoudnessMeter/range`` and ``LoudnessMeter/range(of:)``; implies short-term.
        public static let range = Measures(rawValue: 1 << 3)
        /// ``LoudnessMeter/samplePeak`` and ``LoudnessMeter/lastSamplePeak``.
        public static let samplePeak = Measures(rawValue: 1 << 4)
        /// ``LoudnessMeter/truePeak`` and ``LoudnessMeter/lastTruePeak``; implies the sample peak.
        /// About four times the cost of everything else together.
        public static let truePeak = Measures(rawValue: 1 << 5)
        /// Everything.
        public static let all: Measures = [.momentary, .shortTerm, .integrated, .range, .samplePeak, .truePeak]

        /// With what libebur128 measures anyway for them.
        var implied: Measures {
            var measures = union(.momentary)
            if contains(.range) { measures.insert(.shortTerm) }
            if contains(.truePeak) { measures.insert(.samplePeak) }
            return measures
        }
    }

    /// Channels per frame.
    public let channels: Int
    /// Frames per second per channel, in Hz: the `SampleRate` the meter was made
    /// with, or a file's own rate (``LoudnessFigures/init(measuringFile:isCancelled:)``),
    /// which may lie outside `SampleRate.range`.
    public let sampleRate: Int32
    /// What the meter measures, with what those imply (every meter has `.momentary`).
    public let measures: Measures
    /// libebur128's 100 ms step, in frames: `(sampleRate + 5) / 10` (4800 at 48 kHz,
    /// 4410 at 44.1 kHz). Gating blocks (400 ms) end every step from 4 steps after
    /// the first frame fed; short-term blocks for the range (3 s) every 10 steps from 30.
    public let step: Int
    /// Frames fed so far.
    public private(set) var framesFed: Int64 = 0

    private let state: LoudnessState
    /// What errors name: a file being measured, or "loudness meter".
    private let source: String
    /// Interleaved frames handed to libebur128; longer blocks go in several calls.
    private let scratch: UnsafeMutablePointer<Float>
    private static let scratchFrames = 4096
    /// The last call's peaks, over its scratch-sized parts.
    private var lastPeaks: (sample: Double, truePeak: Double) = (0, 0)

    /// A meter of `channels` channels at `sampleRate` measuring `measures`.
    ///
    /// - Throws: `MediaIOError.unsupported` (named "loudness meter") when libebur128
    ///   refuses the format (channels outside 1…64) or is out of memory.
    public convenience init(channels: Int, sampleRate: SampleRate, measures: Measures = .all) throws(MediaIOError) {
        try self.init(channels: channels, sampleRate: sampleRate.hertz, measures: measures, source: "loudness meter")
    }

    /// A meter at `sampleRate` Hz, any rate libebur128 takes (16 Hz to 2822.4 kHz:
    /// a file's own), whose errors name `source` (the file being measured).
    init(channels: Int, sampleRate: Int32, measures: Measures, source: String) throws(MediaIOError) {
        let measures = measures.implied
        guard let state = LoudnessState(channels: channels, sampleRate: sampleRate, modes: measures.modes) else {
            throw .unsupported(path: source, reason: "libebur128 cannot meter \(channels) channels at \(sampleRate) Hz "
                               + "(it takes 1 to 64 channels at 16 Hz to 2822.4 kHz)")
        }
        self.state = state
        self.source = source
        self.channels = channels
        self.sampleRate = sampleRate
        self.measures = measures
        step = (Int(sampleRate) + 5) / 10
        scratch = .allocate(capacity: Self.scratchFrames * channels)
    }

    deinit {
        scratch.deallocate()
    }

    /// Feeds the next `frames`, planar or interleaved.
    ///
    /// - Throws: `MediaIOError.unsupported` when libebur128 runs out of memory.
    public func add(_ frames: LoudnessFrames) throws(MediaIOError) {
        precondition(frames.channels == channels, "a \(channels)-channel meter was fed \(frames.channels) channels")
        lastPeaks = (0, 0)
        try frames.forEachInterleaved(scratch: scratch, capacity: Self.scratchFrames) { interleaved, count throws(MediaIOError) in
            guard state.add(interleaved, frames: count) else {
                throw .unsupported(path: source, reason: "libebur128 ran out of memory")
            }
            // libebur128 keeps only the last call's peaks; a planar block may take several.
            if measures.contains(.samplePeak) {
                lastPeaks.sample = max(lastPeaks.sample, state.lastSamplePeak)
                if measures.contains(.truePeak) { lastPeaks.truePeak = max(lastPeaks.truePeak, state.lastTruePeak) }
            }
        }
        framesFed += Int64(frames.count)
    }

    /// Integrated loudness of everything fed, in LUFS (gated: absolute −70 LUFS,
    /// relative −10 LU); nil when the programme is silent: no 400 ms block passed
    /// the −70 LUFS gate (or less than 400 ms was fed). Needs `.integrated`.
    public var integrated: Double? {
        require(.integrated)
        return Self.gated(state.integrated)
    }

    /// Loudness range of everything fed, in LU (EBU Tech 3342: 3 s blocks every
    /// second, gated at −70 LUFS and −20 LU, 10th to 95th percentile); 0 when no
    /// block passed. Needs `.range`.
    public var range: Double {
        require(.range)
        return state.range
    }

    /// Loudness of the last 400 ms fed, in LUFS (silence before the first frame);
    /// −∞ when they are digital silence. Ungated, so it can be far below −70.
    public var momentary: Double { state.momentary }

    /// The last 400 ms fed as K-weighted mean-square energy, `10^((momentary + 0.691) / 10)`;
    /// 0 for digital silence. What ``LoudnessHops`` records.
    var momentaryEnergy: Double { state.momentaryEnergy }

    /// Loudness of the last 3 s fed, in LUFS (silence before the first frame); −∞
    /// when they are digital silence. Needs `.shortTerm`.
    public var shortTerm: Double {
        require(.shortTerm)
        return state.shortTerm
    }

    /// The largest sample magnitude of any channel so far, linear. Needs `.samplePeak`.
    public var samplePeak: Double {
        require(.samplePeak)
        return state.samplePeak
    }

    /// The largest true peak of any channel so far, linear (1.0 = 0 dBTP). Needs `.truePeak`.
    ///
    /// libebur128 does not flush its interpolator: the last 6 frames fed count as
    /// sample peaks only, and each call's true peak covers from 6 frames before it.
    public var truePeak: Double {
        require(.truePeak)
        return state.truePeak
    }

    /// The largest sample magnitude of any channel in the last call to `add`, linear. Needs `.samplePeak`.
    public var lastSamplePeak: Double {
        require(.samplePeak)
        return lastPeaks.sample
    }

    /// The largest true peak of any channel in the last call to `add`, linear: it
    /// locates peaks and leaves out a pre-roll. Needs `.truePeak`.
    public var lastTruePeak: Double {
        require(.truePeak)
        return lastPeaks.truePeak
    }

    /// Integrated loudness of everything `meters` were fed, pooled as one
    /// programme (their gating blocks gated together), in LUFS; nil when silent
    /// (see ``integrated``). Each needs `.integrated`.
    ///
    /// Pooling is exact only for meters fed on a common 100 ms grid with a
    /// pre-roll: ``LoudnessStretch`` does that.
    public static func integrated(of meters: [LoudnessMeter]) -> Double? {
        for meter in meters { meter.require(.integrated) }
        return gated(LoudnessState.integrated(of: meters.map(\.state)))
    }

    /// Loudness range of everything `meters` were fed, pooled as one programme, in LU.
    /// Each needs `.range`.
    public static func range(of meters: [LoudnessMeter]) -> Double {
        for meter in meters { meter.require(.range) }
        return LoudnessState.range(of: meters.map(\.state))
    }

    /// libebur128 reports a programme with no gated block as −∞; callers get nil, so that
    /// no silent programme is ever normalised by an infinite gain.
    private static func gated(_ lufs: Double) -> Double? {
        lufs.isFinite ? lufs : nil
    }

    /// Reading a measure the meter was not made for is a programming error.
    private func require(_ measure: Measures) {
        precondition(measures.contains(measure), "the loudness meter was not made to measure \(measure)")
    }
}

extension LoudnessMeter.Measures {
    /// The libebur128 modes that measure these.
    var modes: Set<LoudnessState.Mode> {
        let modes: [(LoudnessMeter.Measures, LoudnessState.Mode)] = [
            (.momentary, .momentary), (.shortTerm, .shortTerm), (.integrated, .integrated), (.range, .range),
            (.samplePeak, .samplePeak), (.truePeak, .truePeak),
        ]
        return Set(modes.filter { contains($0.0) }.map(\.1))
    }
}
