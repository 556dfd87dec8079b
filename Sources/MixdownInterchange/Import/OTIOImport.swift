import Foundation
import MixdownComposition
import MixdownProject
import MixdownTime
import MixdownUnits

/// Reads an OpenTimelineIO timeline into a `Project`: the video
/// tracks flattened into the clips (gaps kept as the background, transitions
/// across their cuts), the audio tracks into the clips' own audio, voice-overs
/// and music (``OTIOImportOptions/AudioRole``), volumes an editor set into item
/// gains and automation.
///
/// Every item lands at the exact time OpenTimelineIO computes for it
/// (`trimmed_range_in_parent`); what cannot come through as it was is said in
/// ``ImportedTimeline/notes`` or refused (``InterchangeError``), never dropped
/// silently. docs/interchange.md has the rules.
public struct OTIOImport {
    let reader: OTIOReader
    let options: OTIOImportOptions
    let resolver: MediaResolver
    var notes: [String] = []
    var placements: [ImportedTimeline.Placement] = []
    /// Every enabled clip of the video tracks, to name those flattening hides.
    private var videoClips: [OTIOItemInfo] = []

    init(file: String, options: OTIOImportOptions) {
        reader = OTIOReader(file: file)
        self.options = options
        resolver = MediaResolver(timelineFolder: (file as NSString).deletingLastPathComponent, options: options)
    }

    /// Reads the timeline in `path` (an `.otio` file) into a project.
    ///
    /// - Throws: ``InterchangeError``: `unreadable` or `missingMedia` (exit
    ///   code 66), `invalid` or `refused` (65); nothing is written either way.
    public static func read(contentsOf path: String, options: OTIOImportOptions = OTIOImportOptions()) throws(InterchangeError) -> ImportedTimeline {
        let timeline = try OTIOReader.read(contentsOf: path)
        var importer = OTIOImport(file: path, options: options)
        return try importer.project(of: timeline)
    }

    /// Whether `path` names an OTIO timeline (by its extension), for commands
    /// that take a project file or a timeline alike.
    public static func isTimeline(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".otio")
    }

    var file: String { reader.file }

    mutating func project(of timeline: OTIOTimeline) throws(InterchangeError) -> ImportedTimeline {
        let placement = OTIOPlacement(reader: reader)
        try placement.checkTimeEffects(in: .stack(timeline.tracks), at: .zero)
        let length = try placement.duration(of: .stack(timeline.tracks))
        var project = try MixdownNamespace(reader: reader).settings(of: timeline)
        noteTrackKinds(timeline.tracks)

        noteUnplayed(in: timeline.tracks)
        let video = try placement.flatten(timeline.tracks, at: .zero, kind: .video, layer: 0)
        let shown = Set(video.pieces.compactMap { $0.clip?.info.path })
        for hidden in videoClips where !shown.contains(hidden.path) {
            notes.append("\(hidden.named("clip")): hidden under the clips of the tracks above it, so not played")
        }
        let rate = Self.commonRate(of: video.pieces)
        var entries = try videoEntries(video, until: length)
        try applyTransitions(video.transitions, to: &entries, frameDuration: rate.map(\.frameDuration))
        project.clips = try clips(from: entries)
        if project.video.frameRate == nil, !project.clips.isEmpty, let rate {
            project.video.frameRate = try? FrameRate(Int32(clamping: rate.numerator), Int32(clamping: rate.denominator))
        }
        let audio = try placement.tracks(of: timeline.tracks, at: .zero, kind: .audio)
        try mapAudio(audio, video: entries, into: &project)
        if project.clips.isEmpty, project.output.duration == nil, length > .zero { project.output.duration = length }
        return ImportedTimeline(project: project, placements: placements, notes: notes)
    }

    /// Says which top tracks are not read: tracks of a kind neither video nor
    /// audio, and video tracks above the first (flattened into it).
    private mutating func noteTrackKinds(_ stack: OTIOStack) {
        var videoTracks = 0
        for child in stack.children {
            guard case let .track(track) = child else { continue }
            switch track.kind {
            case .video: videoTracks += 1
            case .audio: continue
            case let .other(kind): notes.append("\(track.info.named("track")): a track of kind \"\(kind)\", not video or audio: not imported")
            }
        }
        if videoTracks > 1 {
            notes.append("\(videoTracks) video tracks flattened into one, as OTIO's flatten_stack does: where they overlap, the upper track's clip plays")
        }
    }

    /// Says which tracks, and which clips of the video tracks, are disabled
    /// (they play nothing, so what is under them or the background shows), and
    /// how many markers the timeline holds (Mixdown has no use for them).
    private mutating func noteUnplayed(in stack: OTIOStack) {
        var markers = stack.info.markerCount
        func walk(_ item: OTIOComposable, video: Bool) {
            switch item {
            case let .clip(clip):
                markers += clip.info.markerCount
                if video && clip.info.enabled { videoClips.append(clip.info) }
            case let .gap(gap): markers += gap.info.markerCount
            case let .track(track): markers += track.info.markerCount
            case let .stack(stack): markers += stack.info.markerCount
            case .transition: break
            }
            switch item {
            case let .clip(clip) where video && !clip.info.enabled:
                notes.append("\(clip.info.named("clip")): disabled in the timeline, so not played")
            case let .track(track):
                guard track.info.enabled else {
                    notes.append("\(track.info.named("track")): disabled in the timeline, so not played")
                    return
                }
                track.children.forEach { walk($0, video: video || track.kind == .video) }
            case let .stack(stack): stack.children.forEach { walk($0, video: video) }
            default: break
            }
        }
        stack.children.forEach { walk($0, video: false) }
        if markers > 0 { notes.append("\(markers) marker\(markers == 1 ? "" : "s"): kept by the editor, not used by Mixdown") }
    }

    /// The rate most video clips count in: the timeline's frame rate.
    static func commonRate(of pieces: [PlacedPiece]) -> OTIORate? {
        var counts: [OTIORate: Int] = [:]
        for piece in pieces { if let rate = piece.clip?.rate { counts[rate, default: 0] += 1 } }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.double > $1.key.double) }?.key
    }
}

extension OTIORate {
    /// One frame at this rate.
    var frameDuration: MediaTime {
        (try? MediaTime(value: denominator, timescale: Int32(clamping: numerator))) ?? .milliseconds(40)
    }
}
