import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownInterchange
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import MixdownTime
import XCTest

/// `TimelineExport` as OTIO, read back by OpenTimelineIO's own library (the
/// oracle): every clip where the plan plays it, to the sample at 48 kHz.
final class OTIOExportTests: XCTestCase {
    func samples(_ time: MediaTime) -> Double { Double(time.value) * 48_000 / Double(time.timescale) }

    func exported() throws -> (fixture: TimelineExportFixture, tracks: [[String: Any]]) {
        let fixture = try TimelineExportFixture.make()
        let path = fixture.folder.file("timeline.otio")
        let data = try TimelineExport(project: fixture.project, plan: fixture.plan).data(.otio, folder: fixture.folder.path, name: "test")
        try data.write(to: URL(fileURLWithPath: path))
        return (fixture, try fixture.read(path))
    }

    func items(_ track: [String: Any], _ type: String) -> [[String: Any]] {
        (track["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == type }
    }

    func testClipsAndTransitionsWhereThePictureHasThem() throws {
        let (fixture, tracks) = try exported()
        XCTAssertEqual(tracks.map { $0["kind"] as? String }, ["Video", "Audio", "Audio", "Audio"])
        guard case let .composed(composed) = fixture.plan.video else { return XCTFail("a dissolve composes the picture") }
        let clips = items(tracks[0], "clip")
        XCTAssertEqual(clips.count, composed.timeline.placements.count)
        for (clip, place) in zip(clips, composed.timeline.placements) {
            let start = try XCTUnwrap(clip["start"] as? Double) - (clip["head"] as? Double ?? 0)
            let end = try XCTUnwrap(clip["start"] as? Double) + (clip["duration"] as? Double ?? 0) + (clip["tail"] as? Double ?? 0)
            XCTAssertEqual(start, samples(place.timeRange.start), accuracy: 1e-6)
            XCTAssertEqual(end, samples(place.timeRange.end), accuracy: 1e-6)
            XCTAssertEqual(try XCTUnwrap(clip["sourceStart"] as? Double) - (clip["head"] as? Double ?? 0), samples(place.sourceRange.start), accuracy: 1e-6)
            XCTAssertEqual(clip["path"] as? String, composed.clips[place.index].path)
            XCTAssertEqual(try XCTUnwrap(clip["available"] as? Double), samples(composed.clips[place.index].duration), accuracy: 1e-6)
            let metadata = try XCTUnwrap(clip["metadata"] as? [String: Any])
            XCTAssertEqual(metadata["part"] as? String, "clips")
            XCTAssertEqual(metadata["index"] as? Int, place.index)
            XCTAssertEqual((metadata["item"] as? [String: Any])?["path"] as? String, "media/clip \(place.index).mov")
            XCTAssertNotNil(metadata["envelope"] as? [Any], "the picture carries its audio's gain")
        }
        // The dissolve: cut in the middle of the 0.5 s overlap.
        let transitions = items(tracks[0], "transition")
        XCTAssertEqual(transitions.count, 1)
        let placed = try XCTUnwrap(composed.timeline.transitions.first)
        XCTAssertEqual(transitions.first?["in"] as? Double ?? 0, samples(placed.timeRange.duration) / 2, accuracy: 1e-6)
        XCTAssertEqual(transitions.first?["out"] as? Double ?? 0, samples(placed.timeRange.duration) / 2, accuracy: 1e-6)
        XCTAssertEqual(transitions.first?["kind"] as? String, "SMPTE_Dissolve")
    }

    func testSoundSampleExactWhereThePlanPlaysIt() throws {
        let (fixture, tracks) = try exported()
        // A1: each clip's audio where the plan places it (cutFade 0: no cut extensions).
        let clipItems = fixture.plan.audioTracks(of: .clips).flatMap(\.items).sorted { $0.timeRange.start < $1.timeRange.start }
        let a1 = items(tracks[1], "clip")
        XCTAssertEqual(a1.count, clipItems.count)
        for (clip, item) in zip(a1, clipItems) {
            let start = try XCTUnwrap(clip["start"] as? Double) - (clip["head"] as? Double ?? 0)
            XCTAssertEqual(start, samples(item.timeRange.start), accuracy: 1e-6)
            XCTAssertEqual(start, start.rounded(), "on the sample grid")
            let end = try XCTUnwrap(clip["start"] as? Double) + (clip["duration"] as? Double ?? 0) + (clip["tail"] as? Double ?? 0)
            XCTAssertEqual(end, samples(item.timeRange.end), accuracy: 1)
        }
        XCTAssertEqual(items(tracks[1], "transition").count, 1, "the clips' audio crossfades across the dissolve")
        // The takes and the bed's repeats: each segment of the plan exactly.
        for (track, part) in [(tracks[2], MixPart.voiceovers), (tracks[3], .music)] {
            let segments = fixture.plan.audioTracks(of: part).flatMap(\.segments)
            let clips = items(track, "clip")
            XCTAssertEqual(clips.count, segments.count)
            for (k, (clip, segment)) in zip(clips, segments).enumerated() {
                XCTAssertEqual(clip["start"] as? Double ?? -1, samples(segment.timelineRange.start), accuracy: 1e-6)
                XCTAssertEqual(clip["duration"] as? Double ?? -1, samples(segment.timelineRange.duration), accuracy: 1e-6)
                XCTAssertEqual(clip["sourceStart"] as? Double ?? -1, samples(segment.sourceRange.start), accuracy: 1e-6)
                XCTAssertEqual(clip["path"] as? String, segment.asset.path)
                let metadata = try XCTUnwrap(clip["metadata"] as? [String: Any])
                XCTAssertEqual(metadata["part"] as? String, part.rawValue)
                if part == .music { XCTAssertEqual(metadata["repeat"] as? Int, k) }
                if part == .voiceovers { XCTAssertEqual(metadata["index"] as? Int, k) }
            }
        }
        XCTAssertEqual(items(tracks[3], "clip").count, 3, "a 2 s bed looping over 5.5 s plays three times")
    }

    func testMetadataHoldsTheProjectAndEachItemsEnvelope() throws {
        let (fixture, tracks) = try exported()
        let timeline = try XCTUnwrap(tracks[0]["timeline"] as? [String: Any])
        XCTAssertEqual(timeline["version"] as? Int, 1)
        let project = try XCTUnwrap(timeline["project"] as? [String: Any])
        XCTAssertNil(project["clips"])
        XCTAssertNil(project["music"])
        XCTAssertEqual(project["cutFade"] as? Double, 0)
        XCTAssertEqual((project["ducking"] as? [String: Any])?["fadeUp"] as? Double, 0.4)
        // The bed's envelope: its breakpoints, read as a line in dB, are the plan's gain within 0.1 dB.
        let music = try XCTUnwrap(fixture.plan.audioTracks(of: .music).first)
        for clip in items(tracks[3], "clip") {
            let metadata = try XCTUnwrap(clip["metadata"] as? [String: Any])
            XCTAssertEqual((metadata["item"] as? [String: Any])?["loop"] as? Bool, true)
            let points = try XCTUnwrap(metadata["envelope"] as? [[Any]]).compactMap { point -> (Double, Double)? in
                guard let t = point[0] as? Double, let db = point[1] as? Double else { return nil }
                return (t, db)
            }
            XCTAssertGreaterThan(points.count, 3)
            for (a, b) in zip(points, points.dropFirst()) where b.0 - a.0 > 0.01 {
                let t = (a.0 + b.0) / 2
                let expected = 20 * log10(music.envelope.gain(at: t))
                guard expected > -60 else { continue }
                XCTAssertEqual(a.1 + (b.1 - a.1) * (t - a.0) / (b.0 - a.0), expected, accuracy: 0.1, "at \(t) s")
            }
        }
    }

    /// At 30000/1001 a dissolve of 15 frames cuts half a frame in: OTIO's arithmetic
    /// on the written times still lands every clip where the plan has it.
    func testNTSCRateAndHalfFramesStayExact() throws {
        let fixture = try TimelineExportFixture.make()
        let folder = try TemporaryFolder()
        for i in 0..<2 {
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y",
                                        "-f", "lavfi", "-i", "testsrc=size=64x48:rate=30000/1001:duration=1.2",
                                        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1.2",
                                        "-c:v", "libx264", "-preset", "ultrafast", "-g", "6", "-pix_fmt", "yuv420p",
                                        "-c:a", "pcm_s16le", folder.file("ntsc\(i).mov")])
        }
        let json = #"{"version": 1, "clips": [{"path": "ntsc0.mov"}, {"path": "ntsc1.mov", "transition": {"type": "push-left", "duration": "0.5005"}}],"#
            + #" "cutFade": 0, "output": {"sampleRate": 44100}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder.file("ntsc.json")))
        let project = try Project.load(contentsOf: folder.file("ntsc.json"))
        let plan = try project.plan(for: .preview)
        try TimelineExport(project: project, plan: plan).data(.otio, folder: folder.path, name: "ntsc")
            .write(to: URL(fileURLWithPath: folder.file("ntsc.otio")))
        let tracks = try fixture.read(folder.file("ntsc.otio"))
        let text = try String(contentsOfFile: folder.file("ntsc.otio"), encoding: .utf8)
        XCTAssertTrue(text.contains("\"rate\": 29.97002997002997"), "frames at 30000/1001")
        XCTAssertTrue(text.contains("\"rate\": 59.94005994005994"), "half frames at twice the rate")
        guard case let .composed(composed) = plan.video else { return XCTFail("a push composes the picture") }
        let placed = try XCTUnwrap(composed.timeline.transitions.first)
        let frames = Double(placed.timeRange.duration.value) * 30_000 / 1001 / Double(placed.timeRange.duration.timescale)
        XCTAssertEqual(frames.rounded(), frames, accuracy: 1e-9)
        XCTAssertNotEqual(Int(frames.rounded()) % 2, 0, "an odd frame count, so the cut is half a frame in")
        for (clip, place) in zip(items(tracks[0], "clip"), composed.timeline.placements) {
            let start = try XCTUnwrap(clip["start"] as? Double) - (clip["head"] as? Double ?? 0)
            let end = try XCTUnwrap(clip["start"] as? Double) + (clip["duration"] as? Double ?? 0) + (clip["tail"] as? Double ?? 0)
            XCTAssertEqual(start, samples(place.timeRange.start), accuracy: 1e-6)
            XCTAssertEqual(end, samples(place.timeRange.end), accuracy: 1e-6)
        }
        let transition = try XCTUnwrap(items(tracks[0], "transition").first)
        XCTAssertEqual(transition["kind"] as? String, "Custom_Transition")
        XCTAssertEqual((transition["metadata"] as? [String: Any])?["kind"] as? String, "push-left")
        XCTAssertEqual((transition["in"] as? Double ?? 0) + (transition["out"] as? Double ?? 0), samples(placed.timeRange.duration), accuracy: 1e-6)
        XCTAssertEqual(items(tracks[1], "transition").first?["kind"] as? String, "SMPTE_Dissolve", "sound crossfades under a push")
        // The clips' audio at 44.1 kHz: each clip starts on the sample grid where the plan starts it.
        let items = plan.audioTracks(of: .clips).flatMap(\.items).sorted { $0.timeRange.start < $1.timeRange.start }
        for (clip, item) in zip(self.items(tracks[1], "clip"), items) {
            let start = try XCTUnwrap(clip["start"] as? Double) - (clip["head"] as? Double ?? 0)
            XCTAssertEqual(start, samples(item.timeRange.start), accuracy: 1e-6)
            XCTAssertEqual(start * 44_100 / 48_000, (start * 44_100 / 48_000).rounded(), accuracy: 1e-6, "on the 44.1 kHz grid")
        }
    }
}
