import MixdownAudioMix
import MixdownComposition
import MixdownProject
import MixdownTime

/// A clip on the timeline and how its own audio meets its neighbours' at the cuts.
///
/// Across a transition the clips already overlap on the timeline: each one's
/// audio fades over the whole transition along the transition curve (equal
/// power by default), replacing the cut fade there. At each cut, with h = cutFade / 2: when the outgoing clip has audio for h after
/// its out-point and the incoming one for h before its in-point, both are extended
/// by h and crossfade over [cut − h, cut + h) (linear, so equal material sums to
/// unity). Otherwise each fades over h on its own side of the cut, a short dip
/// rather than a click.
struct ClipPlacement {
    var clip: Project.Clip
    /// The part of the clip's video that plays, in its own time.
    let source: MediaTimeRange
    let timelineStart: MediaTime
    /// The clip's audio, when it has any.
    let audio: Asset?
    /// The lengths of the transitions into and out of the clip (nil at a cut).
    var transitionIn: MediaTime?
    var transitionOut: MediaTime?
    /// The shape of the audio crossfade across a transition.
    var transitionCurve = RampCurve.equalPower

    func canExtendEnd(by h: MediaTime) -> Bool {
        guard let audio, let end = try? source.end + h else { return false }
        return end <= audio.duration
    }

    func canExtendStart(by h: MediaTime) -> Bool {
        audio != nil && source.start >= h
    }

    /// The source range of audio to place, where it goes, and its fades.
    func audioPlan(before: ClipPlacement?, after: ClipPlacement?, half h: MediaTime) throws(PlanningError) -> (source: MediaTimeRange?, timeline: MediaTimeRange, fade: Fade) {
        do {
            var start = source.start, end = source.end, timelineStart = self.timelineStart
            var fadeIn = clip.fade.fadeIn, fadeOut = clip.fade.fadeOut
            var curve = clip.fade.curve
            let full = try h + h
            if let transitionIn {
                fadeIn = max(fadeIn, transitionIn)
                curve = transitionCurve
            } else if h > .zero, let before {
                if before.canExtendEnd(by: h) && canExtendStart(by: h) {
                    start = try start - h
                    timelineStart = try timelineStart - h
                    fadeIn = max(fadeIn, full)
                } else {
                    fadeIn = max(fadeIn, h)
                }
            }
            if let transitionOut {
                fadeOut = max(fadeOut, transitionOut)
                curve = transitionCurve
            } else if h > .zero, let after {
                if canExtendEnd(by: h) && after.canExtendStart(by: h) {
                    end = try end + h
                    fadeOut = max(fadeOut, full)
                } else {
                    fadeOut = max(fadeOut, h)
                }
            }
            let timeline = try MediaTimeRange(start: timelineStart, duration: try end - start)
            var audible: MediaTimeRange?
            if let audio, start < audio.duration {
                audible = try MediaTimeRange(start: start, end: min(end, audio.duration))
            }
            return (audible, timeline, Fade(fadeIn: fadeIn, fadeOut: fadeOut, curve: curve))
        } catch {
            throw .time(error)
        }
    }
}
