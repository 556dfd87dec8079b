import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownProject
import MixdownTime
internal import MixdownUnits

extension Planner {
    /// The clips' own audio on exactly their pictures, alternating between two
    /// tracks (AVFoundation's A/B layout) so that a cut can crossfade
    /// (`ClipPlacement`); none without clips. A gap places nothing: silence.
    mutating func placeClipAudio(on picture: PlannedPicture, nextID: inout Int) throws(PlanningError) -> [PlacedTrack] {
        guard !project.clips.isEmpty else { return [] }
        var clips: [ClipPlacement] = []
        var spans = picture.clips[...]
        for (index, clip) in project.clips.enumerated() {
            // A gap is silence: no audio to place, and its neighbours fade on their own side of it.
            guard !clip.isGap, let span = spans.first, span.clipIndex == index else {
                clips.append(ClipPlacement(clip: clip, source: MediaTimeRange(emptyAt: .zero), timelineStart: .zero, audio: nil))
                continue
            }
            spans.removeFirst()
            let audio = try media.hasAudio(clip.path) ? try media.audioAsset(clip.path) : nil
            var placement = ClipPlacement(clip: clip, source: span.source, timelineStart: try onSampleGrid(span.timelineStart), audio: audio)
            placement.transitionIn = span.transitionIn
            placement.transitionOut = span.transitionOut
            placement.transitionCurve = project.video.transitionCurve
            clips.append(placement)
        }
        applyPictureFades(to: &clips)
        var tracks = [PlacedTrack(id: nextID, part: .clips), PlacedTrack(id: nextID + 1, part: .clips)]
        nextID += 2
        let half = try halve(project.cutFade)
        for i in clips.indices {
            let before = i > 0 ? clips[i - 1] : nil
            let after = i + 1 < clips.count ? clips[i + 1] : nil
            let clip = clips[i]
            if clip.clip.isGap { continue }
            let plan = try clip.audioPlan(before: before, after: after, half: half)
            if let audio = clip.audio, let source = plan.source, !source.isEmpty {
                try tracks[i % 2].insert(source, of: audio, at: plan.timeline.start)
            }
            tracks[i % 2].items.append(PlacedItem(
                part: .clips, index: i, path: clip.clip.path, range: plan.timeline, audio: plan.source,
                volume: project.clipVolume.factor * clip.clip.volume.factor, fade: plan.fade,
                automation: clip.clip.automation, pan: clip.clip.pan))
        }
        return tracks
    }
}
