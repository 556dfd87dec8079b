import Foundation
import MixdownComposition
import MixdownUnits

/// A soft caption track in `inspect`: its file, language and cues, written as
/// a subtitle track that re-encodes nothing.
struct CaptionTrackReport: Encodable {
    struct Cue: Encodable {
        var start: Double
        var end: Double
        var text: String
    }

    var path: String
    var language: String
    var cues: [Cue]

    init(_ track: CaptionTrack) {
        path = track.path
        language = track.language
        cues = track.cues.map { Cue(start: $0.timeRange.start.seconds, end: $0.timeRange.end.seconds, text: $0.text) }
    }

    /// `captions eng (talk.srt): 12 cues, a soft track (copies stay copies)` and one line per cue.
    var lines: [String] {
        let name = MessageText.shown((path as NSString).lastPathComponent)
        var lines = ["captions \(language) (\(name)): \(cues.count) cue\(cues.count == 1 ? "" : "s"), a soft subtitle track (re-encodes nothing)"]
        lines += cues.map { cue in
            String(format: "  %9.3f – %9.3f s  ", cue.start, cue.end) + MessageText.shown(cue.text.oneLine)
        }
        return lines
    }
}
