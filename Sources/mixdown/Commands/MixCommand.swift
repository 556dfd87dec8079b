import ArgumentParser
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownUnits

/// `mixdown mix`: renders the timeline's audio to a WAV preview.
struct MixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mix",
        abstract: "Render the mix to a WAV preview.",
        discussion: """
            Examples:
              mixdown mix --music bed.mp3 --voiceover vo.wav@12.5 -o preview.wav
              mixdown mix project.json --range 0:30-0:45 -o part.wav
              mixdown mix --video a.mp4 --video b.mp4 --music bed.mp3 --music-volume -6dB \\
                  --range 0:30-0:45 --format f32 -o part.wav
            """)

    @OptionGroup var timeline: TimelineOptions

    @Option(help: ArgumentHelp("Render only this part of the timeline, e.g. 10-20 or 1:00-1:30.5.", valueName: "start-end"), transform: parseRange)
    var range: MediaTimeRange?

    @Option(help: "WAV sample format: s16 (TPDF dither), s24 or f32. (default: \(Project.standard.output.format.rawValue))")
    var format: WAVSampleFormat?

    @OptionGroup var delivery: LoudnessOptions

    @OptionGroup var threading: ThreadOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The WAV file to write (.wav; RF64 past 4 GiB).", valueName: "out.wav"))
    var output: String

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        var project = try timeline.project()
        let inputs = project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 }
        try checkOutput(output, inputs: inputs, extensions: ["wav", "wave"], format: "a WAV file")
        if let format { project.output.format = format }
        var plan = try project.measuredPlan(for: .preview, threads: threading.count)
        let samples = try runReportingErrors { () throws(MixPlanError) in try plan.samples(in: range) }
        let console = reporting.console
        plan.warnings.forEach { console.warn($0) }
        let normalisation = try delivery.normalisation(of: plan, project: project, lossy: false, threads: threading.count,
                                                       output: output, console: console)
        if let normalisation {
            DeliveryReport.normalisation(normalisation, sampleRate: plan.sampleRate).map { console.summary($0) }
            plan = normalisation.plan
        }
        let summary = try runReportingErrors { () throws(MediaIOError) in
            let session = try PreviewSession(plan: plan, outputPath: output, format: project.output.format,
                                             range: samples, inputs: inputs, threads: threading.count,
                                             recordedBus: normalisation?.recordedBus)
            Interrupt.pollForRequests()
            let reporter = reporting.reporter(total: Int64(session.range.count), sampleRate: plan.sampleRate)
            let summary = try session.render { done in
                if Interrupt.isRequested() { session.cancel() }
                reporter.update(done)
            }
            reporter.finish()
            return summary
        }
        // The file's loudness feeds the summary line, and checks a normalised whole
        // mix: `--quiet` without a target skips it.
        guard normalisation != nil || !reporting.quiet else { return }
        let written = try runReportingErrors { () throws(MediaIOError) in
            try LoudnessScan(file: output, frameCount: summary.frames, sampleRate: plan.sampleRate, threads: threading.count,
                             measures: [.integrated, .truePeak], truePeakBy: .limiterDetector).figures
        }
        if let normalisation, range == nil, !normalisation.accepts(written) {
            console.warn("loudness: the file measures \(DeliveryReport.figures(written)), not within \(normalisation.delivery)")
        }
        console.summary("wrote \(output): " + summary.line + "; " + DeliveryReport.figures(written))
    }
}
