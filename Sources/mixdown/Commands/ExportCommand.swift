import ArgumentParser
import Foundation
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownUnits

/// `mixdown export`: the stitched video (stream copy) with the finished mix in AAC.
struct ExportCommand: ParsableCommand {
    /// Encodings of a normalised export at most: the decoded AAC is checked and
    /// the mastering corrected after each.
    static let encodings = 4

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the stitched video with the mix as AAC, into MP4, MOV or (audio only) M4A.",
        discussion: """
            Video packets are copied, never re-encoded; each clip's own audio is trimmed or
            padded to exactly its video, and the mix is encoded to AAC-LC with its encoder
            delay recorded, so it plays from 0 in sync. The container follows the output's
            extension. The file appears only when complete.

            Examples:
              mixdown export --video a.mp4 --video b.mp4 --music bed.mp3 --fade-in 2 --duck -12 -o final.mp4
              mixdown export --video a.mp4 --voiceover vo.wav@3 --progress json -o final.mov
              mixdown export --music bed.mp3 --voiceover vo.wav@3 -o podcast.m4a
              mixdown export project.json --snap-keyframes -o final.mp4
              mixdown export project.json --range 1:00-1:30 -o excerpt.mp4
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(help: ArgumentHelp("AAC bit rate, 32k to 512k, e.g. 192k or 192000. (default: \(Project.standard.output.audioBitrate))", valueName: "bits/s"),
            transform: quantity(AudioBitRate.init(parsing:)))
    var audioBitrate: AudioBitRate?

    @Flag(help: "Move in-points that are not on a keyframe back to the keyframe before, instead of refusing them.")
    var snapKeyframes = false

    @Flag(inversion: .prefixedNo, help: "Put the index at the front of the file, for playback while downloading.")
    var faststart = true

    @Option(help: ArgumentHelp("Export only this part of the timeline, e.g. 10-20; the start moves back to a keyframe (reported).", valueName: "start-end"), transform: parseRange)
    var range: MediaTimeRange?

    @Option(help: ArgumentHelp("Quality of re-encoded video (transitions, fades, conformed clips): x264's CRF, 0 to 51, lower is better. (default: \(ExportSession.defaultVideoQuality))", valueName: "crf"),
            transform: quantity(VideoQuality.init(parsing:)))
    var videoQuality: VideoQuality?

    @Flag(help: "Re-encode every video frame, composing the picture even where the clips could be copied (for comparison).")
    var fullRender = false

    @OptionGroup var delivery: LoudnessOptions

    @OptionGroup var threading: ThreadOptions

    @OptionGroup var reporting: ReportingOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The file to write: .mp4, .mov or .m4a.", valueName: "out.mp4"))
    var output: String

    func run() throws {
        var project = try timeline.project()
        try checkOutput(output, inputs: project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 })
        if snapKeyframes { project.snapToKeyframes = true }
        if let audioBitrate { project.output.audioBitrate = audioBitrate }
        if let videoQuality { project.video.quality = videoQuality }
        if fullRender { project.video.fullRender = true }
        var plan = try project.measuredPlan(for: .export, threads: threading.count)
        let console = reporting.console
        plan.warnings.forEach { console.warn($0) }
        var normalisation = try delivery.normalisation(of: plan, project: project, lossy: true, threads: threading.count,
                                                       output: output, console: console)
        if let normalisation { plan = normalisation.plan }
        if let range {
            let excerpt = try runReportingErrors { () throws(MixPlanError) in try plan.excerpt(forExportOf: range) }
            excerpt.snaps.forEach { console.warn($0.description) }
            if excerpt.timelineRange != range {
                console.warn("exporting \(excerpt.timelineRange.start.readable)–\(excerpt.timelineRange.end.readable) of the timeline")
            }
            plan = excerpt.plan
        }
        let bitRate = project.output.audioBitrate.bitsPerSecond
        var attempt = 1
        while true {
            // The first pass's recording holds the whole timeline: a range's excerpt has a timeline of its own.
            let session = ExportSession(plan: plan, outputPath: output, audioBitRate: bitRate, fastStart: faststart,
                                        threads: threading.count,
                                        videoQuality: project.video.quality ?? ExportSession.defaultVideoQuality,
                                        recordedBus: range == nil ? normalisation?.recordedBus : nil)
            Interrupt.pollForRequests()
            let reporter = reporting.reporter(total: plan.frameCount, sampleRate: plan.sampleRate)
            var written: LoudnessFigures?
            let last = attempt == Self.encodings
            let summary = try runReportingErrors { () throws(MediaIOError) -> RenderSummary? in
                let progress = { (state: ExportProgress) in
                    if Interrupt.isRequested() { session.cancel() }
                    reporter.update(state.framesDone)
                }
                // What the AAC decodes to is what is delivered: the encoder's overshoot
                // included. Without a target, it is for the summary line alone.
                guard normalisation != nil || !reporting.quiet else { return try session.export(progress: progress) }
                return try session.export(progress: progress, measuring: [.integrated, .truePeak]) { figures in
                    written = figures
                    return last || range != nil || normalisation.map { $0.accepts(figures) } ?? true
                }
            }
            reporter.finish()
            if let summary {
                guard let written else { return }
                if let normalisation {
                    if !normalisation.accepts(written) && range == nil {
                        console.warn("loudness: after \(Self.encodings) encodings the decoded AAC measures \(DeliveryReport.figures(written)), not within \(normalisation.delivery)")
                    }
                    DeliveryReport.normalisation(normalisation, sampleRate: plan.sampleRate).map { console.summary($0) }
                }
                console.summary("wrote \(output): " + summary.line + "; " + DeliveryReport.figures(written)
                                + videoNote(plan, quality: project.video.quality ?? ExportSession.defaultVideoQuality))
                return
            }
            // The decoded file missed the delivery: correct the mastering and encode again.
            guard let missed = normalisation, let written else { return }
            let corrected = try runReportingErrors { () throws(MediaIOError) in
                try missed.corrected(for: written, threads: threading.count, isCancelled: { Interrupt.isRequested() })
            }
            normalisation = corrected
            plan.mastering = corrected.plan.mastering
            attempt += 1
        }
    }

    /// How the video was made, when it was not a plain copy of the clips: frames
    /// copied and re-encoded.
    private func videoNote(_ plan: MixPlan, quality: VideoQuality) -> String {
        guard case let .composed(composed) = plan.video else { return "" }
        let timeline = composed.timeline
        let composition = timeline.videoComposition
        var copied = 0, encoded = 0
        if let smart = composed.smartRender, smart.copies {
            for span in smart.spans {
                switch span {
                case let .copy(segment): copied += segment.frameCount
                case let .encode(range, _): encoded += composition.frameCount(in: range)
                }
            }
        } else if let whole = try? MediaTimeRange(start: .zero, end: timeline.duration) {
            encoded = composition.frameCount(in: whole)
        }
        return "; video \(composition.renderSize): \(copied) frames copied, \(encoded) re-encoded (H.264, CRF \(quality))"
    }
}
