import Foundation
import MixdownAudioMix
import MixdownProject
import MixdownProjectFile
import MixdownTime
import MixdownTestSupport
import XCTest

/// Projects unlike each other, for round trips; media paths under `base` unless absolute elsewhere.
func sampleProjects(base: String) throws -> [Project] {
    var projects: [Project] = []

    var minimal = Project()
    minimal.clips = [Project.Clip(path: base + "/clip.mp4")]
    projects.append(minimal)

    var everything = Project()
    var clip = Project.Clip(path: base + "/video/clip a.mp4")
    clip.inPoint = t("1.25")
    clip.outPoint = t("1:02.5")
    clip.volume = 0.7943282347242815
    clip.fade.fadeIn = t("0.1")
    clip.fade.fadeOut = t("250ms")
    clip.fade.curve = .sCurve
    clip.automation = [VolumeRamp(startVolume: 1, endVolume: 0.25, timeRange: try MediaTimeRange(start: t("2"), end: t("2.5")), curve: .sCurve)]
    clip.pan = -0.35
    everything.clips = [clip, Project.Clip(path: "/elsewhere/b.mp4")]
    var take = Project.Voiceover(path: base + "/../vo/take \"1\".wav", start: t("1234567890.123456789"))
    take.volume = 15.848931924611133
    take.fade.fadeIn = t("0.000000001")
    take.fade.fadeOut = t("0.3")
    take.fade.curve = .decibel
    take.ducks = false
    take.duckDepth = -18.5
    take.inPoint = t("0.5")
    take.outPoint = t("3")
    take.pan = 1
    take.automation = [
        VolumeRamp(startVolume: 1, endVolume: 2, timeRange: try MediaTimeRange(start: t("1234567890.5"), end: t("1234567891"))),
    ]
    everything.voiceovers = [take, Project.Voiceover(path: base + "/vo\\2\n.wav", start: .zero)]
    var bed = Project.Music(path: base + "/musique é 🎵.mp3")
    bed.start = t("3")
    bed.inPoint = .zero
    bed.outPoint = t("01:00:00.000000001")
    bed.volume = 0
    bed.fade.fadeIn = t("2")
    bed.fade.fadeOut = t("3")
    bed.fade.curve = .equalPower
    bed.loop = true
    bed.pan = -1
    bed.automation = [
        VolumeRamp(startVolume: 1, endVolume: 0.30000000000000004, timeRange: try MediaTimeRange(start: t("10"), end: t("12"))),
        VolumeRamp(startVolume: 0.5, endVolume: 1e-7, timeRange: try MediaTimeRange(start: t("12"), end: t("12")), curve: .decibel),
    ]
    everything.music = [bed, Project.Music(path: base + "/m2.mp3")]
    everything.clipVolume = 0.5
    everything.voiceoverVolume = 2
    everything.musicVolume = 0.1
    everything.cutFade = .zero
    everything.ducking.mode = .signal
    everything.ducking.settings.depth = -120
    everything.ducking.settings.fadeDown = t("0.05")
    everything.ducking.settings.fadeUp = t("1.5")
    everything.ducking.settings.maxPause = t("9999999999")
    everything.ducking.threshold = -45.25
    everything.ducking.sources = [.voiceovers, .clips]
    everything.ducking.targets = [.music, .clips, .voiceovers]
    everything.output.sampleRate = 44_100
    everything.output.format = .f32
    everything.output.audioBitrate = 320_000
    everything.output.duration = t("90")
    projects.append(everything)

    var musicOnly = Project()
    musicOnly.music = [Project.Music(path: base + "/bed.mp3")]
    musicOnly.ducking.mode = .off
    musicOnly.output.duration = t("0.001")
    projects.append(musicOnly)

    var voiceOnly = Project()
    voiceOnly.voiceovers = (0..<20).map { Project.Voiceover(path: base + "/vo\($0).wav", start: t("\($0).5")) }
    voiceOnly.ducking.mode = .loudness
    voiceOnly.ducking.below = 22.5
    projects.append(voiceOnly)
    return projects
}

final class ProjectFileWritingTests: XCTestCase {
    func testAProjectFromFlagsIsShortAndMatchesTheDocs() throws {
        var project = Project()
        project.clips = [Project.Clip(path: "/work/film/clip-a.mp4")]
        let text = String(decoding: project.jsonData(relativeTo: "/work/film"), as: UTF8.self)
        XCTAssertEqual(text, """
        {
          "clips": [
            {
              "path": "clip-a.mp4"
            }
          ],
          "version": 1
        }

        """)
        XCTAssertEqual(try documentedExamples().last.map { $0 + "\n" }, text, "the Writing example in docs/project-format.md")
    }

    func testRoundTripInMemory() throws {
        for (i, project) in try sampleProjects(base: "/proj").enumerated() {
            let data = project.jsonData(relativeTo: "/proj")
            XCTAssertEqual(try Project(json: data, baseDirectory: "/proj"), project, "project \(i):\n\(String(decoding: data, as: UTF8.self))")
        }
    }

    func testRoundTripThroughAFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (i, project) in try sampleProjects(base: folder).enumerated() {
            let file = folder + "/project-\(i).json"
            try project.jsonData(relativeTo: folder).write(to: URL(fileURLWithPath: file))
            XCTAssertEqual(try Project.load(contentsOf: file), project, "project \(i)")
            // Written again, the same bytes.
            XCTAssertEqual(try Project.load(contentsOf: file).jsonData(relativeTo: folder), project.jsonData(relativeTo: folder))
        }
    }

    func testShippedProjectsRoundTrip() throws {
        let demo = try Project.load(contentsOf: Fixture.repoPath("fixtures/demo/project.json"))
        let base = Fixture.repoPath("fixtures/demo")
        XCTAssertEqual(try Project(json: demo.jsonData(relativeTo: base), baseDirectory: base), demo)
        let text = String(decoding: demo.jsonData(relativeTo: base), as: UTF8.self)
        XCTAssertTrue(text.contains(#""path": "../media/clip-a.mp4""#), text)

        let example = try load(try XCTUnwrap(documentedExamples().first))
        XCTAssertEqual(try Project(json: example.jsonData(relativeTo: "/proj"), baseDirectory: "/proj"), example)
    }

    func testOnlyValuesThatDifferFromTheDefaultsAreWritten() throws {
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: "/p/vo.wav", start: .zero)]
        project.ducking.settings.depth = -6
        project.output.format = .s16
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: project.jsonData(relativeTo: "/p")) as? [String: Any])
        XCTAssertEqual(Set(document.keys), ["version", "voiceovers", "ducking", "output"])
        XCTAssertEqual((document["voiceovers"] as? [[String: Any]])?.first?.keys.sorted(), ["path", "start"])
        XCTAssertEqual((document["ducking"] as? [String: Any])?.keys.sorted(), ["depth"])
        XCTAssertEqual((document["output"] as? [String: Any])?.keys.sorted(), ["format"])
    }

    func testTimesAreNumbersWhenTheyReadBackExactly() throws {
        let cases: [(MediaTime, String)] = [
            (t("12.5"), "12.5"), (t("0.1"), "0.1"), (t("3"), "3"), (t("0.000000001"), "0.000000001"),
            (t("1234567890.123456789"), #""1234567890.123456789""#),
            (try MediaTime(value: 1, timescale: 3), "0.333333333"),
            (try MediaTime(value: 2, timescale: 3), "0.666666667"),
            (try MediaTime(value: 1001, timescale: 30000), "0.033366667"),
        ]
        for (time, literal) in cases {
            var project = Project()
            project.music = [Project.Music(path: "/m.mp3")]
            project.cutFade = time
            let text = String(decoding: project.jsonData(relativeTo: nil), as: UTF8.self)
            XCTAssertTrue(text.contains(#""cutFade": \#(literal),"#), "\(time): \(text)")
        }
    }

    func testPathsUnderTheFolderAreRelative() throws {
        var project = Project()
        project.clips = ["/proj/a.mp4", "/proj/sub/b.mp4", "/proj/../media/c.mp4", "/other/d.mp4", "/projector/e.mp4"]
            .map { Project.Clip(path: $0) }
        let paths = { (base: String?) throws -> [String] in
            let document = try JSONSerialization.jsonObject(with: project.jsonData(relativeTo: base)) as? [String: Any]
            return (document?["clips"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        }
        XCTAssertEqual(try paths("/proj"), ["a.mp4", "sub/b.mp4", "../media/c.mp4", "/other/d.mp4", "/projector/e.mp4"])
        XCTAssertEqual(try paths("/proj/"), ["a.mp4", "sub/b.mp4", "../media/c.mp4", "/other/d.mp4", "/projector/e.mp4"])
        XCTAssertEqual(try paths(nil), ["/proj/a.mp4", "/proj/sub/b.mp4", "/proj/../media/c.mp4", "/other/d.mp4", "/projector/e.mp4"])
    }

    func testRelativePathsStayCorrectFromAnotherFolder() throws {
        // Paths relative to the current folder, written for a file in "out": they must still find the same file.
        var project = Project()
        project.clips = [Project.Clip(path: "clip.mp4"), Project.Clip(path: "out/inside.mp4")]
        let data = project.jsonData(relativeTo: "out")
        let loaded = try Project(json: data, baseDirectory: "out")
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(loaded.clips.map(\.path), [cwd + "/clip.mp4", "out/inside.mp4"])
        // Same folder: relative paths stay relative.
        XCTAssertEqual(try Project(json: project.jsonData(relativeTo: ""), baseDirectory: ""), project)
    }

    func testValuesTheLoaderRefusesAreWrittenSoItNamesThem() {
        var project = Project()
        project.clips = [Project.Clip(path: "/a.mp4")]
        // Volumes and levels cannot be out of range (their types refuse it); times can.
        project.cutFade = try! MediaTime(value: -1, timescale: 2)
        let error = loadError(String(decoding: project.jsonData(relativeTo: nil), as: UTF8.self))
        XCTAssertEqual(error?.issues.map(\.path), ["cutFade"])
    }
}
