import ArgumentParser
import MixdownMediaIO
import MixdownProject
import MixdownTime

/// The inputs every rendering command shares: what goes on the timeline and at what level.
struct TimelineOptions: ParsableArguments {
    @Option(name: .customLong("video"), help: ArgumentHelp("A video clip; clips are stitched in order and their own audio is mixed.", valueName: "path"))
    var videos: [String] = []

    @Option(name: .customLong("voiceover"), help: ArgumentHelp("A voice-over take placed at a timeline time, e.g. vo.wav@12.5 or vo.wav@1:02.25.", valueName: "path@time"), transform: Placement.parse)
    var voiceovers: [Placement] = []

    @Option(name: .customLong("music"), help: ArgumentHelp("A music bed, at 0 unless @time is given; plays to its end or the timeline's end.", valueName: "path[@time]"), transform: Placement.parse)
    var music: [Placement] = []

    @Flag(help: "Repeat each music bed until the timeline ends.")
    var loopMusic = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the clips' own audio: a factor (0.5) or decibels (-6dB).", valueName: "gain"), transform: Gain.parse)
    var clipVolume: Gain = Gain(1)

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the voice-over.", valueName: "gain"), transform: Gain.parse)
    var voiceoverVolume: Gain = Gain(1)

    @Option(parsing: .unconditional, help: ArgumentHelp("Gain of the music.", valueName: "gain"), transform: Gain.parse)
    var musicVolume: Gain = Gain(1)

    @Option(help: ArgumentHelp("Timeline length when there is no video (default: the end of the last item).", valueName: "time"), transform: parseTime)
    var duration: MediaTime?

    @Option(help: ArgumentHelp("Session sample rate in Hz.", valueName: "hz"))
    var sampleRate: Int32 = 48_000

    @OptionGroup(title: "Fades and ducking") var shaping: ShapingOptions

    func validate() throws {
        guard (8_000...384_000).contains(sampleRate) else {
            throw ValidationError("--sample-rate \(sampleRate): must be between 8000 and 384000 Hz")
        }
        guard !videos.isEmpty || !voiceovers.isEmpty || !music.isEmpty else {
            throw ValidationError("nothing to mix: give at least one --video, --voiceover or --music")
        }
        if let bad = voiceovers.first(where: { $0.time == nil }) {
            throw ValidationError("--voiceover \(bad.path): needs a time, as in \(bad.path)@12.5")
        }
    }

    /// The project these flags describe.
    var project: Project {
        var project = Project()
        project.clips = videos.map { Project.Clip(path: $0) }
        project.voiceovers = voiceovers.map { Project.Voiceover(path: $0.path, start: $0.time ?? .zero) }
        project.music = music.map {
            var item = Project.Music(path: $0.path)
            item.start = $0.time ?? .zero
            item.loop = loopMusic
            return item
        }
        project.clipVolume = clipVolume.factor
        project.voiceoverVolume = voiceoverVolume.factor
        project.musicVolume = musicVolume.factor
        project.output.duration = duration
        project.output.sampleRate = sampleRate
        shaping.apply(to: &project)
        return project
    }
}
