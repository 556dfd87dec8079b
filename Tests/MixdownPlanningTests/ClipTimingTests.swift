import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownTestSupport
import XCTest

/// A clip lasts, and its audio is placed, the same in a preview and in an
/// export (issue 12, F1): both from the scan of its video packets, the one the
/// export cuts by, never from the header's stream duration.
final class ClipTimingTests: XCTestCase {
    /// Corpus clips whose header duration or start disagrees with their packets.
    static let clips = [
        "ax-sample_sef_slow_motion.mp4", "ax-trim_optimization_failure.mp4", "ax-bt601.mov",
        "ax-increasing_timestamps_320x240_fragmented.mp4", "ax-bbb_960x540_vp9_vorbis51.webm",
        "madek-vp8_vorbis.webm", "ax-sample_fragmented.mp4", "ax-dolbyVision-hdr.MOV",
    ]

    func testPreviewPlacesClipsAsTheExportCutsThem() throws {
        for name in Self.clips {
            var project = Project()
            project.clips = [.init(path: try Fixture.realMedia(name)), .init(path: try Fixture.realMedia(name))]
            let preview = try project.plan(for: .preview)
            let layout = try project.plan(for: .layout)
            XCTAssertEqual(preview.duration, layout.duration, "\(name): timeline")
            XCTAssertEqual(segments(preview, .clips), segments(layout, .clips), "\(name): clip audio")
            XCTAssertEqual(picture(preview), picture(layout), "\(name): video track")
            // A clip whose edit list hides frames past its end cannot be followed by stream copy
            // (only the export's end can hide them): its last GOP is re-encoded, the picture composed.
            let hidesFrames = try VideoClipInfo(path: try Fixture.realMedia(name)).hidesFramesPastEnd
            XCTAssertEqual(hidesFrames, ["ax-sample_sef_slow_motion.mp4", "ax-dolbyVision-hdr.MOV"].contains(name), name)
            switch layout.video {
            case let .stitched(stitch):
                XCTAssertFalse(hidesFrames, name)
                let cut = try XCTUnwrap(stitch.segments.first, name)
                XCTAssertEqual(picture(preview).first?.source, cut.sourceRange, "\(name): the export's segment")
            case .composed:
                XCTAssertTrue(hidesFrames, "\(name): two copies of a clip are stitched")
            case .none:
                XCTFail("\(name): no picture")
            }
        }
    }

    /// The clip's length against ffprobe's: the video stream's duration where
    /// the container states it by an edit list over a sample table (a MOV whose
    /// edit holds the last frame 19 ms longer than its packet, a slow-motion MP4
    /// whose edit ends 33 ms before its last packet), else the packets' extent
    /// from the first frame shown to the end of the last (fragmented files).
    func testClipLengthIsWhatItsContainerPresents() throws {
        for (name, edited) in [("ax-sample_sef_slow_motion.mp4", true), ("ax-bt601.mov", true),
                               ("ax-increasing_timestamps_320x240_fragmented.mp4", false), ("ax-sample_fragmented.mp4", false)] {
            let path = try Fixture.realMedia(name)
            let video = try XCTUnwrap(try Tool.streams(path).first { $0["codec_type"] as? String == "video" })
            let timeBase = try XCTUnwrap((video["time_base"] as? String).map { $0.split(separator: "/").compactMap { Double($0) } })
            let packets = try Tool.packets(path, stream: "v:0")
            let starts = packets.compactMap { $0["pts"] as? Int }
            let ends = packets.compactMap { packet in (packet["pts"] as? Int).map { $0 + (packet["duration"] as? Int ?? 0) } }
            let extent = Double(try XCTUnwrap(ends.max()) - (try XCTUnwrap(starts.min()))) * timeBase[0] / timeBase[1]
            let stated = try XCTUnwrap(Double(video["duration"] as? String ?? ""), name)
            var project = Project()
            project.clips = [.init(path: path)]
            for purpose in [PlanPurpose.preview, .export] {
                let plan = try project.plan(for: purpose)
                XCTAssertEqual(plan.duration.seconds, edited ? stated : extent, accuracy: 1e-6, "\(name) \(purpose)")
            }
            if edited { XCTAssertGreaterThan(abs(stated - extent), 0.01, "\(name): the edit list matters") }
        }
    }

    private func segments(_ plan: MixPlan, _ part: MixPart) -> [Placed] {
        plan.audioTracks(of: part).flatMap(\.segments).map { Placed(source: $0.sourceRange, timeline: $0.timelineRange) }
    }

    /// Where the clips' pictures play.
    private func picture(_ plan: MixPlan) -> [Placed] {
        switch plan.video {
        case .none: []
        case let .stitched(stitch): stitch.segments.map { Placed(source: $0.sourceRange, timeline: $0.timelineRange) }
        case let .composed(composed): composed.timeline.placements.map { Placed(source: $0.sourceRange, timeline: $0.timeRange) }
        }
    }

    private struct Placed: Equatable {
        var source: MediaTimeRange
        var timeline: MediaTimeRange
    }
}
