import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits
import Synchronization

/// An export that delivers a measured plan: its file, its loudness as it decodes,
/// and, when the plan was normalised, a delivery that holds in the decoded AAC.
///
/// AAC changes what it is given: its decoded true peaks overshoot the PCM's and
/// its loudness moves a little. So each encoding (an ``ExportSession``) is
/// decoded and measured before its file is moved into place, and when it misses
/// the ``MeasuredPlan``'s delivery (`LoudnessNormalisation.accepts(_:)`), the
/// file is dropped, the mastering corrected for what the encoding did
/// (`LoudnessNormalisation.corrected(for:threads:isCancelled:)`: the limiter's
/// ceiling lowered by the overshoot, the gain moved by the loudness missed) and
/// the mix encoded again: at most ``maximumEncodings`` times, the last kept
/// whatever it measures (``DeliveredOutput/meetsDelivery`` then says so).
/// Without a delivery, one encoding, measured for the report unless asked not to.
///
/// An export of a range (AVAssetExportSession's `timeRange`) writes the
/// excerpt `MixPlan.excerpt(forExportOf:)` cuts where the picture can be cut,
/// with the whole mix's mastering: a preview of the delivery, encoded once and
/// not checked against it.
///
/// `export(progress:)` runs on the caller's thread; ``cancel()`` (or
/// `isCancelled` turning true) stops it within a block, the corrections'
/// renders included. The file appears at `outputPath` only when complete.
public final class DeliveryExport: Sendable {
    /// Encodings of a normalised export at most: the decoded AAC is checked and
    /// the mastering corrected after each.
    public static let maximumEncodings = 4

    /// The plan as measured, with its normalisation when a delivery was asked.
    public let measured: MeasuredPlan
    /// What is exported: the measured plan, or the excerpt of the range.
    public let plan: MixPlan
    /// The excerpt of the range asked for, with where it lies on the timeline
    /// after snapping and the cut points that moved; nil for the whole timeline.
    public let excerpt: MixPlan.Excerpt?
    /// Where the file appears when the export is complete.
    public let outputPath: String
    /// AAC bit rate, both channels together.
    public let audioBitRate: AudioBitRate
    /// Index at the front of the file.
    public let fastStart: Bool
    /// Threads the encodings, measurements and corrections keep busy at most.
    public let threadCount: Int
    /// The quality of re-encoded video (a composed picture's frames).
    public let videoQuality: VideoQuality
    /// The x264 speed preset of re-encoded video.
    public let videoPreset: VideoPreset
    /// Whether the decoded AAC is measured without a delivery too (for a
    /// report); with one it always is.
    public let measuresLoudness: Bool
    private let cancelled = Atomic<Bool>(false)
    private let cancelledElsewhere: @Sendable () -> Bool

    /// Prepares the export of `measured` (of `range` of its timeline when
    /// given); nothing is opened until `export(progress:)`.
    ///
    /// - Parameters:
    ///   - measured: the plan with its measured passes run; its normalisation,
    ///     when any, is the delivery checked.
    ///   - outputPath: `.mp4`, `.mov` or (audio only) `.m4a`; it appears only when complete.
    ///   - range: the part of the timeline to export; the whole timeline when nil.
    ///   - audioBitRate: AAC bit rate, both channels together.
    ///   - fastStart: put the index at the front of the file.
    ///   - threads: threads the export keeps busy at most; one per active core by default.
    ///   - videoQuality: the CRF of re-encoded video, when the plan composes its picture.
    ///   - videoPreset: the x264 speed preset of re-encoded video.
    ///   - measuringLoudness: measure the decoded AAC without a delivery too
    ///     (``DeliveredOutput/figures``), about 0.2 s per 200 s on two cores.
    ///   - isCancelled: polled with every block of every encoding and correction,
    ///     as ``cancel()`` is.
    /// - Throws: `MixPlanError` when `range` cannot be exported
    ///   (`MixPlan.excerpt(forExportOf:)`).
    public init(measured: MeasuredPlan, outputPath: String, range: MediaTimeRange? = nil, audioBitRate: AudioBitRate = .standard,
                fastStart: Bool = true, threads: Int = AudioRenderer.defaultThreadCount,
                videoQuality: VideoQuality = .standard, videoPreset: VideoPreset = .standard, measuringLoudness: Bool = true,
                isCancelled: @escaping @Sendable () -> Bool = { false }) throws(MixPlanError) {
        self.measured = measured
        let excerpt = try range.map { range throws(MixPlanError) in try measured.plan.excerpt(forExportOf: range) }
        self.excerpt = excerpt
        plan = excerpt?.plan ?? measured.plan
        self.outputPath = outputPath
        self.audioBitRate = audioBitRate
        self.fastStart = fastStart
        threadCount = max(1, threads)
        self.videoQuality = videoQuality
        self.videoPreset = videoPreset
        measuresLoudness = measuringLoudness
        cancelledElsewhere = isCancelled
    }

    /// Asks a running export to stop; it then throws `MediaIOError.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called, or `isCancelled` turned true.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) || cancelledElsewhere() }

    /// Encodes, checks and corrects until the decoded file meets the delivery
    /// (or ``maximumEncodings`` were made), reporting each encoding on the
    /// calling thread.
    ///
    /// - Returns: the last encoding's summary, the decoded file's figures, the
    ///   normalisation whose mastering it has and how many encodings it took.
    /// - Throws: the encodings', measurements' and corrections' `MediaIOError`s;
    ///   `cancelled` when stopped.
    public func export(progress: (DeliveryProgress) -> Void = { _ in }) throws(MediaIOError) -> DeliveredOutput {
        var normalisation = measured.normalisation
        var plan = self.plan
        // The recording holds the whole timeline: an excerpt has a timeline of its own.
        let recordedBus = excerpt == nil ? measured.recordedBus : nil
        var encoding = 1
        while true {
            let session = ExportSession(plan: plan, outputPath: outputPath, audioBitRate: audioBitRate, fastStart: fastStart,
                                        threads: threadCount, videoQuality: videoQuality, videoPreset: videoPreset,
                                        recordedBus: recordedBus)
            progress(.started(encoding: encoding))
            func report(_ state: ExportProgress) {
                if isCancelled { session.cancel() }
                progress(.encoding(state))
            }
            var written: LoudnessFigures?
            let summary: RenderSummary?
            if normalisation == nil && !measuresLoudness {
                summary = try session.export(progress: report)
            } else {
                // What the AAC decodes to is what is delivered: the encoder's overshoot included.
                let last = encoding == Self.maximumEncodings
                summary = try session.export(progress: report, measuring: [.integrated, .truePeak]) { figures in
                    written = figures
                    return last || excerpt != nil || normalisation.map { $0.accepts(figures) } ?? true
                }
            }
            progress(.finished(encoding: encoding))
            if let summary {
                let checked = excerpt == nil ? normalisation : nil
                return DeliveredOutput(summary: summary, figures: written, normalisation: normalisation, encodings: encoding,
                                       meetsDelivery: checked.flatMap { normalisation in written.map { normalisation.accepts($0) } })
            }
            // The decoded file missed the delivery: correct the mastering and encode again.
            guard let missed = normalisation, let written else {
                preconditionFailure("only a normalisation refuses a file, once it has measured it")
            }
            let corrected = try missed.corrected(for: written, threads: threadCount, isCancelled: { [self] in isCancelled })
            normalisation = corrected
            plan.mastering = corrected.plan.mastering
            encoding += 1
        }
    }
}
