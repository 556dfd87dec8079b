import Foundation
import MixdownAudioMix
import MixdownInterchange
import MixdownProject
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Volumes an editor set come through: DaVinci Resolve's "Fairlight Clip
/// Volume and Fades" (a static level, or keyframes) become item gains and
/// automation, checked against the values OpenTimelineIO's library reads.
final class OTIOImportLevelsTests: XCTestCase {
    /// Copies the timeline to argv[2] with a file reference for each clip
    /// Resolve left without one; prints, for each audio clip with a Fairlight
    /// volume: its file name, where it starts (48 kHz samples), its static
    /// level and its keyframes (frame, dB).
    private static let script = #"""
import sys, json, os
import opentimelineio as otio
t = otio.adapters.read_from_file(sys.argv[1])
# Resolve wrote its keyframed clips with MissingReferences: give each a file of its name beside the copy.
for clip in t.find_clips():
    if isinstance(clip.media_reference, otio.schema.MissingReference):
        clip.media_reference = otio.schema.ExternalReference(target_url=clip.name, available_range=clip.media_reference.available_range)
otio.adapters.write_to_file(t, sys.argv[2])
out = []
for track in t.tracks:
    if track.kind != otio.schema.TrackKind.Audio: continue
    for clip in track.find_clips():
        if not clip.enabled or not isinstance(clip.media_reference, otio.schema.ExternalReference): continue
        for effect in clip.effects:
            resolve = effect.metadata.get("Resolve_OTIO", {})
            if resolve.get("Effect Name") != "Fairlight Clip Volume and Fades": continue
            for p in resolve["Parameters"]:
                if p["Parameter ID"] != "volume": continue
                start = clip.transformed_time_range(clip.trimmed_range(), t.tracks).start_time
                keys = sorted((int(k), v["Value"]) for k, v in p["Key Frames"].items())
                out.append([clip.name, round(start.value * 48000 / start.rate), p["Parameter Value"], keys])
print(json.dumps(out))
"""#

    func testResolveVolumesBecomeGainsAndAutomation() throws {
        let media = try TemporaryFolder()
        let path = media.file("effects.otio")
        let data = try Tool.run("python3", ["-c", Self.script, try Fixture.interchange("effects.otio"), path])
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[Any]])
        for name in Set(expected.compactMap { $0[0] as? String }) { _ = FileManager.default.createFile(atPath: media.file(name), contents: Data()) }
        var options = OTIOImportOptions()
        options.mediaRoot = media.path
        options.allowMissing = true
        let project = try OTIOImport.read(contentsOf: path, options: options).project
        let items = project.voiceovers.map { ($0.item, $0.start) } + project.music.map { ($0.item, $0.start) }
        var keyframed = 0
        for entry in expected {
            let name = try XCTUnwrap(entry[0] as? String), start = try XCTUnwrap((entry[1] as? NSNumber)?.int64Value)
            let level = try XCTUnwrap((entry[2] as? NSNumber)?.doubleValue)
            let keys = try XCTUnwrap(entry[3] as? [[NSNumber]])
            let found = items.filter { ($0.0.path as NSString).lastPathComponent == name && (try? $0.1.sampleIndex(sampleRate: .standard)) == start }
            let item = try XCTUnwrap(found.first?.0, "\(name) at sample \(start) not imported")
            guard !keys.isEmpty else {
                XCTAssertEqual(item.volume.decibels, level, accuracy: 0.01, "\(name)")
                XCTAssertTrue(item.automation.isEmpty, "\(name)")
                continue
            }
            keyframed += 1
            XCTAssertEqual(item.volume, .unity, "\(name): keyframes, not a static level")
            // Each keyframe is where a ramp starts or ends, at its level; frames count from the item's start at 24 fps.
            for key in keys {
                let time = start + key[0].int64Value * 2000
                let at = item.automation.filter { (try? $0.timeRange.start.sampleIndex(sampleRate: .standard)) == time }.map(\.startVolume)
                    + item.automation.filter { (try? $0.timeRange.end.sampleIndex(sampleRate: .standard)) == time }.map(\.endVolume)
                XCTAssertFalse(at.isEmpty, "\(name): no ramp meets keyframe \(key[0])")
                for volume in at { XCTAssertEqual(Gain.decibels(ofFactor: volume), key[1].doubleValue, accuracy: 0.01, "\(name) keyframe \(key[0])") }
            }
            XCTAssertTrue(item.automation.allSatisfy { $0.curve == .decibel || $0.timeRange.isEmpty }, "\(name): levels interpolate in dB")
        }
        XCTAssertEqual(keyframed, 2, "effects.otio has two keyframed clips")
        XCTAssertGreaterThan(expected.count, 10)
    }
}
