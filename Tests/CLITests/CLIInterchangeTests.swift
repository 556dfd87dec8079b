import Foundation
import MixdownTestSupport
import XCTest

/// An editor's OTIO timeline used as a project: `mixdown import`, and the mix
/// of the timeline itself, every item heard where the editor put it.
final class CLIInterchangeTests: XCTestCase {
    /// Two 3 s clips with a tone each (440 and 660 Hz), a 0.5 s noise take, a 6 s 200 Hz bed.
    private func media(in folder: URL) throws {
        for (name, frequency) in [("a.mov", 440), ("b.mov", 660)] {
            _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=24:d=3", "-f", "lavfi",
                                        "-i", "sine=f=\(frequency):d=3:r=48000", "-c:v", "libx264", "-preset", "ultrafast", "-g", "1",
                                        "-c:a", "pcm_s16le", "-shortest", folder.appendingPathComponent(name).path])
        }
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "anoisesrc=d=0.5:r=48000:a=0.3:seed=7", folder.appendingPathComponent("vo.wav").path])
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=f=200:d=6:r=48000", folder.appendingPathComponent("bed.wav").path])
    }

    /// V1: a (0–2 s of it), a dissolve of 6 + 6 frames, b (0.5–2.5 s of it); A1 their audio; A2 the take at 1.5 s;
    /// A3 the bed from 0, at -6 dB as DaVinci Resolve writes a clip volume.
    private func timeline() -> String {
        let available = OTIOText.range(0, 72)
        let a = OTIOText.clip("A", source: OTIOText.range(0, 48), media: OTIOText.external("a.mov", available: available))
        let b = OTIOText.clip("B", source: OTIOText.range(12, 48), media: OTIOText.external("b.mov", available: available))
        let volume = #"""
        [{"OTIO_SCHEMA": "Effect.1", "name": "", "effect_name": "Resolve Effect", "metadata": {"Resolve_OTIO": {
          "Effect Name": "Fairlight Clip Volume and Fades", "Enabled": true, "Name": "Volume", "Type": 62,
          "Parameters": [{"Parameter ID": "volume", "Parameter Value": -6.0, "Key Frames": {}, "Variant Type": "Double"}]}}}]
        """#
        return OTIOText.timeline([
            OTIOText.track("Video", [a, OTIOText.dissolve(in: 6, out: 6), b], name: "V1"),
            OTIOText.track("Audio", [a, b], name: "A1"),
            OTIOText.track("Audio", [OTIOText.gap(36), OTIOText.clip("Take 1", source: OTIOText.range(0, 12), media: OTIOText.external("vo.wav"))]),
            OTIOText.track("Audio", [OTIOText.clip("Bed", source: OTIOText.range(0, 96), media: OTIOText.external("bed.wav"), effects: volume)]),
        ])
    }

    func testTimelineMixesEveryItemWhereTheEditorPutIt() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        try media(in: folder)
        let cut = folder.appendingPathComponent("cut.otio").path
        try Data(timeline().utf8).write(to: URL(fileURLWithPath: cut))
        let wav = folder.appendingPathComponent("mix.wav").path
        let result = try CLIRunner.run(["mix", cut, "--quiet", "-o", wav])
        XCTAssertEqual(result.status, 0, result.stderr)
        let mix = try Tool.decodedLeft(wav)
        XCTAssertEqual(mix.count, 4 * 48_000, "the timeline lasts its 96 frames at 24 fps")

        // The take, noise, where A2 puts it: the best lag against the take placed at 1.5 s is 0.
        let take = try Tool.decodedLeft(folder.appendingPathComponent("vo.wav").path)
        var placed = [Float](repeating: 0, count: mix.count)
        placed.replaceSubrange(72_000..<96_000, with: take.prefix(24_000))
        let best = Measure.bestLag(mix, placed, lags: -200...200, range: 72_500..<95_500)
        XCTAssertEqual(best.lag, 0, "the take starts at sample 72000 (correlation \(best.correlation))")
        XCTAssertGreaterThan(best.correlation, 0.5)

        // The bed at -6 dB, before any duck; its own level measured in its file.
        let bed = try Tool.decodedLeft(folder.appendingPathComponent("bed.wav").path)
        let window = 4_800..<(4_800 + 240 * 150)
        let ratio = Measure.tone(mix, frequency: 200, rate: 48_000, range: window).amplitude
            / Measure.tone(bed, frequency: 200, rate: 48_000, range: window).amplitude
        XCTAssertEqual(Measure.dB(ratio), -6, accuracy: 0.05, "the Resolve clip volume")

        // The clips' own audio: A's tone before the dissolve, B's after it, across 1.75–2.25 s.
        let before = 1_200..<(1_200 + 48 * 1_500), after = 110_400..<(110_400 + 48 * 1_500)
        XCTAssertGreaterThan(Measure.tone(mix, frequency: 440, rate: 48_000, range: before).amplitude, 0.05)
        XCTAssertLessThan(Measure.tone(mix, frequency: 660, rate: 48_000, range: before).amplitude, 0.001)
        XCTAssertGreaterThan(Measure.tone(mix, frequency: 660, rate: 48_000, range: after).amplitude, 0.05)
        XCTAssertLessThan(Measure.tone(mix, frequency: 440, rate: 48_000, range: after).amplitude, 0.001)
    }

    func testImportWritesTheProjectAndListsEveryItem() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        try media(in: folder)
        let cut = folder.appendingPathComponent("cut.otio").path
        try Data(timeline().utf8).write(to: URL(fileURLWithPath: cut))
        let project = folder.appendingPathComponent("project.json").path
        let result = try CLIRunner.run(["import", cut, "-o", project, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let placements = try XCTUnwrap(report["placements"] as? [[String: Any]])
        XCTAssertEqual(placements.map { "\($0["track"]!) \($0["role"]!) \($0["name"]!) \($0["startSeconds"]!)" },
                       ["V1 clip A 0", "V1 clip B 2", "A1 clip audio A 0", "A1 clip audio B 2", "A2 voiceover Take 1 1.5", "A3 music Bed 0"])
        // The project file renders as the timeline does.
        let fromProject = folder.appendingPathComponent("p.wav").path, fromTimeline = folder.appendingPathComponent("t.wav").path
        XCTAssertEqual(try CLIRunner.run(["mix", project, "--quiet", "-o", fromProject]).status, 0)
        XCTAssertEqual(try CLIRunner.run(["mix", cut, "--quiet", "-o", fromTimeline]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fromProject)), try Data(contentsOf: URL(fileURLWithPath: fromTimeline)))
    }

    func testBadTimelinesWriteNothing() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.otio").path
        try Data(#"{"OTIO_SCHEMA": "Timeline.7", "tracks": {}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let project = folder.appendingPathComponent("project.json").path
        let refused = try CLIRunner.run(["import", bad, "-o", project])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.stderr.contains("bad.otio: OTIO_SCHEMA: unknown schema version Timeline.7"), refused.stderr)
        let missing = folder.appendingPathComponent("missing.otio").path
        try Data(OTIOText.timeline([OTIOText.track("Audio", [OTIOText.clip("Take", source: OTIOText.range(0, 24), media: OTIOText.external("gone.wav"))])]).utf8)
            .write(to: URL(fileURLWithPath: missing))
        let lost = try CLIRunner.run(["import", missing, "-o", project])
        XCTAssertEqual(lost.status, 66)
        XCTAssertTrue(lost.stderr.contains("clip \"Take\""), lost.stderr)
        let track = try CLIRunner.run(["mix", missing, "--audio-track", "4=music", "-o", folder.appendingPathComponent("x.wav").path])
        XCTAssertEqual(track.status, 65)
        XCTAssertTrue(track.stderr.contains("--audio-track 4: the timeline has 1 audio track"), track.stderr)
        XCTAssertEqual(contents(of: folder), ["bad.otio", "missing.otio"])
    }

    /// Build in Mixdown, finish in an editor, come back: a project with clips, a
    /// dissolve, a gap dissolved into, voice-overs and ducked, faded, automated music renders the
    /// same WAV, byte for byte, after `export-timeline` and `import`, and as the timeline itself.
    func testRoundTripThroughOTIORendersBitIdentically() throws {
        let folder = try temporaryFolderURL()
        defer { try? FileManager.default.removeItem(at: folder) }
        try media(in: folder)
        let project = #"""
        {
          "version": 1,
          "clips": [
            { "path": "a.mov", "in": 0, "out": 2, "volume": 0.8 },
            { "path": "b.mov", "in": 0.5, "out": 2.5, "transition": { "type": "dissolve", "duration": 0.5 } },
            { "gap": 0.75, "transition": { "type": "dissolve", "duration": 0.5 } },
            { "path": "a.mov", "in": 1, "out": 2.2, "pan": -0.4 }
          ],
          "voiceovers": [
            { "path": "vo.wav", "start": 1.2, "pan": 0.3, "fadeIn": 0.05 },
            { "path": "vo.wav", "start": 2.7, "in": 0.1, "automation": [{ "start": 2.8, "end": 3.0, "from": 1, "to": 0.5 }] }
          ],
          "music": [
            { "path": "bed.wav", "loop": true, "fadeIn": 0.5, "fadeOut": 1, "volume": 0.7,
              "automation": [{ "start": 0.2, "end": 0.9, "from": 1, "to": 0.6, "curve": "s-curve" }] }
          ],
          "ducking": { "depth": -15 },
          "musicVolume": 0.9
        }
        """#
        func file(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try Data(project.utf8).write(to: URL(fileURLWithPath: file("project.json")))
        for arguments in [["export-timeline", file("project.json"), "-o", file("cut.otio")],
                          ["import", file("cut.otio"), "-o", file("back.json"), "--quiet"],
                          ["mix", file("project.json"), "--quiet", "-o", file("original.wav")],
                          ["mix", file("back.json"), "--quiet", "-o", file("back.wav")],
                          ["mix", file("cut.otio"), "--quiet", "-o", file("timeline.wav")]] {
            let result = try CLIRunner.run(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments[0]): \(result.stderr)")
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: file("original.wav")))
        // 2 + 2 − 0.5 s, the gap's 0.75 s less its dissolve (clamped to half the gap, 9 frames), then 1.2 s of
        // a.mov taken back to 28 frames at 24 fps: 121 frames at 24 fps.
        XCTAssertEqual(original.count, 44 + 121 * 2_000 * 2 * 3, "clips, the gap and the last clip")
        XCTAssertTrue(original == (try Data(contentsOf: URL(fileURLWithPath: file("back.wav")))), "the imported project")
        XCTAssertTrue(original == (try Data(contentsOf: URL(fileURLWithPath: file("timeline.wav")))), "the timeline itself")

        // The editor moves the second take 0.5 s later: its automation moves with it.
        let move = #"""
        import sys, opentimelineio as otio
        t = otio.adapters.read_from_file(sys.argv[1])
        track = [tr for tr in t.tracks if tr.kind == "Audio"][1]
        take = track.find_clips()[1]
        gap = track[track.index(take) - 1]
        gap.source_range = otio.opentime.TimeRange(gap.source_range.start_time, gap.source_range.duration + otio.opentime.RationalTime(24000, 48000))
        otio.adapters.write_to_file(t, sys.argv[2])
        """#
        _ = try Tool.run("python3", ["-c", move, file("cut.otio"), file("moved.otio")])
        let moved = try CLIRunner.run(["import", file("moved.otio"), "-o", "-", "--quiet"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        let takes = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(moved.stdout.utf8)) as? [String: Any])?["voiceovers"] as? [[String: Any]])
        XCTAssertEqual(takes.map { $0["start"] as? Double }, [1.2, 3.2])
        let ramp = try XCTUnwrap((takes[1]["automation"] as? [[String: Any]])?.first)
        XCTAssertEqual(ramp["start"] as? Double, 3.3)
        XCTAssertEqual(ramp["end"] as? Double, 3.5)
    }
}
