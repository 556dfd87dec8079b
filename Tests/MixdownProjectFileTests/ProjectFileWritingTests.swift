import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownProject
import MixdownProjectFile
import MixdownTime
import MixdownTestSupport
import MixdownUnits
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
    var clipDialogue = Project.DialogueOverride()
    clipDialogue.level = .match
    clipDialogue.highpass = .some(nil)
    clipDialogue.denoise = .some(NoiseReduction(uncheckedDecibels: 6.5))
    clip.dialogue = clipDialogue
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
    var takeDialogue = Project.DialogueOverride()
    takeDialogue.target = .loudness(-20)
    takeDialogue.maxGain = 6
    takeDialogue.dehum = .mains(60)
    takeDialogue.denoise = .some(nil)
    take.dialogue = takeDialogue
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
    everything.dialogue = DialogueSettings(level: .adaptive, target: .loudest, maxGain: 18,
                                           cleanup: DialogueCleanup(highpass: try HighpassFrequency(hertz: 90), dehum: .auto, denoise: 12))
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

    projects.append(try videoProject(base: base))
    projects.append(try overlayProject(base: base))
    var portrait = Project()
    var phone = Project.Clip(path: base + "/phone.mov")
    phone.fit = .fit
    portrait.clips = [Project.Clip(path: base + "/wide.mp4"), phone]
    portrait.video.renderSize = try PixelSize(width: 16, height: 8192)
    portrait.video.frameRate = try FrameRate(60, 2)
    portrait.video.background = Colour(red: 255, green: 255, blue: 255)
    portrait.video.transition = try Transition(kind: .fadeThrough, duration: t("0.04"))
    portrait.video.quality = try VideoQuality(crf: 0)
    portrait.video.dynamicRange = .sdr
    projects.append(portrait)
    return projects
}

/// Every video setting away from its default, and clips with every kind of entry and layer ramp.
func videoProject(base: String) throws -> Project {
    var project = Project()
    project.video.renderSize = try PixelSize(width: 1280, height: 720)
    project.video.frameRate = try FrameRate(30_000, 1001)
    project.video.background = Colour(red: 0x12, green: 0x34, blue: 0xAB)
    project.video.transition = try Transition(kind: .dissolve, duration: t("1.5"))
    project.video.quality = try VideoQuality(crf: 18.5)
    project.video.preset = .faster
    project.video.dynamicRange = .hlg
    project.video.fit = .fill
    project.video.fadeIn = t("2")
    project.video.fadeOut = t("0.5")
    project.video.fadeAudio = false
    project.video.transitionCurve = .linear
    project.video.fullRender = true
    var first = Project.Clip(path: base + "/a.mp4")
    first.opacity = [
        LayerRamp(from: 0, to: 1, timeRange: try MediaTimeRange(start: .zero, end: t("1"))),
        LayerRamp(from: 0.30000000000000004, to: 1e-7, timeRange: try MediaTimeRange(start: t("3"), end: t("3"))),
    ]
    first.transform = [
        LayerRamp(from: .identity, to: LayerTransform(quarterTurns: 0, scaleX: 0.5, scaleY: 0.5, translateX: 640, translateY: -0.25),
                  timeRange: try MediaTimeRange(start: t("0.5"), end: t("2"))),
        LayerRamp(from: LayerTransform(quarterTurns: 3, scaleX: 2, scaleY: 0.1), to: LayerTransform(quarterTurns: 3, scaleX: 1, scaleY: 1),
                  timeRange: try MediaTimeRange(start: t("2"), end: t("1234567890.123456789"))),
    ]
    first.crop = [
        LayerRamp(from: CropRectangle(x: 0, y: 0, width: 1280, height: 720), to: CropRectangle(x: 320.5, y: 180, width: 640, height: 360),
                  timeRange: try MediaTimeRange(start: t("1"), end: t("4"))),
    ]
    first.fit = .fit
    var second = Project.Clip(path: base + "/b.mp4")
    second.transition = .cut
    var third = Project.Clip(path: base + "/c.mp4")
    third.transition = .transition(Transition(kind: .pushLeft))
    var fourth = Project.Clip(path: base + "/d.mp4")
    fourth.transition = .transition(try Transition(kind: .diagonalWipe, duration: t("0.25")))
    fourth.fit = .fill
    project.clips = [first, second, third, fourth, Project.Clip(path: base + "/e.mp4")]
    return project
}

/// A JSON object as `JSONSerialization` reads it, to compare with what it read from a written file.
private func object(_ json: String) -> NSDictionary? {
    try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
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

    func testVideoSettingsAreWrittenAsDocumented() throws {
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: videoProject(base: "/p").jsonData(relativeTo: "/p")) as? [String: Any])
        let video = try XCTUnwrap(document["video"] as? [String: Any])
        XCTAssertEqual(video["renderSize"] as? String, "1280x720")
        XCTAssertEqual(video["frameRate"] as? String, "30000/1001")
        XCTAssertEqual(video["background"] as? String, "#1234ab")
        XCTAssertEqual(video["transition"] as? NSDictionary, object(#"{"type": "dissolve", "duration": 1.5}"#))
        XCTAssertEqual(video["quality"] as? Double, 18.5)
        XCTAssertEqual(video["preset"] as? String, "faster")
        XCTAssertNil(try XCTUnwrap(JSONSerialization.jsonObject(with: Project().jsonData(relativeTo: "/p")) as? [String: Any])["video"],
                     "the default preset is not written")
        XCTAssertEqual(video["fit"] as? String, "fill")
        XCTAssertEqual(video["fadeAudio"] as? Bool, false)
        XCTAssertEqual(video["transitionCurve"] as? String, "linear")
        XCTAssertEqual(video["fullRender"] as? Bool, true)
        let clips = try XCTUnwrap(document["clips"] as? [[String: Any]])
        XCTAssertEqual(clips.map { $0["transition"] as? NSDictionary }, [
            nil, object(#"{"type": "cut"}"#), object(#"{"type": "push-left"}"#), object(#"{"type": "diagonal-wipe", "duration": 0.25}"#), nil,
        ])
        let transforms = try XCTUnwrap(clips[0]["transform"] as? [[String: Any]])
        XCTAssertEqual(transforms[0]["from"] as? NSDictionary, object(#"{}"#), "the identity is an empty object")
        XCTAssertEqual(transforms[0]["to"] as? NSDictionary, object(#"{"scale": 0.5, "x": 640, "y": -0.25}"#), "one scale when both are equal")
        XCTAssertEqual(transforms[1]["from"] as? NSDictionary, object(#"{"rotate": 270, "scaleX": 2, "scaleY": 0.1}"#))
        let crops = try XCTUnwrap(clips[0]["crop"] as? [[String: Any]])
        XCTAssertEqual(crops[0]["from"] as? NSDictionary, object(#"{"width": 1280, "height": 720}"#))
        XCTAssertEqual(clips.map { $0["fit"] as? String }, ["fit", nil, nil, "fill", nil])

        var whole = Project()
        whole.clips = [Project.Clip(path: "/a.mp4")]
        whole.video.frameRate = try FrameRate(25)
        let text = String(decoding: whole.jsonData(relativeTo: "/"), as: UTF8.self)
        XCTAssertTrue(text.contains(#""frameRate": 25\#n"#), text)
        XCTAssertFalse(String(decoding: Project().jsonData(relativeTo: nil), as: UTF8.self).contains("video"), "default video settings are not written")
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
