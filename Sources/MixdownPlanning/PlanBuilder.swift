import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

/// An item as placed on a track: where it plays and what belongs to it alone.
struct PlacedItem {
    /// Which part of the mix it belongs to, and its index in that list of the project.
    var part: Project.Ducking.Part
    var index: Int
    var path: String
    var track: Int
    /// Where it plays on the timeline.
    var range: MediaTimeRange
    /// The source range of its audio, which plays from `range.start`; nil when it has none.
    var audio: MediaTimeRange?
    var volume: Double
    var fade: Fade
    var automation: [VolumeRamp] = []
    var pan = Pan.center
    /// A voice-over take's own duck settings.
    var ducks = true
    var duckDepth: DuckDepth?

    /// The item as a project file names it: `clips[2]`.
    var name: String { "\(part.rawValue)[\(index)]" }
}

/// Turns a `Project` into a `MixPlan`, one role at a time.
struct PlanBuilder {
    let project: Project
    let purpose: PlanPurpose
    var composition = Composition()
    var placed: [PlacedItem] = []
    var warnings: [String] = []
    var detectedSpeech: [DetectedSpeech] = []
    var loudnessDucks: [LoudnessDuck] = []
    var media = MediaCatalog()

    var video: VideoStitchPlan?
    /// The composed picture's layout, when the clips are not only stitched.
    var videoTimeline: VideoTimeline?
    /// What an export copies and re-encodes of the composed picture.
    var smartRender: SmartRenderPlan?
    /// The end of the stitched video, once the clips are placed.
    var videoEnd: MediaTime?

    init(project: Project, purpose: PlanPurpose) {
        self.project = project
        self.purpose = purpose
    }

    mutating func build() throws(PlanningError) -> MixPlan {
        try placeClips()
        try placeVoiceovers()
        let duration = try timelineDuration(videoEnd: videoEnd)
        try placeMusic(until: duration)

        var envelopes = try itemEnvelopes()
        for (part, duck) in try duckLayers(envelopes: envelopes, duration: duration) {
            for track in Set(placed.filter { $0.part == part }.map(\.track)) {
                envelopes[track] = envelopes[track].map { GainEnvelope(layers: $0.layers + [duck]) }
            }
        }
        warnings += lateItems(end: duration)
        return MixPlan(composition: composition, envelopes: envelopes, pans: pans(), detectedSpeech: detectedSpeech,
                       loudnessDucks: loudnessDucks, duration: duration, sampleRate: project.output.sampleRate.hertz, video: video,
                       videoTimeline: videoTimeline, smartRender: smartRender, warnings: warnings)
    }

    // MARK: Clips

    /// Clips in sequence with a cursor. Their own audio alternates between two
    /// tracks (AVFoundation's A/B layout) so a cut can crossfade: see `cutFades`.
    mutating func placeClips() throws(PlanningError) {
        guard !project.clips.isEmpty else { return }
        var clips: [ClipPlacement] = []
        for (index, (clip, segment)) in zip(project.clips, try videoSegments()).enumerated() {
            let audio = try media.hasAudio(clip.path) ? try media.audioAsset(clip.path) : nil
            var placement = ClipPlacement(clip: clip, source: segment.source,
                                          timelineStart: try onSampleGrid(segment.timelineStart), audio: audio)
            placement.transitionIn = videoTimeline?.transitions.first { $0.index == index }?.timeRange.duration
            placement.transitionOut = videoTimeline?.transitions.first { $0.index == index + 1 }?.timeRange.duration
            placement.transitionCurve = project.video.transitionCurve
            clips.append(placement)
        }
        applyPictureFades(to: &clips)
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
            placed.append(PlacedItem(
                part: .clips, index: i, path: clip.clip.path, track: track, range: plan.timeline, audio: plan.source,
                volume: project.clipVolume.factor * clip.clip.volume.factor, fade: plan.fade,
                automation: clip.clip.automation, pan: clip.clip.pan))
        }
    }

    /// Where each clip's video plays: from the stitch plan (packet timestamps, keyframe
    /// rules), for a preview as for an export, so both place the clips' audio alike.
    /// A preview scans the packets without analysing the video's format (which
    /// only the export's compatibility check needs).
    mutating func videoSegments() throws(PlanningError) -> [(source: MediaTimeRange, timelineStart: MediaTime)] {
        let requests = project.clips.map { VideoClipRequest(path: $0.path, inPoint: $0.inPoint, outPoint: $0.outPoint) }
        var infos: [String: VideoClipInfo] = [:]
        for clip in project.clips where infos[clip.path] == nil {
            infos[clip.path] = try media.videoClipInfo(clip.path, analysingFormat: purpose != .preview)
        }
        let clipInfos = project.clips.compactMap { infos[$0.path] }
        // A composed picture conforms clips that stream copy would refuse together. A
        // preview does not analyse formats: conforming alone never moves a clip in time.
        let composes = composesVideo(clipInfos)
        let stitch: VideoStitchPlan
        do {
            stitch = try VideoStitchPlan(clips: requests, infos: infos, snapToKeyframes: project.snapToKeyframes,
                                         checkCompatibility: purpose == .export && !composes)
        } catch { throw .stitch(error) }
        video = stitch
        warnings += stitch.snaps.map(\.description)
        if composes {
            let timeline = try composeVideo(stitch, infos: clipInfos)
            videoTimeline = timeline
            if purpose != .preview {
                do { smartRender = try SmartRenderPlan(timeline: timeline, infos: clipInfos, fullRender: project.video.fullRender) } catch {
                    throw .stitch(error)
                }
                warnings += smartRender?.notes.map { "smart render: \($0)" } ?? []
            }
            videoEnd = timeline.duration
            return timeline.placements.map { (source: $0.sourceRange, timelineStart: $0.timeRange.start) }
        }
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
