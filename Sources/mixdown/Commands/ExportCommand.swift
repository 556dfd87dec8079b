import ArgumentParser
import Foundation
import MixdownComposition
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

    @Option(parsing: .unconditional, help: ArgumentHelp("AAC bit rate, 32k to 512k, e.g. 192k or 192000. (default: \(Project.standard.output.audioBitrate))", valueName: "bits/s"),
            transform: quantity(AudioBitRate.init(parsing:)))
    var audioBitrate: AudioBitRate?

    @Flag(help: "Move in-points that are not on a keyframe back to the keyframe before, instead of refusing them.")
    var snapKeyframes = false

    @Flag(inversion: .prefixedNo, help: "Put the index at the front of the file, for playback while downloading.")
    var faststart = true

    @Option(parsing: .unconditional, help: ArgumentHelp("Export only this part of the timeline, e.g. 10-20; the start moves back to a keyframe (reported).", valueName: "start-end"), transform: parseRange)
    var range: MediaTimeRange?

    @Option(parsing: .unconditional, help: ArgumentHelp("Quality of re-encoded video (transitions, fades, conformed clips): x264's CRF (x265's when the output is HEVC), 0 to 51, lower is better. (default: \(VideoQuality.standard))", valueName: "crf"),
            transform: quantity(VideoQuality.init(parsing:)))
    var videoQuality: VideoQuality?

    @Flag(help: "Re-encode every video frame, composing the picture even where the clips could be copied (for comparison).")
    var fullRender = false

    @OptionGroup var delivery: LoudnessOptions

    @OptionGroup var threading: ThreadOptions

    @OptionGroup var caching: CacheOptions

    @OptionGroup var reporting: ReportingOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The file to write: .mp4, .mov or .m4a.", valueName: "out.mp4"))
    var output: String

    func run() throws {
        var project = try timeline.project(console: Console(quiet: reporting.quiet))
        try checkOutput(output, inputs: project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 })
        if snapKeyframes { project.snapToKeyframes = true }
        if let audioBitrate { project.output.audioBitrate = audioBitrate }
        if let videoQuality { project.video.quality = videoQuality }
        if fullRender { project.video.fullRender = true }
        let console = reporting.console
        let plan = try project.plan(for: .export, cache: caching.cache, threads: threading.count)
        // A range conforms nothing: it reads the entries there are (see ConformPass).
        try caching.prepare(plan, threads: threading.count, whole: range == nil, console: console)
        let measured = try project.measuring(plan, threads: threading.count, delivery: delivery, lossy: true,
                                             output: output, cache: caching.cache, warn: { console.warn($0) })
        let quality = project.video.quality ?? .standard
        let preset = project.video.preset
        let export = try DeliveryExport(measured: measured, outputPath: output, range: range,
                                        audioBitRate: project.output.audioBitrate, fastStart: faststart,
                                        threads: threading.count, videoQuality: quality, videoPreset: preset,
                                        // Without a target, the decoded AAC's figures are for the summary line alone.
                                        measuringLoudness: !reporting.quiet, isCancelled: { Interrupt.isRequested() })
        if let excerpt = export.excerpt {
            excerpt.snaps.forEach { console.warn($0.description) }
            if excerpt.timelineRange != range {
                console.warn("exporting \(excerpt.timelineRange.start.readable)–\(excerpt.timelineRange.end.readable) of the timeline")
            }
        }
        Interrupt.pollForRequests()
        var reporter: ProgressReporter?
        let delivered = try export.export { event in
            switch event {
            case .started: reporter = reporting.reporter(total: export.plan.frameCount, sampleRate: export.plan.sampleRate)
            case let .encoding(state): reporter?.update(state.framesDone)
            case .finished: reporter?.finish()
            }
        }
        guard let written = delivered.figures else { return }
        if let normalisation = delivered.normalisation {
            if delivered.meetsDelivery == false {
                console.warn("loudness: after \(delivered.encodings) encodings the decoded AAC measures \(DeliveryReport.figures(written)), not within \(normalisation.delivery)")
            }
            DeliveryReport.normalisation(normalisation, sampleRate: export.plan.sampleRate).map { console.summary($0) }
        }
        console.summary("wrote \(output): " + delivered.summary.line + "; " + DeliveryReport.figures(written)
                        + videoNote(export.plan, quality: quality, preset: preset))
    }

    /// How the video was made, when it was not a plain copy of the clips: frames
    /// copied and re-encoded.
    private func videoNote(_ plan: MixPlan, quality: VideoQuality, preset: VideoPreset) -> String {
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
        let codec = VideoStreamFormat.displayName(ofCodec: composed.outputCodec)
        return "; video \(composition.renderSize): \(copied) frames copied, \(encoded) re-encoded (\(codec), CRF \(quality), preset \(preset)"
            + colourNote(composed) + ")"
    }

    /// The output's colour where it is news: HDR (`, HLG 10-bit BT.2020`), or
    /// SDR from clips that held more (`, 8-bit SDR BT.709 from HLG 10-bit`; the
    /// planning warning says what that does to them). Plain SDR output of SDR
    /// clips, BT.709 or BT.601 (below 720 lines, as players assume), keeps the line short.
    private func colourNote(_ composed: ComposedVideo) -> String {
        let composition = composed.timeline.videoComposition
        if composition.dynamicRange.isHDR { return ", \(composition.outputColour.label) BT.2020" }
        var lost: [String] = []
        for clip in composed.clips where clip.format.colour.exceedsEightBitSDR && !lost.contains(clip.format.colour.label) {
            lost.append(clip.format.colour.label)
        }
        guard !lost.isEmpty else { return "" }
        let matrix = composition.colourMatrix.name
        return ", 8-bit SDR \(matrix) from " + lost.joined(separator: " and ")
    }
}
