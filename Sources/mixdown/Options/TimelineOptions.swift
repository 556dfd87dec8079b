import ArgumentParser
import MixdownInterchange
import MixdownProject
import MixdownProjectFile
import MixdownTime
import MixdownUnits

/// The inputs every rendering command shares: a project file and the flags that
/// describe or change a timeline.
struct TimelineOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A project file (JSON, see docs/project-format.md) or an editor's OpenTimelineIO timeline (.otio, docs/interchange.md); "
                                 + "flags given beside it override it.", valueName: "project.json"))
    var projectFile: String?

    @OptionGroup var flags: TimelineFlags

    // The groups sit beside the flags rather than inside them: ArgumentParser's
    // debug builds check every nested group again at each level, so each level
    // saved costs the test suite's hundreds of runs a fraction of the time.
    @OptionGroup(title: "Fades and ducking") var shaping: ShapingOptions

    @OptionGroup(title: "Picture") var picture: VideoOptions

    @OptionGroup(title: "Overlays and captions") var overlays: OverlayOptions

    @OptionGroup(title: "Timelines from editors (.otio)") var interchange: ImportOptions

    func validate() throws {
        guard projectFile != nil || flags.placesMedia else {
            throw ValidationError("nothing to mix: give a project file, or at least one --video, --voiceover or --music")
        }
    }

    /// The project file (if any) with the flags given beside it applied on top.
    ///
    /// A list flag (`--video`, `--voiceover`, `--music`, `--captions`) replaces
    /// that list of the file; `--title` and `--watermark` add to its overlays.
    /// An `.otio` timeline is imported (its notes go to `console` as warnings).
    func project(console: Console = Console(quiet: false)) throws -> Project {
        var project: Project
        if let projectFile, OTIOImport.isTimeline(projectFile) {
            let imported = try OTIOImport.read(contentsOf: projectFile, options: interchange.options)
            imported.notes.forEach { console.warn($0) }
            project = flags.applied(to: imported.project, shaping: shaping, picture: picture)
        } else {
            project = try flags.project(loading: projectFile, shaping: shaping, picture: picture)
        }
        overlays.apply(to: &project)
        try overlays.check(project)
        return project
    }
}

/// What goes on the timeline and at what level, as flags: applied on top of a
/// project file, or making a project of their own.
struct TimelineFlags: ParsableArguments {
    @Option(name: .customLong("video"), help: ArgumentHelp("A video clip; clips are stitched in order and their own audio is mixed.", valueName: "path"))
    var videos: [String] = []

    @Option(name: .customLong("voiceover"), help: ArgumentHelp("A voice-over take placed at a timeline time, e.g. vo.wav@12.5 or vo.wav@1:02.25.", valueName: "path@time"), transform: Placement.parse)
    var voiceovers: [Placement] = []

    @Option(name: .customLong("music"), help: ArgumentHelp("A music bed, at 0 unless @time is given; plays to its end or the timeline's end.", valueName: "path[@time]"), transform: Placement.parse)
    var music: [Placement] = []

    @Flag(help: "Repeat each music bed until the timeline ends.")
    var loopMusic = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the clips' own audio: a factor (0.5) or decibels (-6dB). (default: \(Project.standard.clipVolume))", valueName: "gain"), transform: quantity(Gain.init(parsing:)))
    var clipVolume: Gain?

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the voice-over. (default: \(Project.standard.voiceoverVolume))", valueName: "gain"), transform: quantity(Gain.init(parsing:)))
    var voiceoverVolume: Gain?

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the music. (default: \(Project.standard.musicVolume))", valueName: "gain"), transform: quantity(Gain.init(parsing:)))
    var musicVolume: Gain?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pan of the clips' own audio, -1 (left) to 1 (right), constant power. (default: \(Project.Item.standard.pan))", valueName: "pan"),
            transform: quantity(Pan.init(parsing:)))
    var clipPan: Pan?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pan of the voice-over. (default: \(Project.Item.standard.pan))", valueName: "pan"), transform: quantity(Pan.init(parsing:)))
    var voiceoverPan: Pan?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pan of the music. (default: \(Project.Item.standard.pan))", valueName: "pan"), transform: quantity(Pan.init(parsing:)))
    var musicPan: Pan?

    @Option(parsing: .unconditional, help: ArgumentHelp("Timeline length when there is no video (default: the end of the last item).", valueName: "time"), transform: parseTime)
    var duration: MediaTime?

    @Option(parsing: .unconditional, help: ArgumentHelp("Session sample rate in Hz, 8000 to 384000. (default: \(Project.standard.output.sampleRate))", valueName: "hz"),
            transform: quantity(SampleRate.init(parsing:)))
    var sampleRate: SampleRate?

    func validate() throws {
        if let bad = voiceovers.first(where: { $0.time == nil }) {
            throw ValidationError("--voiceover \(bad.path): needs a time, as in \(bad.path)@12.5")
        }
    }

    /// Whether a flag puts media on the timeline (`--video`, `--voiceover`, `--music`).
    var placesMedia: Bool { !videos.isEmpty || !voiceovers.isEmpty || !music.isEmpty }

    /// Whether a flag was given that would change a project with an item of each kind
    /// (a volume, a pan, `--loop-music`, a fade, a duck setting...), these or
    /// the groups beside them.
    func changesProject(shaping: ShapingOptions, picture: VideoOptions) -> Bool {
        var sample = Project()
        sample.clips = [Project.Clip(path: "")]
        sample.voiceovers = [Project.Voiceover(path: "", start: .zero)]
        sample.music = [Project.Music(path: "")]
        return applied(to: sample, shaping: shaping, picture: picture) != sample
    }

    /// The project file at `path` (if any) with these flags and the groups
    /// beside them applied on top.
    func project(loading path: String?, shaping: ShapingOptions, picture: VideoOptions) throws -> Project {
        var project = Project()
        if let path {
            project = try Project.load(contentsOf: path)
        }
        return applied(to: project, shaping: shaping, picture: picture)
    }

    /// `project` with these flags and the groups beside them applied: a list flag replaces that list.
    func applied(to project: Project, shaping: ShapingOptions, picture: VideoOptions) -> Project {
        var project = project
        if !videos.isEmpty { project.clips = videos.map { Project.Clip(path: $0) } }
        if !voiceovers.isEmpty {
            project.voiceovers = voiceovers.map { Project.Voiceover(path: $0.path, start: $0.time ?? .zero) }
        }
        if !music.isEmpty {
            project.music = music.map {
                var item = Project.Music(path: $0.path)
                item.start = $0.time ?? .zero
                return item
            }
        }
        if loopMusic { project.music.indices.forEach { project.music[$0].loop = true } }
        if let clipVolume { project.clipVolume = clipVolume }
        if let voiceoverVolume { project.voiceoverVolume = voiceoverVolume }
        if let musicVolume { project.musicVolume = musicVolume }
        if let clipPan { project.clips.indices.forEach { project.clips[$0].pan = clipPan } }
        if let voiceoverPan { project.voiceovers.indices.forEach { project.voiceovers[$0].pan = voiceoverPan } }
        if let musicPan { project.music.indices.forEach { project.music[$0].pan = musicPan } }
        if let duration { project.output.duration = duration }
        if let sampleRate { project.output.sampleRate = sampleRate }
        shaping.apply(to: &project)
        picture.apply(to: &project)
        return project
    }
}
