import Foundation
import MixdownProject
import MixdownProjectFile

/// Mixdown's own settings in an OTIO file's `mixdown` metadata, as
/// `mixdown export-timeline` writes them (docs/interchange.md): the project's
/// settings on the timeline, each item's settings on its clip. Read back, they
/// make a round trip lossless; the clips' places always come from the tracks.
struct MixdownNamespace {
    let reader: OTIOReader

    /// The version of the namespace this Mixdown reads and writes.
    static let version = 1

    var folder: String { (reader.file as NSString).deletingLastPathComponent }

    /// The project's settings from `metadata.mixdown.project`, without items;
    /// a default project when the timeline has none.
    func settings(of timeline: OTIOTimeline) throws(InterchangeError) -> Project {
        guard let namespace = timeline.metadata["mixdown"]?.object else { return Project() }
        let path = "metadata.mixdown"
        if let version = namespace["version"], version != .integer(Int64(Self.version)) {
            throw reader.fail(path + ".version", "found \(version.shown), expected \(Self.version) (written by a newer Mixdown?)")
        }
        guard case var .object(settings)? = namespace["project"] else { return Project() }
        for key in ["clips", "voiceovers", "music"] { settings[key] = nil }
        // The reader wants something to mix; this stand-in is dropped again.
        settings["music"] = .array([.object(["path": .string("-")])])
        var project = try decode(.object(settings), at: path + ".project")
        project.music = []
        return project
    }

    /// The part (`clips`, `voiceovers`, `music`) and settings of the Mixdown item a clip stands for, if it says.
    static func item(of clip: OTIOClip) -> (part: String, item: OTIOJSON)? {
        guard let namespace = clip.info.metadata["mixdown"]?.object, let part = namespace["part"]?.string,
              let item = namespace["item"], item.object != nil else { return nil }
        return (part, item)
    }

    /// The Mixdown clip a piece of the video track carries, if it carries one.
    func clip(of piece: PlacedPiece?) throws(InterchangeError) -> Project.Clip? {
        guard case let .clip(clip, _)? = piece?.content, let (part, item) = Self.item(of: clip), part == "clips",
              case var .object(fields) = item else { return nil }
        // The transition into it is the track's (read alone, the clip would be a first one, which has none).
        fields["transition"] = nil
        return try decode(.object(["clips": .array([.object(fields)])]), at: clip.info.path + ".metadata.mixdown.item").clips.first
    }

    /// The voice-over take a clip of an audio track carries, if it carries one.
    func voiceover(of clip: OTIOClip) throws(InterchangeError) -> Project.Voiceover? {
        guard let (part, item) = Self.item(of: clip), part == "voiceovers" else { return nil }
        return try decode(.object(["voiceovers": .array([item])]), at: clip.info.path + ".metadata.mixdown.item").voiceovers.first
    }

    /// The music bed a clip of an audio track carries, if it carries one.
    func music(of clip: OTIOClip) throws(InterchangeError) -> Project.Music? {
        guard let (part, item) = Self.item(of: clip), part == "music" else { return nil }
        return try decode(.object(["music": .array([item])]), at: clip.info.path + ".metadata.mixdown.item").music.first
    }

    /// A project document read as a project file is, its problems named at `path` in the timeline.
    private func decode(_ document: OTIOJSON, at path: String) throws(InterchangeError) -> Project {
        guard case var .object(fields) = document else { throw reader.fail(path, "expected an object") }
        fields["version"] = .integer(1)
        do {
            return try Project(json: Data(ExportJSON(OTIOJSON.object(fields)).rendered().utf8), baseDirectory: folder)
        } catch {
            throw reader.fail(path, error.issues.map { "\($0)" }.joined(separator: "; "))
        }
    }
}
