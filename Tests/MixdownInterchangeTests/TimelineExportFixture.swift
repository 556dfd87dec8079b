import Foundation
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import XCTest

/// A small project made by ffmpeg at test time: three 2 s clips at 25 fps with a
/// 0.5 s dissolve into the second, two voice-over takes, and a looping music bed
/// ducked under them, with fades and an S-curve ramp; its project file, plan, and
/// the oracle script that reads exports with OpenTimelineIO.
final class TimelineExportFixture {
    let folder: TemporaryFolder
    let project: Project
    let plan: MixPlan

    /// One fixture for every test: the media take a second or two to make.
    nonisolated(unsafe) static var shared: TimelineExportFixture?

    static func make() throws -> TimelineExportFixture {
        if let shared { return shared }
        let fixture = try TimelineExportFixture()
        shared = fixture
        // The shared folder outlives every test: removed when the test process exits.
        atexit { TimelineExportFixture.shared = nil }
        return fixture
    }

    private init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("media"), withIntermediateDirectories: true)
        for (i, frequency) in [440, 550, 660].enumerated() {
            _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y",
                                        "-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=2",
                                        "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=48000:duration=2",
                                        "-c:v", "libx264", "-preset", "ultrafast", "-g", "5", "-pix_fmt", "yuv420p",
                                        "-c:a", "pcm_s16le", folder.file("media/clip \(i).mov")])
        }
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "sine=frequency=300:sample_rate=48000:duration=1",
                                    folder.file("media/vo.wav")])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "sine=frequency=200:sample_rate=48000:duration=2",
                                    folder.file("media/bed.wav")])
        let json = """
            {
              "version": 1,
              "clips": [
                { "path": "media/clip 0.mov" },
                { "path": "media/clip 1.mov", "in": 0.2, "transition": { "type": "dissolve", "duration": 0.5 }, "volume": 0.8 },
                { "path": "media/clip 2.mov", "out": 1.6 }
              ],
              "voiceovers": [
                { "path": "media/vo.wav", "start": 0.8, "fadeIn": 0.1 },
                { "path": "media/vo.wav", "start": 3.1, "in": 0.25, "volume": "-3dB" }
              ],
              "music": [
                { "path": "media/bed.wav", "loop": true, "fadeIn": 0.4, "fadeOut": 1, "volume": 0.7,
                  "automation": [{ "start": 2.2, "end": 2.9, "from": 1, "to": 0.5, "curve": "s-curve" }] }
              ],
              "cutFade": 0,
              "ducking": { "depth": -12, "fadeDown": 0.3, "fadeUp": 0.4 }
            }
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder.file("project.json")))
        project = try Project.load(contentsOf: folder.file("project.json"))
        plan = try project.plan(for: .preview)
        try Data(Self.oracle.utf8).write(to: URL(fileURLWithPath: folder.file("oracle.py")))
    }

    /// Runs the oracle on `path` read by `adapter` (nil: OTIO JSON), returning its JSON report.
    func read(_ path: String, adapter: String? = nil) throws -> [[String: Any]] {
        let output = try Tool.run("python3", [folder.file("oracle.py"), path] + (adapter.map { [$0] } ?? []))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
    }

    /// What OpenTimelineIO computes of every item: each track's items with their
    /// ranges in the parent (handles included, from `handles_of_child`) in 48 kHz
    /// samples, transitions' offsets, media URLs and metadata.
    static let oracle = #"""
        import json, sys, urllib.parse
        import opentimelineio as otio
        path = sys.argv[1]
        if len(sys.argv) > 2:
            timeline = otio.adapters.read_from_file(path, adapter_name=sys.argv[2])
        else:
            timeline = otio.adapters.read_from_file(path)
        def samples(t):
            return t.rescaled_to(48000).value
        def plain(value):
            if hasattr(value, "items"):
                return {k: plain(v) for k, v in value.items()}
            if isinstance(value, (str, bytes)) or value is None:
                return value
            if hasattr(value, "__iter__"):
                return [plain(v) for v in value]
            return value
        tracks = []
        for track in timeline.tracks:
            items = []
            for child in track:
                if isinstance(child, otio.schema.Transition):
                    items.append({"type": "transition", "in": samples(child.in_offset), "out": samples(child.out_offset),
                                  "kind": child.transition_type, "metadata": plain(child.metadata.get("mixdown"))})
                elif isinstance(child, otio.schema.Clip):
                    r = child.range_in_parent()
                    head, tail = track.handles_of_child(child)
                    ref = child.media_reference
                    items.append({"type": "clip", "start": samples(r.start_time), "duration": samples(r.duration),
                                  "head": samples(head) if head else 0, "tail": samples(tail) if tail else 0,
                                  "trimmedStart": samples(child.trimmed_range_in_parent().start_time),
                                  "sourceStart": samples(child.source_range.start_time),
                                  "path": urllib.parse.unquote(urllib.parse.urlparse(ref.target_url).path),
                                  "available": samples(ref.available_range.duration) if ref.available_range else None,
                                  "metadata": plain(child.metadata.get("mixdown"))})
                elif isinstance(child, otio.schema.Gap):
                    r = child.range_in_parent()
                    items.append({"type": "gap", "start": samples(r.start_time), "duration": samples(r.duration)})
            tracks.append({"kind": track.kind, "name": track.name, "items": items,
                           "timeline": plain(timeline.metadata.get("mixdown"))})
        print(json.dumps(tracks))
        """#
}
