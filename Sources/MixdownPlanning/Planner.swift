import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

/// Turns a `Project` into a `MixPlan` in stages, each a function of what the
/// stages before it returned: the caption files, the picture, the clips' audio on it, the takes,
/// the timeline's length, the music, each track's gain, the ducks, the dialogue's phrases.
///
/// The only state it keeps is the media catalogue, which opens and probes each
/// file once for every stage.
struct Planner {
    let project: Project
    let purpose: PlanPurpose
    var media = MediaCatalog()
    /// Dialogue items' phrases heard while listening for the duck, by item name:
    /// what ``listenToDialogue(_:)`` takes rather than decode them again.
    var heardPhrases: [String: [MediaTimeRange]] = [:]
    /// Where the speech detector's findings are kept between plans; nil for nowhere.
    let cache: ConformCache?
    /// Threads the speech detector may listen on at once, and clips' video be scanned on.
    let threads: Int

    init(project: Project, purpose: PlanPurpose, cache: ConformCache? = nil, threads: Int = 1) {
        self.project = project
        self.purpose = purpose
        self.cache = cache
        self.threads = threads
    }

    mutating func plan() throws(PlanningError) -> MixPlan {
        let captions = try readCaptions()
        let picture = try planPicture(burning: captions.burned)
        // Tracks are numbered in the order they are laid out, the picture's first.
        var nextID = picture.trackCount + 1
        var tracks = try placeClipAudio(on: picture, nextID: &nextID)
        if let takes = try placeVoiceovers(nextID: &nextID) { tracks.append(takes) }
        let duration = try timelineDuration(videoEnd: picture.end, tracks: tracks)
        let music = try placeMusic(until: duration, nextID: &nextID)
        if let beds = music.track { tracks.append(beds) }
        let gains = try gainLayers(of: tracks)
        let ducks = try duck(gains.tracks)
        let dialogue = try listenToDialogue(ducks.tracks)
        let soft = try softCaptionTracks(captions.tracks, until: duration)
        return MixPlan(audioTracks: dialogue.map(\.track), video: picture.video, duration: duration,
                       sampleRate: project.output.sampleRate,
                       warnings: captions.warnings + picture.warnings + music.warnings + gains.warnings + ducks.warnings
                           + lateItems(tracks, end: duration) + soft.warnings + media.warnings,
                       captionTracks: soft.tracks)
    }
}
