import Foundation
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownUnits

/// A plan with the measured passes run over it, in their order: what the
/// sessions render and the export delivers.
///
/// Planning (`Project.plan(for:)`) never renders. What can only be chosen by
/// listening to the mix is left to passes that render the plan and meter it,
/// run here, each on the plan the one before it left:
///
/// 1. Dialogue cleanup (`DialogueCleanupPass`): each dialogue item that asks
///    for it cleaned into a temporary file its segments then read (and the
///    plan holds), so every pass after it hears the cleaned voice.
/// 2. Dialogue levelling (`MixPlan.measuringDialogue(threads:isCancelled:)`):
///    each dialogue item metered as recorded and given its matching gain and
///    ride, a `dialogue` layer of its track's envelope.
/// 3. Ducking by loudness (`MixPlan.measuringLoudnessDucks(threads:isCancelled:)`):
///    each duck's depth from the loudness of the voice and of the ducked part,
///    as they play (the voice levelled), before anything measures the mix as a whole.
/// 4. Delivery loudness, when a delivery is asked (`LoudnessNormalisation`):
///    last, since its one gain and limiter answer the whole mix as it will
///    sound; its first render records the mix (``recordedBus``), which the
///    renders after it read.
///
/// A pass with nothing to do costs nothing, so a plan already measured (or
/// with no dialogue processing and no duck by loudness) goes through unchanged
/// but for a new normalisation.
///
/// ``PreviewSession/init(measured:outputPath:format:range:inputs:parallel:threads:)``
/// and ``DeliveryExport`` take one; the sessions made from a bare `MixPlan`
/// refuse a plan that still `needsMeasuring`.
public struct MeasuredPlan: Sendable {
    /// The plan to render: its ducks by loudness measured, and with the
    /// delivery's `Mastering` when one was asked.
    public let plan: MixPlan
    /// The delivery loudness pass: what it measured, the gain and limiter it
    /// chose, the recording of the mix; nil when no delivery was asked.
    public let normalisation: LoudnessNormalisation?

    /// The mix as planned (before the mastering) over the whole timeline,
    /// recorded by the normalisation's first render: what the renders after it
    /// read instead of decoding and mixing again. Nil without a normalisation,
    /// or when no scratch file could be made.
    public var recordedBus: ScratchAudioFile? { normalisation?.recordedBus }

    /// Every warning, in the order found: the plan's (planning's and the
    /// ducks'), then the normalisation's.
    public var warnings: [String] { plan.warnings + (normalisation?.warnings ?? []) }

    /// Runs the measured passes over `plan`.
    ///
    /// - Parameters:
    ///   - plan: a plan as planning made it, or one already measured.
    ///   - delivery: the loudness and true-peak ceiling to deliver at; nil to
    ///     leave the mix's level as it is (no mastering).
    ///   - lossy: whether the output is encoded lossily (AAC: an export), so that
    ///     the limiter keeps `LoudnessNormalisation.lossyHeadroom` under the ceiling.
    ///   - threads: threads the passes' renders keep busy at most.
    ///   - scratchFolder: where the normalisation records the mix (8 bytes a
    ///     frame, in a file with no name) and cleanup writes the cleaned dialogue:
    ///     the output's folder, say; the system's temporary folder when nil.
    ///   - cache: the conform cache that keeps the cleaned dialogue; nil for none.
    ///   - isCancelled: polled every block of every render.
    ///   - warn: each warning as soon as its pass finds it, before the next pass
    ///     runs (a long normalisation): the plan's, then the normalisation's. They
    ///     are in ``warnings`` too.
    /// - Throws: the renders' `MediaIOError`s (`cancelled` when `isCancelled` turns true).
    public init(plan: MixPlan, delivery: DeliveryLoudness? = nil, lossy: Bool = false,
                threads: Int = AudioRenderer.defaultThreadCount, scratchFolder: String? = nil, cache: ConformCache? = nil,
                isCancelled: @escaping @Sendable () -> Bool = { false },
                warn: (String) -> Void = { _ in }) throws(MediaIOError) {
        let cleaned = try DialogueCleanupPass.run(plan: plan, folder: scratchFolder ?? NSTemporaryDirectory(), cache: cache, threads: threads,
                                                  isCancelled: isCancelled)
        let levelled = try cleaned.measuringDialogue(threads: threads, isCancelled: isCancelled)
        let ducked = try levelled.measuringLoudnessDucks(threads: threads, isCancelled: isCancelled)
        ducked.warnings.forEach(warn)
        guard let delivery else {
            self.plan = ducked
            normalisation = nil
            return
        }
        let normalisation = try LoudnessNormalisation(plan: ducked, delivery: delivery, lossy: lossy, threads: threads,
                                                      scratchFolder: scratchFolder, isCancelled: isCancelled)
        normalisation.warnings.forEach(warn)
        self.plan = normalisation.plan
        self.normalisation = normalisation
    }

    /// Refuses a plan whose measured passes have not run: what the sessions made
    /// from a bare `MixPlan` check first.
    ///
    /// - Throws: `MediaIOError.unsupported` when `plan` `needsMeasuring`.
    static func requireMeasured(_ plan: MixPlan) throws(MediaIOError) {
        guard plan.needsMeasuring else { return }
        throw .unsupported(path: "timeline", reason: "its dialogue processing or its ducks by loudness are not measured yet: "
                           + "render a MeasuredPlan of it, which runs the measured passes")
    }
}
