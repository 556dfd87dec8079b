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

    @Option(parsing: .unconditional, help: ArgumentHelp("Render only this part of the timeline, e.g. 10-20 or 1:00-1:30.5.", valueName: "start-end"), transform: parseRange)
    var range: MediaTimeRange?

    @Option(help: "WAV sample format: s16 (TPDF dither), s24 or f32. (default: \(Project.standard.output.format.rawValue))")
    var format: WAVSampleFormat?

    @OptionGroup var delivery: LoudnessOptions

    @OptionGroup var threading: ThreadOptions

    @OptionGroup var caching: CacheOptions

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The WAV file to write (.wav; RF64 past 4 GiB).", valueName: "out.wav"))
    var output: String

    @OptionGroup var reporting: ReportingOptions

    func run() throws {
        var project = try timeline.project(console: Console(quiet: reporting.quiet))
        let inputs = project.mediaPaths.map(\.path) + [timeline.projectFile].compactMap { $0 }
        try checkOutput(output, inputs: inputs, extensions: ["wav", "wave"], format: "a WAV file")
        if let format { project.output.format = format }
        let plan = try project.plan(for: .preview, cache: caching.cache, threads: threading.count)
        let samples = try plan.samples(in: range)
        let console = reporting.console
        // A range conforms nothing: it reads the entries there are (see ConformPass).
        try caching.prepare(plan, threads: threading.count, whole: range == nil, console: console)
        // The whole mix is measured, also for a `--range`: a range previews the delivery.
        let measured = try project.measuring(plan, threads: threading.count, delivery: delivery, output: output,
                                             cache: caching.cache, warn: { console.warn($0) })
        if let normalisation = measured.normalisation {
            DeliveryReport.normalisation(normalisation, sampleRate: plan.sampleRate).map { console.summary($0) }
        }
        let session = try PreviewSession(measured: measured, outputPath: output, format: project.output.format,
                                         range: samples, inputs: inputs, threads: threading.count)
        Interrupt.pollForRequests()
        let reporter = reporting.reporter(total: Int64(session.range.count), sampleRate: plan.sampleRate)
        let update = { (done: Int64) in
            if Interrupt.isRequested() { session.cancel() }
            reporter.update(done)
        }
        // The file's loudness feeds the summary line, and checks a normalised whole
        // mix: `--quiet` without a target skips it. It is metered as it is written.
        guard measured.normalisation != nil || !reporting.quiet else {
            _ = try session.render(progress: update)
            return reporter.finish()
        }
        let delivered = try session.renderMeasured(progress: update)
        reporter.finish()
        let summary = delivered.summary
        guard let written = delivered.figures else { return }
        if let normalisation = delivered.normalisation, delivered.meetsDelivery == false {
            console.warn("loudness: the file measures \(DeliveryReport.figures(written)), not within \(normalisation.delivery)")
        }
        console.summary("wrote \(output): " + summary.line + "; " + DeliveryReport.figures(written))
    }
}
