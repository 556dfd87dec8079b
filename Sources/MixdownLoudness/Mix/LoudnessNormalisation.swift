import Foundation
import MixdownDynamics
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits

/// A plan brought to a delivery loudness: one static gain, then a true-peak limiter.
///
/// Pass 1 renders the mix once, meters it (``measured``: the integrated loudness
/// by libebur128, the true peak by the limiter's own detector) and records it
/// in a scratch file (``recordedBus``). The gain is target − measured. When
/// the gained true peak stays under the limiter's threshold, the limiter never
/// acts and the result is exact. Otherwise limiting costs loudness, so the
/// mastered mix is metered again (a dry run, nothing written) and the gain
/// corrected by a secant step on the loudness the gains reached (the first from
/// the limiter's onset, where loudness still follows the gain), until it is
/// within 0.05 LU (at most four runs). The dry runs, and the render that
/// writes the output, read the recording: they only master and meter it.
/// Every run works in stretches on every core.
///
/// For a lossy output the limiter's ceiling is 1 dB under the delivery ceiling
/// (AAC's decoded peaks overshoot the PCM it was given), and the export checks
/// the decoded file with ``accepts(_:)`` and, if needed, ``corrected(for:threads:isCancelled:)``.
public struct LoudnessNormalisation: Sendable {
    /// The loudness and true-peak ceiling asked for.
    public let delivery: DeliveryLoudness
    /// The mix as planned, before any gain: its integrated loudness and true peak.
    public let measured: LoudnessFigures
    /// The plan with its `Mastering`; the plan unchanged when the mix is silent.
    public private(set) var plan: MixPlan
    /// The mastered mix's figures as metered before writing (the last dry run:
    /// its integrated loudness only), or predicted from ``measured`` when the
    /// limiter does not act.
    public private(set) var expected: LoudnessFigures
    /// What the limiter does over the whole timeline (zero when it does not act).
    public private(set) var limiting: LimiterStatistics
    /// The mix as planned (before any gain), recorded by the first pass in a
    /// scratch file, so that the dry runs and the final render read it rather
    /// than decode and mix every input again (`ExportSession` and
    /// `PreviewSession` take it); nil when the scratch file could not be
    /// created, and every run renders the mix.
    public let recordedBus: ScratchAudioFile?
    /// Things the user should know: a silent mix, a target out of reach.
    public private(set) var warnings: [String] = []
    /// Whether the mastering reaches the target; false when it would take more
    /// than ``maximumGainReduction`` of limiting (``expected`` says how loud it is).
    public private(set) var reachesTarget = true
    /// The loudness the rendered PCM aims at (LUFS): the target, moved by what an
    /// encoding lost or gained (``corrected(for:threads:isCancelled:)``).
    private var aim = 0.0

    /// Most gain reduction the limiter is asked for, in dB: a target that needs
    /// more is not reached (the mix is delivered quieter, with a warning) rather
    /// than the mix crushed.
    public static let maximumGainReduction = 6.0
    /// How close to the target a dry run must come.
    static let tolerance = 0.05
    /// How far from the target a delivered file may measure (the issue's ±0.2 LU,
    /// less what a meter may read differently).
    static let accepted = 0.15
    /// The limiter's ceiling under the delivery ceiling for lossy outputs, in dB.
    public static let lossyHeadroom = 1.0

    /// Measures `plan` and finds the mastering that brings it to `delivery`.
    ///
    /// - Parameters:
    ///   - plan: the mix; a mastering it has is replaced.
    ///   - delivery: the target loudness and true-peak ceiling.
    ///   - lossy: whether the output is encoded lossily (AAC): the limiter
    ///     then aims ``lossyHeadroom`` lower.
    ///   - threads: threads the renders keep busy at most.
    ///   - scratchFolder: where the first pass records the mix (``recordedBus``,
    ///     8 bytes a frame, an unnamed file that nothing can leave behind): the
    ///     output's folder, say; the system's temporary folder when nil.
    ///   - isCancelled: polled every block of every render.
    /// - Throws: the renders' `MediaIOError`s (`cancelled` when `isCancelled` turns true).
    public init(plan: MixPlan, delivery: DeliveryLoudness, lossy: Bool, threads: Int = AudioRenderer.defaultThreadCount,
                scratchFolder: String? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) {
        var bare = plan
        bare.mastering = nil
        self.delivery = delivery
        // Without a scratch file (a folder that cannot take one), every run renders the mix again: slower, the same result.
        let bus = try? ScratchAudioFile(frameCount: bare.frameCount, folder: scratchFolder ?? NSTemporaryDirectory())
        recordedBus = bus
        // The limiter's own detector reads the true peak: the limiter's onset is
        // where it starts to act, and the detector costs a fraction of libebur128's.
        if let bus {
            measured = try LoudnessScan(recording: bare, into: bus, threads: threads, measures: [.integrated, .truePeak],
                                        truePeakBy: .limiterDetector, isCancelled: isCancelled).figures
        } else {
            measured = try LoudnessScan(plan: bare, threads: threads, measures: [.integrated, .truePeak],
                                        truePeakBy: .limiterDetector, isCancelled: isCancelled).figures
        }

        self.plan = bare
        expected = measured
        limiting = LimiterStatistics()
        guard let integrated = measured.integrated else {
            warnings.append("loudness: the mix is silent (no block above the −70 LUFS gate); it is written without a gain")
            return
        }
        aim = delivery.target.decibels
        let ceiling = delivery.ceiling.decibels - (lossy ? Self.lossyHeadroom : 0)
        try master(gain: aim - integrated, ceiling: ceiling, threads: threads, isCancelled: isCancelled)
    }

    /// Sets the mastering to `gain` dB and a limiter at `ceiling` dBTP, then meters
    /// and corrects the gain while the limiter keeps the mix from ``aim``.
    private mutating func master(gain: Double, ceiling: Double, threads: Int,
                                 isCancelled: @escaping @Sendable () -> Bool) throws(MediaIOError) {
        let settings: LimiterSettings
        do { settings = try LimiterSettings(ceiling: max(LimiterSettings.ceilingRange.lowerBound, ceiling)) } catch {
            throw .unsupported(path: "loudness", reason: "\(error)")
        }
        // The gain at which the limiter starts to act: below it, loudness follows the
        // gain 1:1; past it, the largest gain reduction is about the gain beyond it.
        let onset = ceiling - settings.margin - measured.truePeak
        let most = onset + Self.maximumGainReduction
        var gain = min(gain, most)
        reachesTarget = true
        let limits = gain > onset
        // The last gain tried and the loudness it reached: where the loudness
        // curve's slope is taken from (under 1 once limiting costs loudness).
        var previous = (gain: onset, reached: (measured.integrated ?? 0) + onset)
        for _ in 0..<(limits ? 4 : 1) {
            plan.mastering = Mastering(gain: Gain.decibelsToFactor(gain), limiter: settings)
            guard limits else {
                expected = measured.shifted(by: gain)
                limiting = LimiterStatistics()
                break
            }
            // The limiter holds the ceiling: a dry run needs the loudness alone.
            let scan = try LoudnessScan(plan: plan, threads: threads, measures: .integrated, recordedBus: recordedBus,
                                        isCancelled: isCancelled)
            expected = scan.figures
            limiting = scan.limiting ?? LimiterStatistics()
            guard let reached = scan.figures.integrated else { break }
            let shortfall = aim - reached
            // At the limit, a target within the delivery's tolerance is still reached.
            reachesTarget = gain < most || shortfall <= Self.accepted
            if abs(shortfall) <= Self.tolerance || gain >= most && shortfall > 0 { break }
            // A secant step: adding the shortfall alone would undershoot, as every
            // dB of gain past the onset gains less than a dB of loudness.
            let slope = gain != previous.gain ? (reached - previous.reached) / (gain - previous.gain) : 1
            previous = (gain, reached)
            gain = min(most, gain + shortfall / min(1, max(0.2, slope)))
        }
        // A correction masters again: its warning replaces the first one's.
        warnings.removeAll()
        guard !reachesTarget, let reached = expected.integrated else { return }
        let at = limiting.smallestGainPosition.map { MediaTime(sampleIndex: $0, sampleRate: plan.sampleRate) }
        warnings.append(String(format: "loudness: reaching %@ under %@ would take more than %.0f dB of limiting", "\(delivery.target)",
                               "\(delivery.ceiling)", Self.maximumGainReduction)
            + (at.map { " (the loudest moment, at \($0.readable))" } ?? "")
            + String(format: "; the mix is delivered at %.1f LUFS rather than crushed: a lower target, or the loud part turned down, reaches it", reached))
    }

    /// Whether a file's figures (an encoded export, decoded) meet the delivery:
    /// the true peak at or under the ceiling, the integrated loudness within 0.15 LU
    /// of the target (of what the mastering reaches, when the target is out of reach).
    public func accepts(_ written: LoudnessFigures) -> Bool {
        guard plan.mastering != nil, let integrated = written.integrated else { return true }
        // Out of reach, the loudness the mastering gives is the one to hold.
        let wanted = reachesTarget ? delivery.target.decibels : expected.integrated ?? integrated
        return written.truePeak <= delivery.ceiling.decibels && abs(integrated - wanted) <= Self.accepted
    }

    /// The normalisation corrected after a decoded export measured `written`:
    /// the limiter's ceiling lowered by the overshoot of the true peak, and the
    /// PCM aimed higher or lower by the loudness the encoding missed; then
    /// metered again.
    ///
    /// - Parameters:
    ///   - written: the decoded file's figures.
    ///   - threads: threads the dry runs keep busy at most.
    ///   - isCancelled: polled every block of every render.
    /// - Throws: the renders' `MediaIOError`s.
    public func corrected(for written: LoudnessFigures, threads: Int = AudioRenderer.defaultThreadCount,
                          isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MediaIOError) -> LoudnessNormalisation {
        guard let mastering = plan.mastering, let integrated = written.integrated else { return self }
        var next = self
        let overshoot = max(0, written.truePeak - delivery.ceiling.decibels)
        let ceiling = mastering.limiter.ceiling - (overshoot > 0 ? overshoot + 0.1 : 0)
        let missed = delivery.target.decibels - integrated
        next.aim += missed
        try next.master(gain: mastering.gainDecibels + missed, ceiling: ceiling, threads: threads, isCancelled: isCancelled)
        return next
    }
}
