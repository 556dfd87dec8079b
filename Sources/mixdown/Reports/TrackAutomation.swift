import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownTime
import MixdownUnits

/// One track's envelope in printable form.
struct TrackAutomation: Encodable {
    struct Span: Encodable {
        var start: Double
        var end: Double
        var startGain: Double
        var endGain: Double
        var curve: String
    }

    var track: Int
    var role: String
    var layers: [String]
    var spans: [Span]
    /// Speech found in the track's items, where it drives a duck.
    var speech: [SpeechReport]
    /// Where a duck holds the track below unity, in timeline seconds, ramps included.
    var duckRegions: [[Double]]
    /// How each duck's depth was chosen, when ducking by loudness.
    var loudnessDucks: [LoudnessDuckReport]
    /// How each dialogue item was cleaned and levelled.
    var dialogue: [DialogueReport]
    /// The leveler's gain alone (the track's `dialogue` layer: each item's
    /// matching gain and ride), as spans; absent when the track is not levelled.
    var levellerSpans: [Span]?
    /// The gaps among the clips, [start, end] in timeline seconds: silence
    /// (on the first clip-audio track only).
    var gaps: [[Double]]?

    init(track: MixTrack, until timelineEnd: MediaTime, gaps: [MediaTimeRange] = []) {
        let envelope = track.envelope
        let end = timelineEnd.seconds
        self.track = track.id
        role = track.part.trackRole
        layers = envelope.layers.map(\.name)
        speech = SpeechReport.on(track)
        duckRegions = GainEnvelope.duckedStretches(in: [envelope], until: end).map { [$0.start, $0.end] }
        loudnessDucks = track.loudnessDucks.map(LoudnessDuckReport.init)
        dialogue = DialogueReport.on(track)
        levellerSpans = track.leveller.map { Self.spans(of: $0, until: end) }
        self.gaps = gaps.isEmpty ? nil : gaps.map { [$0.start.seconds, $0.end.seconds] }
        spans = Self.spans(of: envelope, until: end)
    }

    /// `envelope`'s spans up to `end` seconds.
    private static func spans(of envelope: GainEnvelope, until end: Double) -> [Span] {
        envelope.spans.compactMap { span in
            guard span.start.seconds < end else { return nil }
            return Span(start: span.start.seconds, end: min(span.end?.seconds ?? end, end),
                        startGain: span.startGain, endGain: span.endGain, curve: span.curveDescription)
        }
    }

    var text: String {
        var lines = ["track \(track) (\(role)): " + (layers.isEmpty ? "unity" : layers.joined(separator: " × "))]
        lines += speech.map(\.text)
        lines += loudnessDucks.map(\.text)
        lines += dialogue.map(\.text)
        for s in spans {
            let gains = s.curve == "constant"
                ? String(format: "%.4f (%@)", s.startGain, decibels(s.startGain))
                : String(format: "%.4f → %.4f (%@ → %@)", s.startGain, s.endGain, decibels(s.startGain), decibels(s.endGain))
            lines.append(String(format: "  %9.3f – %9.3f s  ", s.start, s.end) + gains + "  " + s.curve)
        }
        for gap in gaps ?? [] {
            lines.append(String(format: "  gap %.3f – %.3f s (%.3f s): no clip, silence", gap[0], gap[1], gap[1] - gap[0]))
        }
        return lines.joined(separator: "\n")
    }

    private func decibels(_ gain: Double) -> String {
        gain > 0 ? String(format: "%+.1f dB", Gain.decibels(ofFactor: gain)) : "-inf dB"
    }
}
