import Foundation
import MixdownAudioMix
import MixdownInterchange
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// "Audio Levels" keyframes, as the FCP XML adapter keeps them in OTIO, come
/// back as item automation: Mixdown's FCP 7 XML export read by the adapter
/// (`otio_fcp_adapter`, a test oracle), written as OTIO, imported; each keyframe
/// is a ramp's end at its time and level.
final class FCPLevelsImportTests: XCTestCase {
    /// Converts argv[1] (xmeml) to argv[2] (OTIO) with the adapter, then prints
    /// each audio clip's start (48 kHz samples), in- and out-point (frames) and keyframes.
    private static let script = #"""
import sys, json
import opentimelineio as otio
t = otio.adapters.read_from_file(sys.argv[1], adapter_name="fcp_xml")
otio.adapters.write_to_file(t, sys.argv[2])
out = []
for track in t.tracks:
    if track.kind != otio.schema.TrackKind.Audio: continue
    for clip in track.find_clips():
        for effect in clip.effects:
            if effect.name != "Audio Levels": continue
            parameter = effect.metadata["fcp_xml"]["parameter"]
            keys = parameter.get("keyframe", [])
            keys = [keys] if hasattr(keys, "keys") else list(keys)
            start = clip.transformed_time_range(clip.trimmed_range(), t.tracks).start_time
            out.append([clip.name, round(start.value * 48000 / start.rate), round(clip.trimmed_range().start_time.value),
                        round(clip.trimmed_range().end_time_exclusive().value), [[int(k["when"]), float(k["value"])] for k in keys]])
print(json.dumps(out))
"""#

    func testAudioLevelsKeyframesBecomeAutomation() throws {
        let fixture = try TimelineExportFixture.make()
        let folder = try TemporaryFolder()
        let xml = folder.file("cut.xml"), otio = folder.file("cut.otio")
        try TimelineExport(project: fixture.project, plan: fixture.plan).data(.fcpxml7, folder: folder.path, name: "cut")
            .write(to: URL(fileURLWithPath: xml))
        let data = try Tool.run("python3", ["-c", Self.script, xml, otio])
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[Any]])
        let imported = try OTIOImport.read(contentsOf: otio).project
        let items = imported.voiceovers.map(\.item) + imported.music.map(\.item) + imported.clips.map(\.item)
        let starts = imported.voiceovers.map(\.start) + imported.music.map(\.start)
        var checked = 0
        for entry in expected {
            let start = try XCTUnwrap((entry[1] as? NSNumber)?.int64Value), inFrame = try XCTUnwrap((entry[2] as? NSNumber)?.int64Value)
            let outFrame = try XCTUnwrap((entry[3] as? NSNumber)?.int64Value)
            // Keyframes outside the clip (in its handles) shape nothing heard.
            let keys = try XCTUnwrap(entry[4] as? [[NSNumber]]).filter { inFrame <= $0[0].int64Value && $0[0].int64Value <= outFrame }
            // Takes and beds by where they start; the clips' audio lies under the clips.
            guard let index = starts.firstIndex(where: { (try? $0.sampleIndex(sampleRate: .standard)) == start }), keys.count > 1 else { continue }
            let automation = items[index].automation
            for key in keys {
                // 25 fps: 1920 samples a frame; `when` counts the clip's source frames.
                let time = start + (key[0].int64Value - inFrame) * 1_920
                let ends = automation.filter { (try? $0.timeRange.end.sampleIndex(sampleRate: .standard)) == time }.map(\.endVolume)
                    + automation.filter { (try? $0.timeRange.start.sampleIndex(sampleRate: .standard)) == time }.map(\.startVolume)
                XCTAssertFalse(ends.isEmpty, "\(entry[0]): no ramp meets the keyframe at frame \(key[0])")
                for volume in ends { XCTAssertEqual(volume, key[1].doubleValue, accuracy: 1e-6 + key[1].doubleValue * 1e-4) }
                checked += 1
            }
            XCTAssertTrue(automation.allSatisfy { $0.curve == .linear }, "FCP levels interpolate linearly in gain")
        }
        XCTAssertGreaterThan(checked, 10, "keyframes checked")
    }
}
