import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// The keyframes of a camera's open-GOP transport stream, found as FFmpeg finds them.
final class CameraClipScanTests: XCTestCase {
    /// Every packet FFmpeg flags as a keyframe (its parser's recovery points; no
    /// IDR here) is a place the clip can start, and the clip's first frame is the
    /// first one FFmpeg's decoder shows: its first keyframe, not the leading
    /// pictures decoded after it that need the frames before the file.
    func testKeyframesAreFFmpegsAndTheFirstFrameIsTheOneFFmpegShows() throws {
        let folder = try TemporaryFolder()
        let clip = try CameraClip.make(in: folder)
        let info = try VideoClipInfo(path: clip)
        XCTAssertFalse(info.packets.contains(where: \.isIDR), "a camera's file split mid-recording: no IDR")
        XCTAssertFalse(try Tool.decodeErrors(clip).isEmpty, "its first leading pictures miss their references")
        let format = try XCTUnwrap(try Tool.ffprobeJSON(clip)["format"] as? [String: Any])
        let origin = try XCTUnwrap(Double(try XCTUnwrap(format["start_time"] as? String)))
        let keyframes = try Tool.probe(clip, ["-select_streams", "v:0", "-show_entries", "packet=pts_time,flags"])["packets"] as? [[String: Any]]
        let flagged = try XCTUnwrap(keyframes).filter { ($0["flags"] as? String)?.hasPrefix("K") == true }
            .compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }.map { $0 - origin }
        XCTAssertGreaterThanOrEqual(flagged.count, 2)
        XCTAssertEqual(info.keyframeTimes.count, flagged.count)
        for (ours, theirs) in zip(info.keyframeTimes, flagged) { XCTAssertEqual(ours.seconds, theirs, accuracy: 1e-6) }

        let frames = try Tool.probe(clip, ["-select_streams", "v:0", "-read_intervals", "%+#1", "-show_entries", "frame=pts_time"])
        let first = try XCTUnwrap(((frames["frames"] as? [[String: Any]])?.first?["pts_time"] as? String).flatMap(Double.init))
        let plan = try VideoStitchPlan(clips: [VideoClipRequest(path: clip)], infos: [clip: info])
        XCTAssertEqual(plan.segments[0].sourceRange.start.seconds, first - origin, accuracy: 1e-6)
    }
}
