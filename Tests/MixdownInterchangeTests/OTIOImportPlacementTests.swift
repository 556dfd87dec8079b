import Foundation
import MixdownInterchange
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// OTIO files written by other tools (Resolve, Premiere through the FCP XML
/// adapter, OpenTimelineIO's own tests) import with every clip where
/// OpenTimelineIO's Python library places it, to the sample at 48 kHz.
final class OTIOImportPlacementTests: XCTestCase {
    /// Stand-in media, one tiny real file copied under each name a timeline references.
    private func standIns(for names: [String], in folder: TemporaryFolder) throws {
        let source = folder.file("stand-in.mov")
        if !FileManager.default.fileExists(atPath: source) {
            _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc2=s=64x36:r=24:d=0.2", "-f", "lavfi", "-i", "sine=d=0.2",
                                        "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", source])
        }
        for name in Set(names) where !FileManager.default.fileExists(atPath: folder.file(name)) {
            try FileManager.default.copyItem(atPath: source, toPath: folder.file(name))
        }
    }

    /// Compares with `flatten_stack`'s result unless `flattenStackAgrees` is false
    /// (OpenTimelineIO 0.18.1's `flatten_stack` ignores a track's own
    /// `source_range`); the pieces are checked against each track's clips either way.
    private func assertPlacedAsOTIO(_ sample: String, flattenStackAgrees: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try Fixture.interchange(sample)
        let oracle = try OTIOOracle.placements(path)
        let media = try TemporaryFolder()
        try standIns(for: oracle.media, in: media)
        var options = OTIOImportOptions()
        options.mediaRoot = media.path
        options.allowMissing = true
        let imported = try OTIOImport.read(contentsOf: path, options: options)
        func samples(_ time: MediaTime) throws -> Int64 { try time.sampleIndex(sampleRate: .standard) }

        let video = try imported.placements.filter { $0.track == "V1" && $0.role != "gap" && $0.role != "disabled" }.map { place in
            [OTIOOracle.Entry.text(place.name), .number(try samples(place.timeline.start)), .number(try samples(place.timeline.end))]
        }
        if flattenStackAgrees { XCTAssertEqual(video, oracle.video, "\(sample): the video track", file: file, line: line) }
        // Each piece is part of its clip where that clip's track places it, and no upper track's clip plays there.
        let tracks: [(track: Int64, name: String, start: Int64, end: Int64)] = oracle.videoTracks.compactMap { entry in
            guard case let .number(track) = entry[0], case let .text(name) = entry[1], case let .number(start) = entry[2],
                  case let .number(end) = entry[3] else { return nil }
            return (track, name, start, end)
        }
        for piece in video {
            guard case let .text(name) = piece[0], case let .number(start) = piece[1], case let .number(end) = piece[2] else { continue }
            let owners = tracks.filter { $0.name == name && $0.start <= start && end <= $0.end }
            XCTAssertFalse(owners.isEmpty, "\(sample): \(name) at \(start)–\(end) is inside no clip of that name", file: file, line: line)
            for owner in owners.prefix(1) {
                let covering = tracks.filter { $0.track > owner.track && $0.start < end && start < $0.end }
                XCTAssertTrue(covering.isEmpty, "\(sample): \(name) at \(start)–\(end) plays under \(covering)", file: file, line: line)
            }
        }
        let audio = try imported.placements.filter { $0.track.hasPrefix("A") }.map { place in
            [OTIOOracle.Entry.number(Int64(place.track.dropFirst())!), .text(place.name),
             .number(try samples(place.timeline.start)), .number(try samples(place.timeline.end))]
        }
        XCTAssertEqual(audio, oracle.audio, "\(sample): the audio tracks", file: file, line: line)
        XCTAssertFalse(video.isEmpty && audio.isEmpty, "\(sample): nothing placed", file: file, line: line)
    }

    func testSimpleCutAndClipWithoutSourceRange() throws { try assertPlacedAsOTIO("simple_cut.otio") }
    func testTransitionsKeepTheTrackLength() throws { try assertPlacedAsOTIO("transition.otio") }
    func testTransitionsAtTheTrackEnds() throws { try assertPlacedAsOTIO("transition_test.otio") }
    func testGapsAndMissingReferences() throws { try assertPlacedAsOTIO("clip_example.otio") }
    func testTrimmedTracksFlattened() throws {
        try assertPlacedAsOTIO("multiple_track.otio", flattenStackAgrees: false)
        // Track-003 is trimmed from -7 frames: its clip plays from frame 7, over Track-002's.
        let imported = try OTIOImport.read(contentsOf: try Fixture.interchange("multiple_track.otio"), options: {
            var options = OTIOImportOptions()
            options.allowMissing = true
            return options
        }())
        let frame = try MediaTime(value: 1, timescale: 24)
        XCTAssertEqual(try imported.placements.map { "\($0.name)@\(try $0.timeline.start.wholeFrames(of: frame))" },
                       ["Clip-001@0", "Clip-002@3", "Clip-005@7", "Clip-004@16"])
    }
    func testResolveTimelineWithManyAudioTracks() throws { try assertPlacedAsOTIO("effects.otio") }
    func testPremiereTimelineWithMarkersAndNestedStacks() throws { try assertPlacedAsOTIO("premiere_example.otio") }
    func testNaNAndInfTokens() throws { try assertPlacedAsOTIO("big_int.otio") }
}
