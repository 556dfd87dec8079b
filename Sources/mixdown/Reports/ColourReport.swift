import Foundation
import MixdownComposition
import MixdownPlan
import MixdownUnits

/// The colour of each clip and of the output, as `inspect` shows it: what
/// each clip is (dynamic range, depth, FFmpeg's names, HDR metadata) and what
/// the export writes: the composition's colour (`--dynamic-range`) when
/// composed, the clips' own when their packets are copied.
struct ColourReport: Encodable {
    struct Clip: Encodable {
        var path: String
        var colour: VideoColourDescription
    }

    /// Each clip file once, in timeline order.
    var clips: [Clip]
    /// The output's colour.
    var output: VideoColourDescription
    /// `drawn` (a composed picture, encoded in `output`) or `copied` (the clips' packets).
    var outputIs: String

    /// The report of `video`; nil without a picture.
    init?(_ video: VideoPlan) {
        let infos: [VideoClipInfo]
        switch video {
        case .none:
            return nil
        case let .stitched(stitch):
            infos = stitch.segments.compactMap { stitch.clipInfos[$0.path] }
            output = stitch.format.colour
            outputIs = "copied"
        case let .composed(composed):
            infos = composed.clips
            output = composed.timeline.videoComposition.outputColour
            outputIs = "drawn"
        }
        var seen: Set<String> = []
        clips = infos.filter { seen.insert($0.path).inserted }.map { Clip(path: $0.path, colour: $0.format.colour) }
    }

    var lines: [String] {
        var lines = ["colour"]
        for clip in clips {
            lines.append("  \(MessageText.shown((clip.path as NSString).lastPathComponent)): \(clip.colour.summaryText)")
            if let metadata = clip.colour.hdrMetadataText { lines.append("    mastering: \(metadata)") }
        }
        lines.append("  output (\(outputIs)): \(output.summaryText)")
        return lines
    }
}
