import Foundation
import MixdownAudioMix
import MixdownComposition
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// The `video` object and each clip's picture keys: values read exactly, every
/// bad value named by its JSON path.
final class ProjectFileVideoTests: XCTestCase {
    func testTheVideoObjectLoadsWithExactValues() throws {
        let loaded = try load(project(#"""
        "video": {"renderSize": "1920x1080", "frameRate": "30000/1001", "background": "#10Ff80",
                  "transition": {"type": "wipe-left", "duration": "250ms"}, "quality": 20.5, "preset": "slower",
                  "dynamicRange": "pq", "fit": "fill", "fadeIn": 1.5, "fadeOut": "0:02", "fadeAudio": false, "transitionCurve": "s-curve", "fullRender": true}
        """#))
        var expected = Project.Video()
        expected.renderSize = try PixelSize(width: 1920, height: 1080)
        expected.frameRate = try FrameRate(30_000, 1001)
        expected.background = Colour(red: 0x10, green: 0xFF, blue: 0x80)
        expected.transition = try Transition(kind: .wipeLeft, duration: t("0.25"))
        expected.quality = try VideoQuality(crf: 20.5)
        expected.preset = .slower
        expected.dynamicRange = .pq
        expected.fit = .fill
        expected.fadeIn = t("1.5")
        expected.fadeOut = t("2")
        expected.fadeAudio = false
        expected.transitionCurve = .sCurve
        expected.fullRender = true
        XCTAssertEqual(loaded.video, expected)
    }

    func testAnEmptyOrNullVideoObjectKeepsTheDefaults() throws {
        XCTAssertEqual(try load(project(#""video": {}"#)).video, Project.Video())
        let nulls = try load(project(#""video": {"renderSize": null, "frameRate": null, "transition": null, "quality": null, "dynamicRange": null}"#))
        XCTAssertEqual(nulls.video, Project.Video())
        XCTAssertEqual(try load(project(#""video": {"dynamicRange": "auto"}"#)).video, Project.Video())
        XCTAssertEqual(try load(project(#""video": {"transition": {"type": "cut"}}"#)).video, Project.Video())
        assertIssue(project(#""video": null"#), path: "video", #"video: found null, expected an object like {"renderSize": "1280x720""#)
        assertIssue(project(#""video": {"background": null}"#), path: "video.background", "found null, expected #RRGGBB")
    }

    func testValueForms() throws {
        func video(_ members: String) throws -> Project.Video { try load(project(#""video": {\#(members)}"#)).video }
        XCTAssertEqual(try video(#""frameRate": 25"#).frameRate, try FrameRate(25))
        XCTAssertEqual(try video(#""frameRate": 25.0"#).frameRate, try FrameRate(25))
        XCTAssertEqual(try video(#""frameRate": "24000/1001""#).frameRate, try FrameRate(24_000, 1001))
        XCTAssertEqual(try video(#""renderSize": "720X1280""#).renderSize, try PixelSize(width: 720, height: 1280))
        XCTAssertEqual(try video(#""renderSize": "640×360""#).renderSize, try PixelSize(width: 640, height: 360))
        XCTAssertEqual(try video(#""background": "White""#).background, Colour(red: 255, green: 255, blue: 255))
        XCTAssertEqual(try video(##""background": "#abc""##).background, Colour(red: 0xAA, green: 0xBB, blue: 0xCC))
        XCTAssertEqual(try video(#""quality": 0"#).quality, try VideoQuality(crf: 0))
        XCTAssertEqual(try video(#""quality": 51"#).quality, try VideoQuality(crf: 51))
        XCTAssertEqual(try video(#""transition": {"type": "dissolve"}"#).transition, try Transition(kind: .dissolve, duration: t("1")))
        XCTAssertEqual(try video(#""transition": {"type": "diagonal-wipe", "duration": 0.5}"#).transition,
                       try Transition(kind: .diagonalWipe, duration: t("0.5")))
    }

    func testBadVideoValuesNameTheirPaths() {
        let cases: [(String, String, String)] = [
            (#""renderSize": "1281x720""#, "video.renderSize", #"video.renderSize: found "1281x720" (1281 is odd), expected WIDTHxHEIGHT, each an even number of pixels from 16 to 8192 (1280x720)"#),
            (#""renderSize": "8194x720""#, "video.renderSize", "(8194 is outside 16 to 8192)"),
            (#""renderSize": 1280"#, "video.renderSize", "found 1280, expected WIDTHxHEIGHT"),
            (#""renderSize": {"width": 1280, "height": 720}"#, "video.renderSize", "found an object, expected WIDTHxHEIGHT"),
            (#""renderSize": " 1280x720""#, "video.renderSize", #"found " 1280x720" (with spaces around it), expected WIDTHxHEIGHT"#),
            (#""frameRate": 29.97"#, "video.frameRate", #"video.frameRate: found 29.97 (not a whole number; write a fraction such as "30000/1001"), expected a frame rate from 1 to 240"#),
            (#""frameRate": "0/1""#, "video.frameRate", #"found "0/1", expected a frame rate from 1 to 240"#),
            (#""frameRate": 300"#, "video.frameRate", "found 300, expected a frame rate"),
            (##""background": "#12345""##, "video.background", ##"video.background: found "#12345", expected #RRGGBB, #RGB or one of black, white"##),
            (#""background": "purple""#, "video.background", #"found "purple", expected #RRGGBB"#),
            (#""quality": 60"#, "video.quality", "video.quality: found 60, expected a CRF from 0 (lossless) to 51, lower is better, like 18"),
            (#""quality": "18""#, "video.quality", #"found "18", expected a CRF"#),
            (#""preset": "Slow""#, "video.preset", #"video.preset: found "Slow", expected an x264 preset, one of ultrafast, superfast"#),
            (#""preset": " slow""#, "video.preset", #"found " slow" (with spaces around it), expected an x264 preset"#),
            (#""dynamicRange": "HDR""#, "video.dynamicRange", #"video.dynamicRange: found "HDR", expected auto, sdr, hlg or pq"#),
            (#""fit": "stretch""#, "video.fit", #"video.fit: found "stretch", expected one of "fit", "fill""#),
            (#""fit": "fll""#, "video.fit", #"did you mean "fill"?"#),
            (#""fadeIn": -1"#, "video.fadeIn", "expected a time that is not negative"),
            (#""fadeAudio": "yes""#, "video.fadeAudio", #"found "yes", expected true or false"#),
            (#""transitionCurve": "equal power""#, "video.transitionCurve", #"did you mean "equal-power"?"#),
            (#""fullRender": 1"#, "video.fullRender", "found 1, expected true or false"),
            (#""backround": "red""#, "video.backround", "video.backround: unknown key; did you mean background?"),
            (#""renderSise": "1280x720""#, "video.renderSise", "did you mean renderSize?"),
        ]
        for (members, path, message) in cases {
            assertIssue(project(#""video": {\#(members)}"#), path: path, message)
        }
    }

    func testTransitionsNameTheirPaths() {
        let cases: [(String, String, String)] = [
            (#"{"type": "disolve"}"#, "video.transition.type", #"video.transition.type: found "disolve", expected one of "cut", "dissolve", "push-left""#),
            (#"{"type": "disolve"}"#, "video.transition.type", #"did you mean "dissolve"?"#),
            (#"{"type": "dissolve", "duration": -1}"#, "video.transition.duration", "video.transition.duration: found -1, expected a time that is not negative"),
            (#"{"type": "dissolve", "duration": 0}"#, "video.transition.duration", "found 0, expected a duration greater than zero"),
            (#"{"duration": 1}"#, "video.transition.type", #"video.transition.type: missing; expected the kind of transition, one of "cut", "dissolve""#),
            (#"{"type": "cut", "duration": 1}"#, "video.transition.duration", "found 1, expected no duration: a cut is instant"),
            (#"{"type": "dissolve", "length": 1}"#, "video.transition.length", "unknown key; expected one of type, duration"),
            (#"{"type": "dissolve", "durations": 1}"#, "video.transition.durations", "did you mean duration?"),
            (#""dissolve:1""#, "video.transition", #"video.transition: found "dissolve:1", expected an object like {"type": "dissolve", "duration": 1}"#),
        ]
        for (value, path, message) in cases {
            assertIssue(project(#""video": {"transition": \#(value)}"#), path: path, message)
        }
        assertIssue(project(#""clips": [{"path": "a.mp4"}, {"path": "b.mp4", "transition": {"type": "Dissolve"}}]"#),
                    path: "clips[1].transition.type", #"did you mean "dissolve"?"#)
    }

    // MARK: Clips

    func testClipTransitionsTakeTheDefaultSayCutOrNameTheirOwn() throws {
        let loaded = try load(project(#"""
        "video": {"transition": {"type": "dissolve", "duration": 0.5}},
        "clips": [{"path": "a.mp4", "transition": {"type": "cut"}}, {"path": "b.mp4"}, {"path": "c.mp4", "transition": null},
                  {"path": "d.mp4", "transition": {"type": "cut"}}, {"path": "e.mp4", "transition": {"type": "push-up", "duration": 2}}]
        """#))
        let pushUp = try Transition(kind: .pushUp, duration: t("2"))
        XCTAssertEqual(loaded.clips.map(\.transition), [.cut, .videoDefault, .videoDefault, .cut, .transition(pushUp)])
        let dissolve = try Transition(kind: .dissolve, duration: t("0.5"))
        XCTAssertEqual((0...5).map { loaded.transition(into: $0) }, [nil, dissolve, dissolve, nil, pushUp, nil])

        var cuts = loaded
        cuts.video.transition = nil
        XCTAssertEqual((0...4).map { cuts.transition(into: $0) }, [nil, nil, nil, nil, pushUp])
    }

    func testTheFirstClipHasNoTransitionIntoIt() {
        assertIssue(project(#""clips": [{"path": "a.mp4", "transition": {"type": "dissolve"}}, {"path": "b.mp4"}]"#),
                    path: "clips[0].transition",
                    "clips[0].transition: found a dissolve transition, expected none on the first clip, which nothing plays before (video.fadeIn fades the picture in from the background)")
    }

    func testLayerRampsLoadInClipTime() throws {
        let loaded = try load(project(#"""
        "clips": [{"path": "a.mp4", "fit": "fill",
          "opacity": [{"start": 0, "end": 1, "from": 0, "to": 1}, {"start": "0:04", "end": 4, "from": 0.25, "to": 0.25}],
          "transform": [{"start": 0.5, "end": 2, "from": {}, "to": {"scale": 0.5, "x": -320, "y": 180.5}},
                        {"start": 3, "end": 3, "from": {"rotate": 90, "scaleX": 2, "scaleY": 0.75}, "to": {"rotate": 90, "scaleX": 2, "scaleY": 0.75}}],
          "crop": [{"start": 1, "end": 2.5, "from": {"width": 1920, "height": 1080}, "to": {"x": 480, "y": 270, "width": 960, "height": 540}}]},
          {"path": "b.mp4", "fit": null}]
        """#))
        let clip = loaded.clips[0]
        XCTAssertEqual(clip.fit, .fill)
        XCTAssertNil(loaded.clips[1].fit)
        XCTAssertEqual(clip.opacity, [
            LayerRamp(from: 0, to: 1, timeRange: try MediaTimeRange(start: .zero, end: t("1"))),
            LayerRamp(from: 0.25, to: 0.25, timeRange: try MediaTimeRange(start: t("4"), end: t("4"))),
        ])
        XCTAssertEqual(clip.transform, [
            LayerRamp(from: .identity, to: LayerTransform(scaleX: 0.5, scaleY: 0.5, translateX: -320, translateY: 180.5),
                      timeRange: try MediaTimeRange(start: t("0.5"), end: t("2"))),
            LayerRamp(from: LayerTransform(quarterTurns: 1, scaleX: 2, scaleY: 0.75), to: LayerTransform(quarterTurns: 1, scaleX: 2, scaleY: 0.75),
                      timeRange: try MediaTimeRange(start: t("3"), end: t("3"))),
        ])
        XCTAssertEqual(clip.crop, [
            LayerRamp(from: CropRectangle(x: 0, y: 0, width: 1920, height: 1080), to: CropRectangle(x: 480, y: 270, width: 960, height: 540),
                      timeRange: try MediaTimeRange(start: t("1"), end: t("2.5"))),
        ])
    }

    func testBadLayerValuesNameTheirPaths() {
        func ramp(_ from: String, _ to: String, start: String = "0", end: String = "1") -> String {
            #"[{"start": \#(start), "end": \#(end), "from": \#(from), "to": \#(to)}]"#
        }
        let cases: [(String, String, String, String)] = [
            ("opacity", ramp("0", "1.5"), "clips[0].opacity[0].to", "clips[0].opacity[0].to: found 1.5, expected an opacity from 0 (transparent) to 1 (opaque), like 0.5"),
            ("opacity", ramp("-0.1", "1"), "clips[0].opacity[0].from", "found -0.1, expected an opacity"),
            ("opacity", ramp(#""50%""#, "1"), "clips[0].opacity[0].from", #"found "50%", expected an opacity"#),
            ("opacity", ramp("0", "1", start: "2", end: "1"), "clips[0].opacity[0].end", "found 1, expected a time at or after the ramp's start (2s)"),
            ("opacity", #"[{"start": 0, "end": 1, "from": 0}]"#, "clips[0].opacity[0].to", "clips[0].opacity[0].to: missing; expected the opacity at the end, like 1"),
            ("opacity", #"[{"start": 0, "end": 1, "from": 0, "to": 1, "curve": "linear"}]"#, "clips[0].opacity[0].curve", "unknown key; expected one of start, end, from, to"),
            ("opacity", "0.5", "clips[0].opacity", "found 0.5, expected an array of opacity ramps"),
            ("transform", ramp("{}", #"{"rotate": 45}"#), "clips[0].transform[0].to.rotate", "clips[0].transform[0].to.rotate: found 45, expected 0, 90, 180 or 270 (degrees clockwise)"),
            ("transform", ramp("{}", #"{"rotate": -90}"#), "clips[0].transform[0].to.rotate", "found -90, expected 0, 90, 180 or 270"),
            ("transform", ramp("{}", #"{"rotate": 90}"#), "clips[0].transform[0].to.rotate", "clips[0].transform[0].to.rotate: found 90, expected 0, the rotate of from: a turn cannot be ramped"),
            ("transform", ramp(#"{"scale": 0}"#, "{}"), "clips[0].transform[0].from.scale", "found 0, expected a scale greater than 0 and at most 100"),
            ("transform", ramp(#"{"scaleY": -1}"#, "{}"), "clips[0].transform[0].from.scaleY", "found -1, expected a scale"),
            ("transform", ramp(#"{"scale": 2, "scaleX": 1}"#, "{}"), "clips[0].transform[0].from.scaleX", "found 1 beside scale, expected either scale (the same both ways) or scaleX and scaleY"),
            ("transform", ramp(#"{"x": 20000}"#, "{}"), "clips[0].transform[0].from.x", "found 20000, expected a move in render pixels from -16384 to 16384"),
            ("transform", ramp(#"{"translateX": 2}"#, "{}"), "clips[0].transform[0].from.translateX", "unknown key; expected one of scale, scaleX, scaleY, rotate, x, y"),
            ("transform", ramp(#"{"rotat": 90}"#, "{}"), "clips[0].transform[0].from.rotat", "did you mean rotate?"),
            ("transform", ramp("1", "{}"), "clips[0].transform[0].from", #"found 1, expected an object like {"scale": 0.5, "rotate": 90"#),
            ("crop", ramp(#"{"width": 640}"#, #"{"width": 640, "height": 360}"#), "clips[0].crop[0].from.height", "clips[0].crop[0].from.height: missing; expected a number of pixels greater than 0 and at most 8192"),
            ("crop", ramp(#"{"width": 0, "height": 360}"#, #"{"width": 640, "height": 360}"#), "clips[0].crop[0].from.width", "found 0, expected a number of pixels greater than 0"),
            ("crop", ramp(#"{"x": -1, "width": 640, "height": 360}"#, #"{"width": 640, "height": 360}"#), "clips[0].crop[0].from.x", "found -1, expected a number of pixels from 0 to 8192"),
            ("crop", ramp(#"{"width": 640, "height": 360}"#, #"{"w": 640, "width": 640, "height": 360}"#), "clips[0].crop[0].to.w", "unknown key"),
            ("fit", #""letterbox""#, "clips[0].fit", #"clips[0].fit: found "letterbox", expected one of "fit", "fill""#),
        ]
        for (key, value, path, message) in cases {
            assertIssue(project(#""clips": [{"path": "a.mp4", "\#(key)": \#(value)}]"#), path: path, message)
        }
    }

    func testOverlappingLayerRampsNameBothRamps() {
        let opacity = [("0", "2"), ("1", "3"), ("5", "5"), ("5", "6")]
            .map { #"{"start": \#($0.0), "end": \#($0.1), "from": 1, "to": 0}"# }.joined(separator: ", ")
        let crop = #"{"width": 16, "height": 16}"#
        let error = loadError(project(#"""
        "clips": [{"path": "a.mp4"}, {"path": "b.mp4", "opacity": [\#(opacity)],
          "transform": [{"start": 0, "end": 1, "from": {}, "to": {}}, {"start": 1, "end": 2, "from": {}, "to": {}}],
          "crop": [{"start": 0, "end": 4, "from": \#(crop), "to": \#(crop)}, {"start": 3.5, "end": 4, "from": \#(crop), "to": \#(crop)}]}]
        """#))
        XCTAssertEqual(error?.issues.map(\.description), [
            "clips[1].opacity[1]: found 1s–3s, which overlaps clips[1].opacity[0] (0s–2s), expected opacity ramps of one clip that do not overlap",
            "clips[1].opacity[3]: found 5s–6s, which overlaps clips[1].opacity[2] (5s–5s), expected opacity ramps of one clip that do not overlap",
            "clips[1].crop[1]: found 3.5s–4s, which overlaps clips[1].crop[0] (0s–4s), expected crop ramps of one clip that do not overlap",
        ])
    }
}
