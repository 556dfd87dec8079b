import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownTime

extension Project {
    /// Probes every file and builds the composition and gain envelopes the renderer runs.
    ///
    /// Clips are planned as the export will write them (keyframe rules, snaps, packet
    /// timestamps), so a preview and an export of the same project sound the same.
    public func plan(for purpose: PlanPurpose = .preview) throws(ProjectError) -> MixPlan {
        var builder = PlanBuilder(project: self, purpose: purpose)
        return try builder.build()
    }
}

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

    mutating func build() throws(ProjectError) -> MixPlan {
        let clipTracks = try placeClips()
        let voiceTrack = try placeVoiceovers()
        let duration = try timelineDuration(videoEnd: videoEnd)
        let musicTrack = try placeMusic(until: duration)

        var envelopes: [Int: GainEnvelope] = [:]
        for (track, placed) in items {
            envelopes[track] = try GainEnvelope(layers: [
                layer("volume", placed.map { .constant($0.volume, from: $0.range.start, to: $0.range.end) }),
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
                       sampleRate: project.output.sampleRate, video: video, warnings: warnings)
    }

    // MARK: Clips

    /// Clips in sequence with a cursor. Their own audio alternates between two
    /// tracks (AVFoundation's A/B layout) so a cut can crossfade: see `cutFades`.
    mutating func placeClips() throws(ProjectError) -> [Int] {
        guard !project.clips.isEmpty else { return [] }
        var clips: [ClipPlacement] = []
        for (clip, segment) in zip(project.clips, try videoSegments()) {
            // The clip's audio is cut or padded to its video, so an estimated length will do.
            let audio = try media.hasAudio(clip.path) ? try media.audioAsset(clip.path, exact: false) : nil
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
                range: plan.timeline, volume: project.clipVolume * clip.clip.volume, fade: plan.fade))
        }
        return tracks
    }

    /// Where each clip's video plays: from the stitch plan (packet timestamps, keyframe
    /// rules), or, for a preview of whole clips, from each video stream's duration in
    /// its header, which needs no scan of the video.
    mutating func videoSegments() throws(ProjectError) -> [(source: MediaTimeRange, timelineStart: MediaTime)] {
        var segments: [(source: MediaTimeRange, timelineStart: MediaTime)] = []
        if purpose == .preview, project.clips.allSatisfy({ $0.inPoint == nil && $0.outPoint == nil }) {
            var cursor = MediaTime.zero
            for clip in project.clips {
                let length = try media.videoDuration(clip.path)
                segments.append((try range(from: .zero, to: length, within: length, field: clip.path), cursor))
                cursor = try sum(cursor, length)
            }
        } else {
            let requests = project.clips.map { VideoClipRequest(path: $0.path, inPoint: $0.inPoint, outPoint: $0.outPoint) }
            let stitch: VideoStitchPlan
            do {
                stitch = try VideoStitchPlan(clips: requests, snapToKeyframes: project.snapToKeyframes,
                                             checkCompatibility: purpose == .export)
            } catch { throw .media(error) }
            video = stitch
            warnings += stitch.snaps.map(\.description)
            segments = stitch.segments.map { ($0.sourceRange, $0.timelineRange.start) }
        }
        // The composition's video track, as AVMutableCompositionTrack.insertTimeRange builds it.
        let track = composition.addTrack(mediaType: .video, role: .video)
        for (clip, segment) in zip(project.clips, segments) {
            let length = max(try media.videoDuration(clip.path), segment.source.end)
            let hasAudio = try media.hasAudio(clip.path)
            let asset: Asset
            do { asset = try Asset(path: clip.path, duration: length, hasAudio: hasAudio, hasVideo: true) } catch { throw .composition(error) }
            try insert(segment.source, of: asset, at: segment.timelineStart, track: track)
        }
        videoEnd = composition[trackID: track].end
        return segments
    }

    // MARK: Voice-over and music

    mutating func placeVoiceovers() throws(ProjectError) -> Int? {
        guard !project.voiceovers.isEmpty else { return nil }
        let track = composition.addTrack(mediaType: .audio, role: .voiceover)
        for item in project.voiceovers {
            let asset = try media.audioAsset(item.path)
            let start = try onSampleGrid(item.start)
            try insert(asset.timeRange, of: asset, at: start, track: track)
            items[track, default: []].append(PlacedItem(
                range: try shifted(asset.timeRange, to: start),
                volume: project.voiceoverVolume * item.volume,
                fade: Fade(fadeIn: item.fadeIn, fadeOut: item.fadeOut, curve: item.fadeCurve)))
        }
        return track
    }

    /// Each bed plays from its in-point to its out-point (or the file's end), again
    /// and again when it loops, and never past the timeline's end.
    mutating func placeMusic(until end: MediaTime) throws(ProjectError) -> Int? {
        guard !project.music.isEmpty else { return nil }
        let track = composition.addTrack(mediaType: .audio, role: .music)
        for (i, item) in project.music.enumerated() {
            let field = "music[\(i)]"
            var asset = try media.audioAsset(item.path, exact: false)
            // The exact length matters when the bed loops or ends inside the timeline.
            let naturalEnd = try sum(item.start, try difference(item.outPoint ?? asset.duration, item.inPoint ?? .zero))
            let margin = try sum(end, .milliseconds(100))
            if item.loop || naturalEnd < margin {
                asset = try media.audioAsset(item.path)
            }
            let source = try range(from: item.inPoint ?? .zero, to: item.outPoint ?? asset.duration, within: asset.duration, field: field)
            guard !source.isEmpty else { continue }
            let start = try onSampleGrid(item.start)
            var at = start
            repeat {
                let room = try difference(end, at)
                guard room > .zero else { break }
                let piece = try range(from: source.start, to: min(source.end, try sum(source.start, room)), within: asset.duration, field: field)
                try insert(piece, of: asset, at: at, track: track)
                at = try sum(at, piece.duration)
            } while item.loop
            guard at > start else {
                warnings.append("\(field): \(item.path) starts at \(item.start.clock), after the timeline's end \(end.clock); it is not heard")
                continue
            }
            if at < end && !item.loop {
                warnings.append("\(field): \(item.path) ends at \(at.clock), before the timeline's end \(end.clock); the rest is without music (loop it to fill)")
            }
            items[track, default: []].append(PlacedItem(
                range: try range(from: start, to: at, within: end, field: field),
                volume: project.musicVolume * item.volume,
                fade: Fade(fadeIn: item.fadeIn, fadeOut: item.fadeOut, curve: item.fadeCurve)))
        }
        return track
    }

    /// The stitched video's length; else `output.duration`; else the end of the last
    /// item, counting each music bed that does not loop to its own end.
    mutating func timelineDuration(videoEnd: MediaTime?) throws(ProjectError) -> MediaTime {
        if let videoEnd { return videoEnd }
        if let duration = project.output.duration { return duration }
        var end = composition.duration
        for item in project.music where !item.loop {
            let asset = try media.audioAsset(item.path)
            let length = try difference(item.outPoint ?? asset.duration, item.inPoint ?? .zero)
            end = max(end, try sum(item.start, length))
        }
        guard end > .zero else {
            throw .invalidValue(field: "duration", reason: "the timeline is empty: give video clips, items or a duration")
        }
        return end
    }

    // MARK: Ducking and automation

    /// The music's duck layer, from the voice-over placements or from its signal.
    mutating func duckLayer(voiceTrack: Int?) throws(ProjectError) -> GainLayer? {
        let ducking = project.ducking
        guard ducking.mode != .off, voiceTrack != nil else { return nil }
        var regions: [DuckRegion] = []
        for item in project.voiceovers {
            let take = try shifted(try media.audioAsset(item.path).timeRange, to: try onSampleGrid(item.start))
            let spoken = ducking.mode == .signal ? try speech(in: item, placedAt: take) : [take]
            regions += spoken.map { DuckRegion(range: $0, depthDB: item.duckDepthDB, ducks: item.ducks) }
        }
        let settings = DuckingSettings(depthDB: ducking.depthDB, fadeDown: ducking.fadeDown,
                                       fadeUp: ducking.fadeUp, maxPause: ducking.maxPause)
        return try mixError { () throws(AudioMixError) in try settings.duckLayer(for: regions) }
    }

    /// Speech regions of a take on the timeline, found by `SpeechActivityDetector`.
    mutating func speech(in item: Project.Voiceover, placedAt take: MediaTimeRange) throws(ProjectError) -> [MediaTimeRange] {
        let rate = project.output.sampleRate
        var detector = try mixError { () throws(AudioMixError) in
            try SpeechActivityDetector(sampleRate: rate, thresholdDB: project.ducking.thresholdDB,
                                       maxPause: project.ducking.maxPause)
        }
        do throws(MediaIOError) {
            try media.forEachMonoBlock(item.path, sampleRate: rate) { detector.process($0) }
        } catch { throw .media(error) }
        let found = detector.finish()
        var placed: [MediaTimeRange] = []
        for region in found {
            do { placed.append(try MediaTimeRange(start: try take.start + region.start, duration: region.duration)) } catch { throw .time(error) }
        }
        return placed
    }

    /// The music items' own volume ramps, as one automation layer.
    func automationLayer() throws(ProjectError) -> GainLayer? {
        let ramps = project.music.flatMap(\.automation)
        guard !ramps.isEmpty else { return nil }
        var parameters = AudioMixInputParameters(trackID: 0)
        for ramp in ramps.sorted(by: { $0.timeRange.start < $1.timeRange.start }) {
            do {
                try parameters.setVolumeRamp(from: ramp.startVolume, to: ramp.endVolume, timeRange: ramp.timeRange, curve: ramp.curve)
            } catch { throw .audioMix(error) }
        }
        return parameters.automationLayer
    }

    /// Voice-over that runs past the timeline's end, which the render cuts.
    func lateItems(end: MediaTime) -> [String] {
        project.voiceovers.enumerated().compactMap { i, item in
            guard let asset = media.known(item.path), let stop = try? item.start + asset.duration, stop > end else { return nil }
            return "voiceovers[\(i)]: \(item.path) runs to \(stop.clock), past the timeline's end \(end.clock); it is cut there"
        }
    }
}
