import ArgumentParser
import Foundation
import MixdownAudioMix
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender

/// `mixdown loudness`: EBU R128 figures of media files, or of a project's mix,
/// its stems and its dialogue, written nowhere.
struct LoudnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "loudness",
        abstract: "Measure loudness (EBU R128 / ITU-R BS.1770): of media files, or of a project's mix, stems and dialogue.",
        discussion: """
            One .json argument, or timeline flags, is a project: its mix is rendered \
            (nothing is written) and measured, with each stem (clips, voice-over, music) \
            on its own and the dialogue (the mix where a voice speaks). Any other \
            arguments are media files, each measured as it is.

            Examples:
              mixdown loudness music.mp3 interview.mp4
              mixdown loudness project.json --json
              mixdown loudness --music bed.mp3 --voiceover vo.wav@2 --duck -12
            """)

    @Argument(help: ArgumentHelp("Media files to measure, or one project file (.json).", valueName: "file"))
    var inputs: [String] = []

    @OptionGroup var timeline: TimelineFlags

    @OptionGroup(title: "Fades and ducking") var shaping: ShapingOptions

    @OptionGroup(title: "Picture") var picture: VideoOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var threading: ThreadOptions

    @OptionGroup var caching: CacheOptions

    /// Whether the inputs are a project (a project file, flags or both) rather than media files.
    private var measuresProject: Bool {
        inputs.count == 1 && Self.isProjectFile(inputs[0]) || inputs.isEmpty
    }

    /// A project file is told from media by its extension: Mixdown reads no media in JSON.
    private static func isProjectFile(_ path: String) -> Bool {
        (path as NSString).pathExtension.lowercased() == "json"
    }

    func validate() throws {
        guard !inputs.isEmpty || timeline.placesMedia else {
            throw ValidationError("nothing to measure: give media files, a project file, or at least one --video, --voiceover or --music")
        }
        if inputs.count > 1, let project = inputs.first(where: Self.isProjectFile) {
            throw ValidationError("\(project): a project file is measured on its own, not beside other files")
        }
        if !measuresProject, timeline.changesProject(shaping: shaping, picture: picture) {
            throw ValidationError("timeline flags describe a project: give them alone or beside one project file, not beside media files")
        }
    }

    func run() throws {
        let report = measuresProject ? try projectReport() : try filesReport()
        if json {
            try printJSON(report)
        } else {
            try printOutput(report.text)
        }
    }

    private func filesReport() throws -> LoudnessReport {
        var report = LoudnessReport()
        report.files = try inputs.map { path in
            let figures = try LoudnessFigures(measuringFile: path)
            return LoudnessReport.File(path: path, figures: LoudnessReport.Figures(figures))
        }
        return report
    }

    private func projectReport() throws -> LoudnessReport {
        let project = try timeline.project(loading: inputs.first, shaping: shaping, picture: picture)
        let planned = try project.plan(for: .preview, cache: caching.cache, threads: threading.count)
        let console = Console(quiet: false)
        try caching.prepare(planned, threads: threading.count, whole: true, console: console)
        var plan = try project.measuring(planned, threads: threading.count, cache: caching.cache, warn: { console.warn($0) }).plan
        // The mix as mixed: the target's gain is worked out from it, so no delivery mastering may be in it.
        plan.mastering = nil
        var report = LoudnessReport()
        let threads = threading.count
        let mix = try LoudnessScan(plan: plan, threads: threads).figures
        report.mix = LoudnessReport.Figures(mix)
        var stems = LoudnessReport.Stems()
        for part in MixPart.timelineOrder where plan.audioTracks(of: part).contains(where: { !$0.segments.isEmpty }) {
            let stem = plan.keepingAudio(of: [part])
            let figures = try LoudnessScan(plan: stem, threads: threads).figures
            switch part {
            case .clips: stems.clips = LoudnessReport.Figures(figures)
            case .voiceovers: stems.voiceovers = LoudnessReport.Figures(figures)
            case .music: stems.music = LoudnessReport.Figures(figures)
            }
        }
        report.stems = stems
        let voice = try plan.voiceRanges()
        if !voice.isEmpty {
            let dialogue = try DialogueLoudness(plan: plan, ranges: voice, threads: threads)
            report.dialogue = LoudnessReport.Dialogue(dialogue, sampleRate: plan.sampleRate)
        }
        report.speakers = try speakers(of: plan, threads: threads)
        if let delivery = project.output.loudness {
            report.delivery = LoudnessReport.Delivery(delivery, mix: mix)
        }
        return report
    }

    /// Each dialogue item's speech before processing (what levelling measured)
    /// and after: its track alone, unducked, over its phrases; nil without dialogue processing.
    private func speakers(of plan: MixPlan, threads: Int) throws -> [LoudnessReport.Speaker]? {
        var speakers: [LoudnessReport.Speaker] = []
        for track in plan.audioTracks {
            for item in track.items {
                guard let dialogue = item.dialogue else { continue }
                var alone = plan
                alone.audioTracks = [track]
                alone.audioTracks[0].duck = nil
                let phrases = dialogue.phrases.compactMap { $0.intersection(item.timeRange) }.filter { !$0.isEmpty }
                let after = try DialogueLoudness(plan: alone, ranges: phrases, threads: threads)
                speakers.append(LoudnessReport.Speaker(item: item.name, path: item.path, before: dialogue.levelling?.speechLoudness,
                                                       after: after.integrated))
            }
        }
        return speakers.isEmpty ? nil : speakers
    }
}
