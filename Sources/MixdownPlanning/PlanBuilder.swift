import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownTime

/// An item as placed on a track: where it plays and the gains that belong to it alone.
struct PlacedItem {
    var range: MediaTimeRange
    var volume: Double
    var fade: Fade
}

/// Turns a `Project` into a `MixPlan`, one role at a time.
struct PlanBuilder {
    let project: Project
    let purpose: PlanPurpose
    var composition = Composition()
    var items: [Int: [PlacedItem]] = [:]
    var warnings: [String] = []
    var media = MediaCatalog()

    var video: VideoStitchPlan?
    /// The end of the stitched video, once the clips are placed.
    var videoEnd: MediaTime?

    init(project: Project, purpose: PlanPurpose) {
        self.project = project
        self.purpose = purpose
    }

    mutating func build() throws(PlanningError) -> MixPlan {
        let clipTracks = try placeClips()
        let voiceTrack = try placeVoiceovers()
        let duration = try timelineDuration(videoEnd: videoEnd)
        let musicTrack = try placeMusic(until: duration)

        var envelopes: [Int: GainEnvelope] = [:]
        for (track, placed) in items {
            envelopes[track] = try GainEnvelope(layers: [
                layer(.volume, placed.map { .constant($0.volume, from: $0.range.start, to: $0.range.end) }),
                mixError { () throws(AudioMixError) in try Fade.layer(items: placed.map { ($0.range, $0.fade) }) },
            ])
        }
        if let duck = try duckLayer(voiceTrack: voiceTrack) {
            for track in (musicTrack.map { [$0] } ?? []) + (project.ducking.duckClips ? clipTracks : []) {
                envelopes[track] = envelopes[track].map { GainEnvelope(layers: $0.layers + [duck]) }
            }
        }
        if let musicTrack, let automation = try automationLayer() {
            envelopes[musicTrack] = envelopes[musicTrack].map { GainEnvelope(layers: $0.layers + [automation]) }
        }
        warnings += lateItems(end: duration)
        return MixPlan(composition: composition, envelopes: envelopes, duration: duration,
                       sampleRate: project.output.sampleRate.hertz, video: video, warnings: warnings)
    }

    // MARK: Clips

    /// Clips in sequence with a cursor. Their own audio alternates between two
    /// tracks (AVFoundation's A/B layout) so a cut can crossfade: see `cutFades`.
    mutating func placeClips() throws(PlanningError) -> [Int] {
        guard !project.clips.isEmpty else { return [] }
        var clips: [ClipPlacement] = []
        for (clip, segment) in zip(project.clips, try videoSegments()) {
            let audio = try media.hasAudio(clip.path) ? try media.audioAsset(clip.path) : nil
            clips.append(ClipPlacement(clip: clip, source: segment.source,
                                       timelineStart: try onSampleGrid(segment.timelineStart), audio: audio))
        }
        let tracks = [composition.addTrack(mediaType: .audio, role: .clipAudio),
                      composition.addTrack(mediaType: .audio, role: .clipAudio)]
        let half = try halve(project.cutFade)
        for i in clips.indices {
            let track = tracks[i % 2]
            let before = i > 0 ? clips[i - 1] : nil
            let after = i + 1 < clips.count ? clips[i + 1] : nil
            let clip = clips[i]
            let plan = try clip.audioPlan(before: before, after: after, half: half)
            if let audio = clip.audio, let source = plan.source, !source.isEmpty {
                try insert(source, of: audio, at: plan.timeline.start, track: track)
            }
            items[track, default: []].append(PlacedItem(
                range: plan.timeline, volume: project.clipVolume.factor * clip.clip.volume.factor, fade: plan.fade))
        }
        return tracks
    }

    /// Where each clip's video plays: from the stitch plan (packet timestamps, keyframe
    /// rules), for a preview as for an export, so both place the clips' audio alike.
    /// A preview scans the packets without analysing the video's format (which
    /// only the export's compatibility check needs).
    mutating func videoSegments() throws(PlanningError) -> [(source: MediaTimeRange, timelineStart: MediaTime)] {
        let requests = project.clips.map { VideoClipRequest(path: $0.path, inPoint: $0.inPoint, outPoint: $0.outPoint) }
        var infos: [String: VideoClipInfo] = [:]
        for clip in project.clips where infos[clip.path] == nil {
            infos[clip.path] = try media.videoClipInfo(clip.path, analysingFormat: purpose == .export)
        }
        let stitch: VideoStitchPlan
        do {
            stitch = try VideoStitchPlan(clips: requests, infos: infos, snapToKeyframes: project.snapToKeyframes,
                                         checkCompatibility: purpose == .export)
        } catch { throw .stitch(error) }
        video = stitch
        warnings += stitch.snaps.map(\.description)
        let segments = stitch.segments.map { (source: $0.sourceRange, timelineStart: $0.timelineRange.start) }
        // The composition's video track, as AVMutableCompositionTrack.insertTimeRange builds it.
        let track = composition.addTrack(mediaType: .video, role: .video)
        for (clip, segment) in zip(project.clips, segments) {
            let length = max(infos[clip.path]?.duration ?? .zero, segment.source.end)
            let hasAudio = try media.hasAudio(clip.path)
            let asset: Asset
            do { asset = try Asset(path: clip.path, duration: length, hasAudio: hasAudio, hasVideo: true) } catch { throw .composition(error) }
            try insert(segment.source, of: asset, at: segment.timelineStart, track: track)
        }
        videoEnd = composition.track(id: track)?.end
        return segments
    }
}
