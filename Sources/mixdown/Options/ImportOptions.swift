import ArgumentParser
import MixdownInterchange

/// How an OpenTimelineIO timeline given as the project is read: which audio
/// track is what, and where its media is on this machine.
struct ImportOptions: ParsableArguments {
    @Option(name: .customLong("audio-track"),
            help: ArgumentHelp("What an audio track of an .otio timeline holds: N=voiceover, N=music or N=clips (the clips' own audio), N counted from 1 (A1). "
                + "(default: the track under the clips of the same files is their audio, the one with the most items shorter than 30 s the voice-over, the rest music)",
                valueName: "N=role"),
            transform: quantity(AudioTrackRole.init(parsing:)))
    var audioTracks: [AudioTrackRole] = []

    @Option(help: ArgumentHelp("A folder where each media file an .otio timeline names but this machine lacks is looked for: by its path relative to the timeline, then by its name.",
                               valueName: "dir"))
    var mediaRoot: String?

    @Option(name: .customLong("relink"),
            help: ArgumentHelp("Replace the path prefix OLD by NEW in an .otio timeline's media paths (repeatable).", valueName: "OLD=NEW"),
            transform: quantity(OTIOImportOptions.Relink.init(parsing:)))
    var relinks: [OTIOImportOptions.Relink] = []

    @Flag(help: "Import an .otio timeline's clips whose media is missing as silence (and the background), instead of refusing it.")
    var allowMissing = false

    /// The options for the importer.
    var options: OTIOImportOptions {
        var options = OTIOImportOptions()
        for given in audioTracks { options.audioRoles[given.track] = given.role }
        options.mediaRoot = mediaRoot
        options.relinks = relinks
        options.allowMissing = allowMissing
        return options
    }
}
