import Foundation
import MixdownAudioMix
import MixdownInterchange
import MixdownPlan
import MixdownTestSupport
import MixdownTime
import XCTest

/// `TimelineExport` as FCP 7 XML, read back by OTIO's `fcp_xml` adapter (the
/// oracle for the ranges) and by Python's XML parser (the Audio Levels keyframes).
final class FCP7XMLExportTests: XCTestCase {
    func exported() throws -> (fixture: TimelineExportFixture, path: String) {
        let fixture = try TimelineExportFixture.make()
        let export = try TimelineExport(project: fixture.project, plan: fixture.plan)
        let path = fixture.folder.file("timeline.xml")
        try export.data(.fcpxml7, folder: fixture.folder.path, name: "test").write(to: URL(fileURLWithPath: path))
        try export.data(.otio, folder: fixture.folder.path, name: "test").write(to: URL(fileURLWithPath: fixture.folder.file("reference.otio")))
        return (fixture, path)
    }

    func clips(_ track: [String: Any]) -> [[String: Any]] {
        (track["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "clip" }
    }

    func testSameRangesAsTheOTIOExportToTheFrame() throws {
        let (fixture, path) = try exported()
        let fcp = try fixture.read(path, adapter: "fcp_xml")
        let otio = try fixture.read(fixture.folder.file("reference.otio"))
        XCTAssertEqual(fcp.map { $0["kind"] as? String }, otio.map { $0["kind"] as? String })
        let frame = 48_000.0 / 25
        // Each clip's picture and audio linked both ways: 3 clips × 2 clipitems × 2 links.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "<linkclipref>").count - 1, 12)
        XCTAssertTrue(text.contains("<linkclipref>A1-3</linkclipref>"))
        for (a, b) in zip(fcp, otio) {
            XCTAssertEqual(clips(a).count, clips(b).count)
            for (x, y) in zip(clips(a), clips(b)) {
                XCTAssertEqual(x["path"] as? String, y["path"] as? String)
                XCTAssertEqual(x["start"] as? Double ?? -1, y["start"] as? Double ?? 0, accuracy: frame, "\(x["path"] ?? "")")
                XCTAssertEqual(x["duration"] as? Double ?? -1, y["duration"] as? Double ?? 0, accuracy: frame)
                XCTAssertEqual(x["sourceStart"] as? Double ?? -1, y["sourceStart"] as? Double ?? 0, accuracy: frame)
            }
            XCTAssertEqual((a["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "transition" }.count,
                           (b["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "transition" }.count)
        }
    }

    func testAudioLevelsFollowTheMixWithinATenthOfADecibel() throws {
        let (fixture, path) = try exported()
        try Data(Self.levels.utf8).write(to: URL(fileURLWithPath: fixture.folder.file("levels.py")))
        let output = try Tool.run("python3", [fixture.folder.file("levels.py"), path])
        let tracks = try XCTUnwrap(try JSONSerialization.jsonObject(with: output) as? [[[String: Any]]])
        XCTAssertEqual(tracks.count, 3, "the clips' audio, the takes, the music")
        let plan = fixture.plan
        var checked = 0
        for (t, clipItems) in tracks.enumerated() {
            for clip in clipItems {
                let name = try XCTUnwrap(clip["name"] as? String)
                let keyframes = try XCTUnwrap(clip["keyframes"] as? [[Double]])
                let (start, end) = (try XCTUnwrap(clip["start"] as? Double), try XCTUnwrap(clip["end"] as? Double))
                let envelope: GainEnvelope
                var skip: [ClosedRange<Double>] = []
                switch t {
                case 0:
                    let index = try XCTUnwrap(Int(name.dropFirst(5).prefix(1)))
                    let track = try XCTUnwrap(plan.audioTracks(of: .clips).first { $0.items.contains { $0.name == "clips[\(index)]" } })
                    envelope = track.envelope
                    // Across the dissolve the crossfade is the transition item's, not the keyframes'.
                    if case let .composed(composed) = plan.video {
                        skip += composed.timeline.transitions.map { ($0.timeRange.start.seconds - 0.04)...($0.timeRange.end.seconds + 0.04) }
                    }
                case 1: envelope = try XCTUnwrap(plan.audioTracks(of: .voiceovers).first).envelope
                default: envelope = try XCTUnwrap(plan.audioTracks(of: .music).first).envelope
                }
                // Away from the frame around each bend, where the editor's line cuts the corner.
                for layer in envelope.layers {
                    for segment in layer.segments {
                        for time in [segment.start.seconds] + (segment.end.map { [$0.seconds] } ?? []) { skip.append((time - 0.04)...(time + 0.04)) }
                    }
                }
                var time = start + 0.013
                while time < end - 0.04 {
                    defer { time += 0.05 }
                    let expected = envelope.gain(at: time)
                    guard !skip.contains(where: { $0.contains(time) }), expected > 0.001 else { continue }
                    let level = try XCTUnwrap(Self.interpolated(keyframes, at: time))
                    XCTAssertEqual(20 * log10(level), 20 * log10(expected), accuracy: 0.1, "\(name) at \(time) s")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 150)
    }

    /// The keyframes' straight line (in linear gain) at `time`.
    static func interpolated(_ keyframes: [[Double]], at time: Double) -> Double? {
        guard let first = keyframes.first, let last = keyframes.last else { return nil }
        if time <= first[0] { return first[1] }
        if time >= last[0] { return last[1] }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where time >= a[0] && time <= b[0] {
            return b[0] == a[0] ? b[1] : a[1] + (b[1] - a[1]) * (time - a[0]) / (b[0] - a[0])
        }
        return nil
    }

    /// Each audio track's clipitems with their timeline range in seconds and their
    /// Audio Levels keyframes at timeline seconds (`when` counts media frames, as `in` does).
    static let levels = #"""
        import json, sys
        import xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        sequence = root.find("sequence")
        timebase = int(sequence.find("rate/timebase").text)
        ntsc = sequence.find("rate/ntsc").text == "TRUE"
        fps = timebase * 1000 / 1001 if ntsc else timebase
        tracks = []
        for track in sequence.findall("media/audio/track"):
            clips = []
            transition = None
            items = list(track)
            for i, item in enumerate(items):
                if item.tag == "transitionitem":
                    transition = item
                    continue
                if item.tag != "clipitem":
                    continue
                start = int(item.find("start").text)
                end = int(item.find("end").text)
                full_start = start if start != -1 else int(transition.find("start").text)
                if start == -1:
                    start = (int(transition.find("start").text) + int(transition.find("end").text)) // 2
                if end == -1:
                    following = items[i + 1]
                    end = (int(following.find("start").text) + int(following.find("end").text)) // 2
                in_point = int(item.find("in").text)
                keyframes = []
                for parameter in item.findall("filter/effect/parameter"):
                    if parameter.find("parameterid").text != "level":
                        continue
                    for keyframe in parameter.findall("keyframe"):
                        when = float(keyframe.find("when").text)
                        keyframes.append([(full_start + when - in_point) / fps, float(keyframe.find("value").text)])
                    if not keyframes:
                        keyframes.append([0, float(parameter.find("value").text)])
                clips.append({"name": item.find("name").text, "start": start / fps, "end": end / fps, "keyframes": keyframes})
            tracks.append(clips)
        print(json.dumps(tracks))
        """#
}
