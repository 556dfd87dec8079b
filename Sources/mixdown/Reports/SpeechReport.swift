import Foundation
import MixdownPlan
import MixdownTime

/// The speech found in one item, as `inspect` and `automation` print it.
struct SpeechReport: Encodable {
    /// The item as a project file names it: `clips[0]`.
    var item: String
    var path: String
    /// Speech regions in timeline seconds, `[start, end]`.
    var regions: [[Double]]

    init(item: MixItem, regions: [MediaTimeRange]) {
        self.item = item.name
        path = item.path
        self.regions = regions.map { [$0.start.seconds, $0.end.seconds] }
    }

    /// The speech of every item on `track` that was listened to.
    static func on(_ track: MixTrack) -> [SpeechReport] {
        track.items.compactMap { item in item.speech.map { SpeechReport(item: item, regions: $0) } }
    }

    /// `  speech in clips[0] (interview.mp4): 1.470 – 5.610 s, 8.530 – 10.670 s`
    var text: String {
        let spans = regions.isEmpty ? "none found" : regions.map { String(format: "%.3f – %.3f s", $0[0], $0[1]) }.joined(separator: ", ")
        return "  speech in \(item) (\((path as NSString).lastPathComponent)): \(spans)"
    }
}
