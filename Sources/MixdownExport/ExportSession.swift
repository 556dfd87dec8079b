import Foundation
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits
import Synchronization

/// Renders a plan's mix, encodes it to AAC and muxes it with the stitched video
/// (stream copy) into an MP4, MOV or M4A: AVAssetExportSession's job.
///
/// AAC encoding is the slowest stage of an export and FFmpeg's encoder uses one
/// core, so a long timeline is encoded in parallel (`parallelEncoding`): it is cut
/// into `encodingStretches` on the encoder's 1024-sample frame grid, and worker
/// threads (one per core) each render and encode whole stretches with their own
/// `AudioRenderer` and `AACEncoder`. Each stretch's encoder starts 8 s early
/// (pre-roll) on the same mix and runs 4096 samples past the stretch's end, and
/// only the packets of the stretch's own frames are kept; the calling thread
/// writes the stretches in order through one `MovieWriter` (`writeEncodedAudio`),
/// interleaved with the video. The spliced stream has the single encoder's packet
/// count, timestamps, priming and edit list, and its quality (measured in
/// ParallelEncodingTests). A short timeline is encoded by one encoder as it is
/// rendered.
///
/// `export(progress:)` runs on the caller's thread; `cancel()` may be called from
/// any other thread (or a signal handler's watcher) and stops the export, workers
/// included, within a block. The output appears at `outputPath` only when complete:
/// an error or a cancellation leaves no file there and whatever was there before
/// untouched.
///
/// A session makes one encoding of the plan it is given. ``DeliveryExport``
/// exports a ``MeasuredPlan`` to its delivery loudness, checking each encoding
/// and correcting the mastering until the decoded file meets it.
public final class ExportSession: Sendable {
    /// What is rendered.
    public let plan: MixPlan
    /// Where the file appears when the export is complete.
    public let outputPath: String
    /// AAC bit rate, both channels together.
    public let audioBitRate: AudioBitRate
    /// Index at the front of the file (AVAssetExportSession's shouldOptimizeForNetworkUse).
    public let fastStart: Bool
    /// Whether stretches of the mix are encoded on `threadCount` threads, or the
    /// whole mix by one encoder while it is rendered.
    public let parallelEncoding: Bool
    /// Threads the export keeps busy at most: rendering and encoding stretches
    /// (`parallelEncoding`), or decoding tracks ahead of the one encoder.
    public let threadCount: Int
    /// The timeline samples each encoder keeps, in order: consecutive, covering
    /// the timeline, each starting on a 1024-sample frame boundary. One range
    /// (the whole timeline) without `parallelEncoding`.
    public let encodingStretches: [Range<Int64>]
    /// The quality of re-encoded video (a composed picture's frames).
    public let videoQuality: VideoQuality
    /// The x264 speed preset of re-encoded video.
    public let videoPreset: VideoPreset
    /// The plan's bus recorded by an earlier render (a normalisation's first
    /// pass), read instead of decoding and mixing; nil to render the plan.
    public let recordedBus: ScratchAudioFile?
    private let cancelled = Atomic<Bool>(false)

    /// Prepares an export; nothing is opened until `export(progress:)`.
    ///
    /// - Parameters:
    ///   - plan: what to export: its mix, its video track when it has one, and its
    ///     soft caption tracks (`captionTracks`, a `mov_text` stream each). Its
    ///     measured passes must have run (``MeasuredPlan``): the export refuses a
    ///     plan that `needsMeasuring`.
    ///   - outputPath: `.mp4`, `.mov` or (audio only) `.m4a`; it appears only when complete.
    ///   - audioBitRate: AAC bit rate, both channels together.
    ///   - fastStart: put the index at the front of the file, for playback while downloading.
    ///   - parallelEncoding: encode stretches on several threads; by default when
    ///     there are at least two threads and the timeline is 20 s or longer.
    ///   - threads: threads the export keeps busy at most (`--threads`); one per
    ///     active core by default.
    ///   - stretchDuration: cut the timeline into even stretches of at most this
    ///     length. By default, stretches of equal work: as many as the threads (a
    ///     multiple of them when that keeps stretches within 120 s), the first one
    ///     longer by the 8 s pre-roll that the others encode before their start.
    ///     Memory holds at most `threads` stretches' packets (about 1.4 MB a
    ///     minute at 192 kb/s).
    ///   - videoQuality: the CRF of re-encoded video, when the plan composes its picture.
    ///   - videoPreset: the x264 speed preset of re-encoded video.
    ///   - recordedBus: `plan`'s bus over its whole timeline, recorded by an
    ///     earlier render (`LoudnessNormalisation.recordedBus`): read instead of
    ///     decoding and mixing, with the same result. The export throws
    ///     `unsupported` if it does not hold the timeline.
    public init(plan: MixPlan, outputPath: String, audioBitRate: AudioBitRate = .standard, fastStart: Bool = true,
                parallelEncoding: Bool? = nil, threads: Int = AudioRenderer.defaultThreadCount,
                stretchDuration: MediaTime? = nil, videoQuality: VideoQuality = .standard,
                videoPreset: VideoPreset = .standard, recordedBus: ScratchAudioFile? = nil) {
        self.plan = plan
        self.videoQuality = videoQuality
        self.videoPreset = videoPreset
        self.recordedBus = recordedBus
        self.outputPath = outputPath
        self.audioBitRate = audioBitRate
        self.fastStart = fastStart
        let threadCount = max(1, threads)
        self.threadCount = threadCount
        let total = (try? plan.duration.sampleIndex(sampleRate: plan.sampleRate)) ?? 0
        let stretches: [Range<Int64>]?
        if let longest = stretchDuration.flatMap({ try? $0.sampleIndex(sampleRate: plan.sampleRate) }) {
            stretches = EncodingStretches.even(frameCount: total, longest: longest)
        } else {
            stretches = EncodingStretches.balanced(frameCount: total, sampleRate: plan.sampleRate, workers: threadCount,
                                                   preRoll: StretchEncoder.preRoll(sampleRate: plan.sampleRate))
        }
        let wanted = parallelEncoding
            ?? (threadCount > 1 && total >= EncodingStretches.shortestParallel * Int64(plan.sampleRate.hertz))
        self.parallelEncoding = wanted && (stretches?.count ?? 0) > 1
        encodingStretches = self.parallelEncoding ? stretches ?? [] : [0..<total]
    }


    /// The CRF of re-encoded video when none is given: `VideoQuality.standard`,
    /// chosen with `VideoPreset.standard` by measurement.
    public static let defaultVideoQuality = VideoQuality.standard

    /// The video track: the stitched clips copied, or the composed picture drawn
    /// and encoded as the writer pulls its packets; nil without video.
    func movieVideo() throws(MediaIOError) -> MovieVideo? {
        switch plan.video {
        case .none: return nil
        case let .stitched(stitch): return .copy(stitch)
        case let .composed(composed):
            if let smart = composed.smartRender, smart.copies {
                let spans = try SmartRenderEncoding(video: composed, smart: smart, encoding: videoEncoding, path: outputPath,
                                                    isCancelled: { [self] in isCancelled })
                return .smart(SmartVideo(plan: smart, clipInfos: composed.clipInfos, parameterSets: spans.parameterSets,
                                         renumbering: spans.renumbering, encoderTimeBase: spans.settings.timeBase, encode: spans.feed(for:)))
            }
            // A full render: the whole timeline as one stretch.
            let frames = ComposedVideoFrames(video: composed)
            let composition = frames.timeline.videoComposition
            let encoder = try VideoEncoder(settings: try ComposedVideoEncoding.settings(for: composition, encoding: videoEncoding,
                                                                                     codec: composed.outputCodec, path: outputPath),
                                           path: outputPath)
            let whole = (try? MediaTimeRange(start: .zero, end: frames.timeline.duration)) ?? MediaTimeRange(emptyAt: .zero)
            let feed = ComposedVideoEncoding(frames: frames, range: whole, encoder: encoder, isCancelled: { [self] in isCancelled })
            return .encoded(feed.encoder, feed: feed)
        }
    }

    /// How the composed picture's frames are encoded: the quality, the preset
    /// and the export's threads.
    var videoEncoding: ComposedVideoEncoding.Choices {
        ComposedVideoEncoding.Choices(quality: videoQuality, preset: videoPreset, threads: threadCount)
    }

    /// Asks a running export to stop; it then throws `MediaIOError.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Runs the export, reporting progress on the calling thread: after each
    /// rendered block, or (parallel encoding) every 50 ms and after each stretch
    /// written, `framesDone` then counting the samples of the stretches' own
    /// ranges rendered so far, so that it only grows.
    public func export(progress: (ExportProgress) -> Void = { _ in }) throws(MediaIOError) -> RenderSummary {
        // Accepting every file, the export always returns a summary.
        try export(progress: progress, accepting: { _ in true })!
    }

    /// Exports as ``export(progress:)`` does, but moves the file into place only if
    /// `accept` approves the complete temporary file (a check of the decoded
    /// result); nil when it did not, and nothing is left at `outputPath`.
    ///
    /// - Throws: as ``export(progress:)``; what `accept` throws.
    public func export(progress: (ExportProgress) -> Void = { _ in },
                       accepting accept: (String) throws(MediaIOError) -> Bool) throws(MediaIOError) -> RenderSummary? {
        try MeasuredPlan.requireMeasured(plan)
        if parallelEncoding {
            return try exportInParallel(progress: progress, measuring: nil, accepting: { path, _ throws(MediaIOError) in try accept(path) })
        }
        let writer = try MovieWriter(path: outputPath, movieVideo: try movieVideo(), sampleRate: plan.sampleRate,
                                     audioBitRate: audioBitRate, fastStart: fastStart, inputs: plan.inputPaths,
                                     captions: plan.captionTracks)
        let renderer = try AudioRenderer(plan: plan, recordedBus: recordedBus)
        let total = renderer.frameCount
        let started = ContinuousClock.now
        let summary = try renderer.render(threads: threadCount, isCancelled: { isCancelled }, progress: { done in
            progress(ExportProgress(framesDone: done, framesTotal: total, sampleRate: plan.sampleRate,
                                    elapsed: (ContinuousClock.now - started).seconds))
        }) { block throws(MediaIOError) in
            try writer.writeAudio(block.audio)
        }
        if isCancelled { throw .cancelled }
        guard try writer.finish(accepting: accept) else { return nil }
        var finished = summary
        finished.elapsed = (ContinuousClock.now - started).seconds
        return finished
    }

    /// Exports as ``export(progress:)`` does and measures what it wrote, the
    /// decoded AAC (`measures`; the true peak read by the limiter's detector),
    /// moving the file into place only if `accept` approves the figures; nil when
    /// it did not, and nothing is left at `outputPath`.
    ///
    /// A parallel export whose stretches are encoded all at once (no more of them
    /// than threads: up to four minutes on two cores) decodes its packets from
    /// memory, the same packets the file gets, while the file is finished: the
    /// check costs the time the threads would otherwise wait for the file. Any
    /// other export decodes the complete temporary file (`LoudnessScan(file:…)`).
    ///
    /// - Throws: as ``export(progress:)``; the measurement's errors; what `accept` throws.
    public func export(progress: (ExportProgress) -> Void = { _ in }, measuring measures: LoudnessMeter.Measures,
                       accepting accept: (LoudnessFigures) throws(MediaIOError) -> Bool) throws(MediaIOError) -> RenderSummary? {
        try MeasuredPlan.requireMeasured(plan)
        let frames = encodingStretches.last?.upperBound ?? 0
        let measureFile = { (path: String) throws(MediaIOError) -> LoudnessFigures in
            try LoudnessScan(file: path, frameCount: frames, sampleRate: self.plan.sampleRate, threads: self.threadCount,
                             measures: measures, truePeakBy: .limiterDetector, isCancelled: { self.isCancelled }).figures
        }
        guard parallelEncoding else {
            return try export(progress: progress, accepting: { path throws(MediaIOError) in try accept(measureFile(path)) })
        }
        return try exportInParallel(progress: progress, measuring: measures) { path, figures throws(MediaIOError) in
            if let figures { return try accept(figures) }
            return try accept(measureFile(path))
        }
    }
}
