import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownProject
import MixdownProjectFile
import MixdownUnits
import MixdownTime
import MixdownTestSupport
import XCTest

/// The ```json blocks of docs/project-format.md (or another page), in order.
func documentedExamples(in page: String = "docs/project-format.md") throws -> [String] {
    let text = try String(contentsOfFile: Fixture.repoPath(page), encoding: .utf8)
    return text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
}

final class ProjectFileLoadingTests: XCTestCase {
    func testDocumentedExampleLoadsWithExactValues() throws {
        let example = try XCTUnwrap(documentedExamples().first)
        let project = try load(example, base: "/work/film")

        var expected = Project()
        var clip = Project.Clip(path: "/work/film/clip-a.mp4")
        clip.inPoint = .zero
        clip.outPoint = t("5.5")
        var second = Project.Clip(path: "/work/film/clip-b.mp4")
        second.transition = .transition(try Transition(kind: .dissolve, duration: t("1")))
        second.opacity = [LayerRamp(from: 1, to: 0.5, timeRange: try MediaTimeRange(start: t("3"), end: t("4")))]
        second.transform = [LayerRamp(from: .identity, to: LayerTransform(scaleX: 1.25, scaleY: 1.25, translateX: -160, translateY: -90),
                                      timeRange: try MediaTimeRange(start: .zero, end: t("2")))]
        let band = CropRectangle(x: 0, y: 60, width: 1280, height: 600)
        second.crop = [LayerRamp(from: band, to: band, timeRange: try MediaTimeRange(start: .zero, end: .zero))]
        second.fit = .fill
        expected.clips = [clip, second]
        var take = Project.Voiceover(path: "/work/film/vo.wav", start: t("12.5"))
        take.fade.fadeIn = t("0.05")
        take.fade.fadeOut = t("0.05")
        take.duckDepth = try DuckDepth(decibels: -18)
        take.automation = [VolumeRamp(startVolume: 1, endVolume: 1.4, timeRange: try MediaTimeRange(start: t("13"), end: t("13.5")), curve: .sCurve)]
        take.pan = -0.2
        expected.voiceovers = [take]
        var bed = Project.Music(path: "/work/film/bed.mp3")
        bed.inPoint = .zero
        bed.outPoint = t("20")
        bed.volume = try Gain(decibels: -2)
        bed.fade.fadeIn = t("2")
        bed.fade.fadeOut = t("3")
        bed.fade.curve = .equalPower
        bed.automation = [VolumeRamp(startVolume: 1, endVolume: 0.5, timeRange: try MediaTimeRange(start: t("10"), end: t("12")))]
        expected.music = [bed]
        expected.clipVolume = 0.5
        expected.musicVolume = 0.8
        expected.cutFade = t("0.01")
        expected.output.duration = nil
        expected.video.renderSize = try PixelSize(width: 1280, height: 720)
        expected.video.frameRate = try FrameRate(30_000, 1001)
        expected.video.fadeIn = t("1")
        expected.video.fadeOut = t("2")
        XCTAssertEqual(project, expected)
    }

    func testDemoProjectLoads() throws {
        let project = try Project.load(contentsOf: Fixture.repoPath("fixtures/demo/project.json"))
        let media = Fixture.repoPath("fixtures/demo") + "/../media/"
        XCTAssertEqual(project.clips.map(\.path), [media + "clip-a.mp4", media + "clip-c.mp4", media + "clip-b.mp4"])
        XCTAssertEqual(project.voiceovers.map(\.path), [media + "vo-short.wav", media + "vo-pauses.wav"])
        XCTAssertEqual(project.voiceovers.map(\.start), [t("1.5"), t("6")])
        XCTAssertEqual(project.music.map(\.path), [media + "music.mp3"])
        XCTAssertEqual(project.music[0].fade.fadeIn, t("2"))
        XCTAssertEqual(project.music[0].fade.fadeOut, t("3"))
        XCTAssertEqual(project.clipVolume, 0.5)
        XCTAssertEqual(project.musicVolume, 0.8)
        XCTAssertEqual(project.ducking, Project.Ducking())
        for reference in project.mediaPaths {
            XCTAssertTrue(FileManager.default.fileExists(atPath: reference.path), "\(reference.jsonPath): \(reference.path)")
        }
    }

    func testOmittedKeysKeepTheModelDefaults() throws {
        let project = try load(#"{"version": 1, "voiceovers": [{"path": "vo.wav", "start": 3}], "music": [{"path": "m.mp3"}]}"#)
        var expected = Project()
        expected.voiceovers = [Project.Voiceover(path: "/proj/vo.wav", start: t("3"))]
        expected.music = [Project.Music(path: "/proj/m.mp3")]
        XCTAssertEqual(project, expected)
    }

    func testNullMeansNotSetWhereTheModelIsOptional() throws {
        let json = project(#""clips": [{"path": "a.mp4", "in": null, "out": null}], "voiceovers": [{"path": "v.wav", "start": 0, "duckDepth": null}], "output": {"duration": null}"#)
        let loaded = try load(json)
        XCTAssertNil(loaded.clips[0].inPoint)
        XCTAssertNil(loaded.voiceovers[0].duckDepth)
        XCTAssertNil(loaded.output.duration)
        assertIssue(project(#""cutFade": null"#), path: "cutFade", "cutFade: found null, expected a time")
    }

    // MARK: Values

    func testTimesAsNumbersAreTheDecimalTheyRead() throws {
        let cases: [(String, MediaTime)] = [
            ("0.1", t("0.1")), ("12.5", t("12.5")), ("1e-05", t("0.00001")), ("1.5E+3", t("1500")),
            ("3", t("3")), ("0.000000001", t("0.000000001")), ("0.30000000000000004", t("0.3")),
            ("1.0000000005", t("1.000000001")), ("1.00000000049", t("1")), ("1e-12", .zero),
            ("-0", .zero), ("123456789012.5", t("123456789012.5")), ("9000000000000000000", t("9000000000000000000")),
        ]
        for (literal, expected) in cases {
            let loaded = try load(project(#""cutFade": \#(literal)"#))
            XCTAssertEqual(loaded.cutFade, expected, literal)
        }
    }

    func testTimesAsStringsFollowTheTimeGrammar() throws {
        let cases: [(String, MediaTime)] = [
            ("12.5", t("12.5")), ("12.5s", t("12.5")), ("250ms", t("0.25")), ("1:02.25", t("62.25")),
            ("01:02:03.040", t("3723.04")), ("0.123456789", t("0.123456789")), ("75:00", t("4500")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try load(project(#""cutFade": "\#(text)""#)).cutFade, expected, text)
        }
        for bad in ["abc", "-1", "1:5", "1e5", "12.5 s", " 1", "1\n", "", "1:00ms", "1.1234567891", "99999999999999999999"] {
            let escaped = bad.replacingOccurrences(of: "\n", with: "\\n")
            assertIssue(project(#""cutFade": "\#(escaped)""#), path: "cutFade", "expected a time like 12.5")
        }
    }

    func testVolumes() throws {
        // Strings use the same grammar as the command line: a factor, or decibels.
        let cases: [(String, Double)] = [
            ("0", 0), ("1", 1), ("0.5", 0.5), ("15.848931924611133", pow(10, 24.0 / 20)), (#""-6dB""#, pow(10, -6.0 / 20)),
            (#""0dB""#, 1), (#""+24dB""#, pow(10, 24.0 / 20)), (#""24.000 DB""#, pow(10, 24.0 / 20)), (#""-120db""#, pow(10, -6.0)),
            (#""-0dB""#, 1), ("-0", 0), (#""0.5""#, 0.5), (#""-6 dB""#, pow(10, -6.0 / 20)),
        ]
        for (literal, expected) in cases {
            XCTAssertEqual(try load(project(#""clipVolume": \#(literal)"#)).clipVolume.factor, expected, literal)
        }
        for bad in ["-0.1", "16", "true", #""0x1""#, #""1e0""#, #""loud""#, #""24.1dB""#, #""25dB""#, #""-6 dB ""#, #""dB""#, #""1.dB""#, #""-infdB""#, "[]", "null"] {
            assertIssue(project(#""clipVolume": \#(bad)"#), path: "clipVolume", "clipVolume: found")
        }
    }

    func testWholeNumbersAcceptIntegralDoubles() throws {
        XCTAssertEqual(try load(project(#""output": {"sampleRate": 44100.0, "audioBitrate": 1.28e5}"#)).output.sampleRate.hertz, 44100)
        XCTAssertEqual(try load(project(#""output": {"audioBitrate": 1.28e5}"#)).output.audioBitrate.bitsPerSecond, 128_000)
        assertIssue(project(#""output": {"sampleRate": true}"#), path: "output.sampleRate", "found true, expected a whole number of Hz")
        assertIssue(project(#""output": {"sampleRate": 384001}"#), path: "output.sampleRate", "from 8000 to 384000")
    }

    func testVersionOneAsAFloatIsVersionOne() throws {
        XCTAssertEqual(try load(#"{"version": 1.0, "clips": [{"path": "a.mp4"}]}"#).version, 1)
        assertIssue(#"{"version": true, "clips": [{"path": "a.mp4"}]}"#, path: "version", "found true, expected the number 1")
        assertIssue(#"{"version": 1.5, "clips": [{"path": "a.mp4"}]}"#, path: "version", "found 1.5, expected 1")
    }

    func testANewerVersionIsReportedAlone() {
        let error = loadError(#"{"version": 3, "transitions": "wipe", "clips": 7}"#)
        XCTAssertEqual(error?.issues.count, 1)
        XCTAssertEqual(error?.description, "the project: version: found 3, expected 1 (this project is for a newer Mixdown; upgrade Mixdown to read it)")
    }

    // MARK: Keys

    func testUnknownKeysGetTheClosestKnownKey() {
        let cases: [(String, String, String?)] = [
            (#""fadein": 1"#, "clips[0].fadein", "fadeIn"), (#""Volume": 1"#, "clips[0].Volume", "volume"),
            (#""fadeCruve": "db""#, "clips[0].fadeCruve", "fadeCurve"), (#""ot": 3"#, "clips[0].ot", "out"),
            (#""colour": "red""#, "clips[0].colour", nil), (#""start": 1"#, "clips[0].start", nil),
            (#""my key": 1"#, #"clips[0]["my key"]"#, nil),
        ]
        for (member, path, suggestion) in cases {
            let error = loadError(#"{"version": 1, "clips": [{"path": "a.mp4", \#(member)}]}"#)
            XCTAssertEqual(error?.issues.map(\.path), [path], member)
            XCTAssertEqual(error?.issues.first?.kind, .unknownKey(suggestion: suggestion), member)
            if suggestion == nil {
                XCTAssertTrue(error?.description.contains("unknown key; expected one of path, in, out, volume") == true, "\(String(describing: error))")
            }
        }
    }

    func testEveryProblemIsReportedInDocumentOrder() {
        let json = """
        {"version": 1, "clips": [{"path": ""}, {"path": "b.mp4", "volume": -1}],
         "voiceovers": [{"path": "v.wav"}, {"start": "x"}], "cutFade": -1, "output": {"format": "wav", "sampleRate": 1}}
        """
        XCTAssertEqual(loadError(json)?.issues.map(\.path), [
            "clips[0].path", "clips[1].volume", "voiceovers[0].start", "voiceovers[1].path", "voiceovers[1].start",
            "cutFade", "output.sampleRate", "output.format",
        ])
    }

    // MARK: Automation

    func testRampsBecomeVolumeRamps() throws {
        let loaded = try load(project(#""music": [{"path": "m.mp3", "automation": [{"start": 10, "end": 12, "from": 1, "to": "-6dB", "curve": "s-curve"}, {"start": "0:12", "end": 12, "from": 0.5, "to": 0}]}]"#))
        XCTAssertEqual(loaded.music[0].automation, [
            VolumeRamp(startVolume: 1, endVolume: pow(10, -6.0 / 20), timeRange: try MediaTimeRange(start: t("10"), end: t("12")), curve: .sCurve),
            VolumeRamp(startVolume: 0.5, endVolume: 0, timeRange: try MediaTimeRange(start: t("12"), end: t("12"))),
        ])
    }

    func testOverlappingRampsNameBothRamps() {
        let ramps = [("0", "4"), ("9", "11"), ("10", "12"), ("3", "5"), ("20", "20"), ("20", "21")]
            .map { #"{"start": \#($0.0), "end": \#($0.1), "from": 1, "to": 0.5}"# }.joined(separator: ", ")
        let error = loadError(project(#""music": [{"path": "m.mp3", "automation": [\#(ramps)]}]"#))
        XCTAssertEqual(error?.issues.map(\.description), [
            "music[0].automation[3]: found 3s–5s, which overlaps music[0].automation[0] (0s–4s), expected ramps of one music item that do not overlap",
            "music[0].automation[2]: found 10s–12s, which overlaps music[0].automation[1] (9s–11s), expected ramps of one music item that do not overlap",
            "music[0].automation[5]: found 20s–21s, which overlaps music[0].automation[4] (20s–20s), expected ramps of one music item that do not overlap",
        ])
    }

    func testTouchingRampsAreFine() throws {
        let loaded = try load(project(#""music": [{"path": "m.mp3", "automation": [{"start": 2, "end": 4, "from": 1, "to": 0}, {"start": 0, "end": 2, "from": 0, "to": 1}]}]"#))
        XCTAssertEqual(loaded.music[0].automation.count, 2)
    }

    // MARK: Paths

    func testRelativePathsResolveAgainstTheProjectFolder() throws {
        let json = project(#""clips": [{"path": "a.mp4"}, {"path": "./sub//b.mp4"}, {"path": "../media/c.mp4"}, {"path": "/abs/d.mp4"}]"#)
        XCTAssertEqual(try load(json, base: "/proj").clips.map(\.path), ["/proj/a.mp4", "/proj/sub/b.mp4", "/proj/../media/c.mp4", "/abs/d.mp4"])
        XCTAssertEqual(try load(json, base: "rel/dir/").clips.map(\.path), ["rel/dir/a.mp4", "rel/dir/sub/b.mp4", "rel/dir/../media/c.mp4", "/abs/d.mp4"])
        XCTAssertEqual(try load(json, base: "").clips.map(\.path), ["a.mp4", "sub/b.mp4", "../media/c.mp4", "/abs/d.mp4"])
    }

    func testLoadResolvesAgainstTheFilesFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(project(#""music": [{"path": "bed.mp3"}]"#).utf8).write(to: URL(fileURLWithPath: folder + "/p.json"))
        XCTAssertEqual(try Project.load(contentsOf: folder + "/p.json").music[0].path, folder + "/bed.mp3")
    }

    func testMediaPathsListEveryFileWithItsJSONPath() throws {
        let loaded = try load(#"{"version": 1, "clips": [{"path": "a.mp4"}, {"path": "a.mp4"}], "voiceovers": [{"path": "v.wav", "start": 1}], "music": [{"path": "/m.mp3"}]}"#)
        XCTAssertEqual(loaded.mediaPaths, [
            Project.MediaReference(path: "/proj/a.mp4", jsonPath: "clips[0].path"),
            Project.MediaReference(path: "/proj/a.mp4", jsonPath: "clips[1].path"),
            Project.MediaReference(path: "/proj/v.wav", jsonPath: "voiceovers[0].path"),
            Project.MediaReference(path: "/m.mp3", jsonPath: "music[0].path"),
        ])
    }

    // MARK: Encoding

    func testByteOrderMarkAndUnicodeAreFine() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(project(#""music": [{"path": "musique é 🎵.mp3"}]"#).utf8)
        XCTAssertEqual(try Project(json: data, baseDirectory: "").music[0].path, "musique é 🎵.mp3")
    }

    func testLinesAndColumnsCountCharacters() {
        let error = loadError("{\n  \"version\": 1,\n  \"clips\": [{\"path\": \"é\" \"x\"}]\n}")
        XCTAssertEqual(error?.issues.first?.kind, .malformedFile(line: 3, column: 26))
        XCTAssertEqual(error?.issues.first?.description, #"line 3, column 26: found '"', expected ',' or '}' after the value"#)
    }

    func testParserErrorsArePlaced() {
        let cases: [(String, ProjectFileIssue.Kind, String)] = [
            (#"{"version": 01}"#, .malformedFile(line: 1, column: 14), "number with leading zero"),
            (#"{"version": 1, "clips": [{"path": "a\q"}]}"#, .malformedFile(line: 1, column: 37), "invalid escape sequence"),
            (#"{"version": 1.}"#, .malformedFile(line: 1, column: 15), "expected valid JSON"),
        ]
        for (json, kind, fragment) in cases {
            let error = loadError(json)
            XCTAssertEqual(error?.issues.first?.kind, kind, json)
            XCTAssertTrue(error?.description.contains(fragment) == true, "\(String(describing: error))")
        }
    }

    func testDuplicateKeysAreReportedBesideOtherProblems() {
        let error = loadError(#"{"version": 1, "clips": [{"path": "a.mp4", "pa\u0074h": "b.mp4", "volume": -1}], "clips": []}"#)
        // JSON keeps the last "clips", which is empty: so there is nothing to mix either.
        XCTAssertEqual(error?.issues.map(\.path), ["clips[0].path", "clips", ""])
        XCTAssertEqual(error?.issues.first?.description,
                       "clips[0].path: found the key given twice, expected each key once per object (JSON would keep only the last value)")
    }
}
