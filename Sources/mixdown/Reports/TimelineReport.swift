import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownRender
import MixdownTime
import MixdownUnits

/// What `mixdown inspect` prints: every track's segments, the cuts, gains and warnings.
struct TimelineReport: Encodable {
    struct Segment: Encodable {
        /// The file; absent for a gap.
        var path: String?
        /// A gap's length in seconds; absent for a clip.
        var gap: Double?
        var sourceStart: Double
        var sourceEnd: Double
        var timelineStart: Double
        var timelineEnd: Double

        init(path: String, source: MediaTimeRange, timeline: MediaTimeRange) {
            self.path = path
            sourceStart = source.start.seconds
            sourceEnd = source.end.seconds
            timelineStart = timeline.start.seconds
            timelineEnd = timeline.end.seconds
        }

        /// A gap: the background over `timeline`, its source its own length.
        init(gap timeline: MediaTimeRange) {
            gap = timeline.duration.seconds
            sourceStart = 0
            sourceEnd = timeline.duration.seconds
            timelineStart = timeline.start.seconds
            timelineEnd = timeline.end.seconds
        }
    }

    struct Track: Encodable {
        var id: Int
        var role: String
        var layers: [String]
        var segments: [Segment]
        /// Speech found in the track's items, where it drives a duck.
        var speech: [SpeechReport]
        /// Spans where a duck layer holds the track below unity, in timeline seconds.
        var duckRegions: [[Double]]
        /// How each duck's depth was chosen, when ducking by loudness.
        var loudnessDucks: [LoudnessDuckReport]
        /// How each dialogue item was cleaned and levelled.
        var dialogue: [DialogueReport]
    }

    var duration: Double
    /// The session rate in Hz, as the JSON report writes it.
    var sampleRate: Int32
    /// The clips' pictures on the timeline, in order (with transitions, on two
    /// tracks that overlap by each transition).
    var video: [Segment]
    /// The composed picture, when the clips have transitions, fades, ramps or are conformed.
    var videoComposition: VideoCompositionReport?
    /// Each clip's colour and the output's, when there is a picture.
    var colour: ColourReport?
    /// The soft caption tracks the export writes.
    var captions: [CaptionTrackReport]
    var tracks: [Track]
    /// Times where one clip's picture and sound give way to the next.
    var cuts: [Double]
    var warnings: [String]
    /// The mix's peak in dBFS and where, when the levels were scanned. For a mix
    /// of digital silence the peak is -inf dBFS, which JSON has no number for:
    /// `printJSON` writes it as null, `peakTime` is left out and `silent` is true.
    var peakDBFS: Double?
    var peakTime: Double?
    /// True when the levels were scanned and every sample of the mix is zero;
    /// absent otherwise.
    var silent: Bool?

    init(plan: MixPlan) {
        duration = plan.duration.seconds
        sampleRate = plan.sampleRate.hertz
        warnings = plan.warnings
        var transitionStarts: Set<Double> = []
        switch plan.video {
        case .none:
            video = []
        case let .stitched(stitch):
            video = stitch.segments.map { Segment(path: $0.path, source: $0.sourceRange, timeline: $0.timelineRange) }
        case let .composed(composed):
            video = (composed.timeline.placements.map {
                Segment(path: composed.clip(of: $0).path, source: $0.sourceRange, timeline: $0.timeRange)
            } + composed.timeline.gaps.map { Segment(gap: $0.timeRange) }).sorted { $0.timelineStart < $1.timelineStart }
            videoComposition = VideoCompositionReport(timeline: composed.timeline, smartRender: composed.smartRender)
            // A clip entered by a transition does not start at a cut.
            transitionStarts = Set(composed.timeline.transitions.map(\.timeRange.start.seconds))
        }
        colour = ColourReport(plan.video)
        captions = plan.captionTracks.map(CaptionTrackReport.init)
        tracks = plan.audioTracks.map { track in
            let envelope = track.envelope
            return Track(
                id: track.id, role: track.part.trackRole, layers: envelope.layers.map(\.name),
                segments: track.segments.map {
                    let original = plan.original(of: $0)
                    return Segment(path: original.path, source: original.sourceRange, timeline: $0.timelineRange)
                },
                speech: SpeechReport.on(track),
                duckRegions: GainEnvelope.duckedStretches(in: [envelope], until: plan.duration.seconds).map { [$0.start, $0.end] },
                loudnessDucks: track.loudnessDucks.map(LoudnessDuckReport.init), dialogue: DialogueReport.on(track))
        }
        cuts = video.map(\.timelineStart).filter { $0 > 0 && !transitionStarts.contains($0) }
    }

    /// Records the level scan, with a warning when the mix would clip.
    mutating func add(_ scan: LevelScan, sampleRate: SampleRate) {
        let time = Double(scan.peakSample) / Double(sampleRate.hertz)
        silent = scan.peak == 0 ? true : nil
        peakDBFS = Gain.decibels(ofFactor: Double(scan.peak))
        peakTime = scan.peak > 0 ? time : nil
        if scan.overFullScale > 0 {
            warnings.append(String(format: "clipping expected: the mix peaks at %+.1f dBFS at %.3f s, %d samples over full scale; "
                                   + "lower a volume (a WAV preview in --format f32 keeps them)", peakDBFS ?? 0, time, scan.overFullScale))
        }
    }

    private static func line(_ s: Segment) -> String {
        if let gap = s.gap, s.path == nil {
            return String(format: "  %9.3f – %9.3f s  gap %.3f s (background, silence)", s.timelineStart, s.timelineEnd, gap)
        }
        return String(format: "  %9.3f – %9.3f s  ← %@ %.3f – %.3f s", s.timelineStart, s.timelineEnd,
               MessageText.shown(((s.path ?? "") as NSString).lastPathComponent), s.sourceStart, s.sourceEnd)
    }

    var text: String {
        var lines = [String(format: "timeline %.3f s at %d Hz", duration, sampleRate)]
        if !video.isEmpty {
            lines.append("")
            lines.append("video")
            lines += video.map(Self.line)
        }
        if let videoComposition {
            lines.append("")
            lines += videoComposition.lines
        }
        if let colour {
            lines.append("")
            lines += colour.lines
        }
        for track in captions {
            lines.append("")
            lines += track.lines
        }
        for track in tracks {
            lines.append("")
            lines.append("track \(track.id) \(track.role)" + (track.layers.isEmpty ? "" : ": gain = " + track.layers.joined(separator: " × ")))
            lines += track.segments.map(Self.line)
            lines += track.speech.map(\.text)
            lines += track.dialogue.map(\.text)
            for r in track.duckRegions {
                lines.append(String(format: "  ducked %.3f – %.3f s", r[0], r[1]))
            }
            lines += track.loudnessDucks.map(\.text)
        }
        if !cuts.isEmpty {
            lines.append("")
            lines.append("cuts at " + cuts.map { String(format: "%.3f s", $0) }.joined(separator: ", "))
        }
        if silent == true {
            lines.append("")
            lines.append("peak: none, the mix is digital silence")
        } else if let peakDBFS, let peakTime {
            lines.append("")
            lines.append(String(format: "peak %.1f dBFS at %.3f s", peakDBFS, peakTime))
        }
        for warning in warnings {
            lines.append("warning: \(warning)")
        }
        return lines.joined(separator: "\n")
    }
}
