import Foundation
import MixdownComposition
import MixdownProject
import MixdownProjectFile
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// The `overlays` and `captions` lists: every key read exactly, every bad
/// value named by its JSON path, and written back as read.
final class ProjectFileOverlayTests: XCTestCase {
    private func overlays(_ elements: String) throws -> [Project.Overlay] {
        try load(project(#""overlays": [\#(elements)]"#)).overlays
    }

    private func captions(_ elements: String) throws -> [Project.Captions] {
        try load(project(#""captions": [\#(elements)]"#)).captions
    }

    func testAnImageOverlayLoadsWithExactValues() throws {
        let loaded = try overlays(#"""
        {"image": "art/logo.png", "start": "1.5", "end": "0:10.04", "position": "top-right", "margin": 24, "width": 200,
         "opacity": 0.75, "fadeIn": "250ms", "fadeOut": 0.5,
         "animations": [{"property": "x", "from": -200, "to": 40, "start": 0, "end": "0.5", "timing": "ease-out"},
                        {"property": "rotate", "from": 0, "to": -90.5, "start": 1, "end": 1}]}
        """#)
        var expected = Project.Overlay(content: .image(path: "/proj/art/logo.png"))
        expected.start = t("1.5")
        expected.end = t("10.04")
        expected.position = .anchored(.topRight, margin: 24)
        expected.width = 200
        expected.opacity = try Opacity(value: 0.75)
        expected.fadeIn = t("0.25")
        expected.fadeOut = t("0.5")
        expected.animations = [
            OverlayAnimation(property: .x, from: -200, to: 40, timeRange: try MediaTimeRange(start: .zero, end: t("0.5")), timing: .easeOut),
            OverlayAnimation(property: .rotate, from: 0, to: -90.5, timeRange: try MediaTimeRange(start: t("1"), end: t("1"))),
        ]
        XCTAssertEqual(loaded, [expected])
        // Exact times: 10.04 s is 1004/100 s, not the double nearest to it.
        XCTAssertEqual(loaded.first?.end, try MediaTime(value: 1004, timescale: 100))
    }

    func testATextOverlayReadsEveryStyleKey() throws {
        let loaded = try overlays(##"""
        {"text": "Chapter 1\nThe road", "start": 2, "duration": "3.5", "position": {"x": -10, "y": 600, "anchor": "bottom-right"}, "height": 80,
         "style": {"font": "Noto Sans", "weight": "bold", "size": 56.5, "colour": "#ffcc0080",
                   "outline": {"colour": "black", "width": 2.5}, "shadow": {"colour": "#00000099", "x": -1, "y": 3, "blur": 6},
                   "background": {"colour": "#000000a0", "padding": 12, "radius": 8}, "align": "left", "maxWidth": 1024, "maxLines": 2}}
        """##)
        let style = TextStyle(fontFamily: "Noto Sans", fontWeight: 700, size: 56.5,
                              colour: RGBAColour(colour: Colour(red: 0xFF, green: 0xCC, blue: 0), alpha: 0x80),
                              outline: TextStyle.Outline(colour: .black, width: 2.5),
                              shadow: TextStyle.Shadow(colour: RGBAColour(colour: .black, alpha: 0x99), offsetX: -1, offsetY: 3, blur: 6),
                              background: BoxStyle(colour: RGBAColour(colour: .black, alpha: 0xA0), cornerRadius: 8, padding: 12),
                              alignment: .left, maximumWidth: 1024, maximumLines: 2)
        var expected = Project.Overlay(content: .text([TextRun("Chapter 1\nThe road")], style))
        expected.start = t("2")
        expected.end = t("5.5")
        expected.position = .point(x: -10, y: 600, anchor: .bottomRight)
        expected.height = 80
        XCTAssertEqual(loaded, [expected])
    }

    func testABoxAndTheDefaults() throws {
        let loaded = try overlays(##"""
        {"box": {"colour": "#0008", "radius": 4}, "width": 1280, "height": 120, "position": "bottom"},
        {"text": "x", "style": {"weight": 300, "shadow": {"colour": "transparent"}}},
        {"image": "/abs/logo.svg", "end": null}
        """##)
        var box = Project.Overlay(content: .box(BoxStyle(colour: RGBAColour(colour: .black, alpha: 0x88), cornerRadius: 4)))
        box.width = 1280
        box.height = 120
        box.position = .anchored(.bottom, margin: nil)
        let text = Project.Overlay(content: .text([TextRun("x")], TextStyle(fontWeight: 300, shadow: TextStyle.Shadow(colour: .transparent))))
        let image = Project.Overlay(content: .image(path: "/abs/logo.svg"))
        XCTAssertEqual(loaded, [box, text, image])
        // A new overlay: the whole timeline (no end), centred with the default margin, opaque, no fades.
        XCTAssertEqual(image.start, .zero)
        XCTAssertNil(image.end)
        XCTAssertEqual(image.position, .anchored(.center, margin: nil))
        XCTAssertEqual(image.opacity.value, 1)
        XCTAssertEqual(TextStyle.Shadow(colour: .black).offsetX, 2)
    }

    func testEveryAnchorAndTimingNameLoads() throws {
        for anchor in OverlayPosition.Anchor.allCases {
            XCTAssertEqual(try overlays(#"{"image": "a.png", "position": "\#(anchor.rawValue)"}"#).first?.position, .anchored(anchor, margin: nil))
        }
        XCTAssertEqual(OverlayPosition.Anchor.allCases.count, 9)
        for timing in TimingFunction.allCases {
            let json = #"{"image": "a.png", "animations": [{"property": "scale", "from": 0, "to": 100, "start": 0, "end": 1, "timing": "\#(timing.rawValue)"}]}"#
            XCTAssertEqual(try overlays(json).first?.animations.first?.timing, timing)
        }
        for property in OverlayAnimation.Property.allCases {
            let json = #"{"image": "a.png", "animations": [{"property": "\#(property.rawValue)", "from": 0, "to": 1, "start": 0, "end": 1}]}"#
            XCTAssertEqual(try overlays(json).first?.animations.first?.property, property)
        }
    }

    func testCaptionsLoadWithExactValues() throws {
        let loaded = try captions(##"""
        {"file": "subs/en.srt", "language": "eng", "burn": true, "track": false,
         "style": {"size": 40, "outline": null, "background": {"colour": "#00000080", "padding": 8}, "maxLines": null}},
        {"file": "/abs/de.vtt", "language": "deu"},
        {"file": "fr.srt"}
        """##)
        var english = Project.Captions(path: "/proj/subs/en.srt")
        english.language = "eng"
        english.burn = true
        english.track = false
        english.style = Project.Captions.defaultStyle
        english.style.size = 40
        english.style.designHeight = nil // a size of the file's own is render pixels
        english.style.outline = nil
        english.style.background = BoxStyle(colour: RGBAColour(colour: .black, alpha: 0x80), padding: 8)
        english.style.maximumLines = nil
        var german = Project.Captions(path: "/abs/de.vtt")
        german.language = "deu"
        let french = Project.Captions(path: "/proj/fr.srt")
        XCTAssertEqual(loaded, [english, german, french])
        // Defaults: an undetermined language, a soft track, not burned, the caption style.
        XCTAssertEqual(french.language, "und")
        XCTAssertFalse(french.burn)
        XCTAssertTrue(french.track)
        XCTAssertEqual(french.style, Project.Captions.defaultStyle)
        XCTAssertEqual(Project.Captions.defaultStyle.size, 44)
        XCTAssertEqual(Project.Captions.defaultStyle.maximumLines, 2)
    }

    func testBadOverlayValuesNameTheirPaths() {
        assertIssue(project(#""overlays": [{"image": "a.png", "position": "top-centre"}]"#), path: "overlays[0].position",
                    #"found "top-centre", expected one of "top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right""#)
        assertIssue(project(#""overlays": [{"image": "a.png", "position": 3}]"#), path: "overlays[0].position",
                    #"found 3, expected an anchor, one of "top-left", "top""#)
        assertIssue(project(#""overlays": [{"image": "a.png", "position": {"x": 1.5, "y": 0}}]"#), path: "overlays[0].position.x",
                    "found 1.5, expected a whole number of render pixels from -16384 to 16384")
        assertIssue(project(#""overlays": [{"image": "a.png", "position": {"x": 1}}]"#), path: "overlays[0].position.y", "missing")
        assertIssue(project(#""overlays": [{"image": "a.png", "width": -10}]"#), path: "overlays[0].width",
                    "found -10, expected a whole number of render pixels from 1 to 8192")
        assertIssue(project(#""overlays": [{"image": "a.png", "height": 0}]"#), path: "overlays[0].height", "found 0")
        assertIssue(project(#""overlays": [{"image": "a.png", "margin": -1}]"#), path: "overlays[0].margin", "found -1")
        assertIssue(project(#""overlays": [{"image": "a.png", "position": {"x": 0, "y": 0}, "margin": 10}]"#), path: "overlays[0].margin",
                    "a margin only beside an anchor")
        assertIssue(project(#""overlays": [{"image": "a.png", "opacity": 1.5}]"#), path: "overlays[0].opacity", "found 1.5")
        assertIssue(project(#""overlays": [{"image": "a.png", "start": 5, "end": 4}]"#), path: "overlays[0].end",
                    "found 4, expected a time after the overlay's start (5")
        assertIssue(project(#""overlays": [{"image": "a.png", "start": 5, "end": 5}]"#), path: "overlays[0].end", "found 5")
        assertIssue(project(#""overlays": [{"image": "a.png", "end": 4, "duration": 2}]"#), path: "overlays[0].duration",
                    "found 2 beside end, expected either end or duration, not both")
        assertIssue(project(#""overlays": [{"image": "a.png", "duration": 0}]"#), path: "overlays[0].duration", "a duration greater than zero")
        assertIssue(project(#""overlays": [{"image": ""}]"#), path: "overlays[0].image", "found \"\"")
        assertIssue(project(#""overlays": [{"text": ""}]"#), path: "overlays[0].text", "a non-empty string")
        assertIssue(project(#""overlays": [{"start": 1}]"#), path: "overlays[0]", "exactly one of image")
        assertIssue(project(#""overlays": [{"image": "a.png", "text": "b"}]"#), path: "overlays[0].text", "beside image")
        assertIssue(project(#""overlays": [{"image": "a.png", "style": {}}]"#), path: "overlays[0].style", "a style only on a text overlay")
        assertIssue(project(#""overlays": [{"box": {"colour": "red"}, "width": 10}]"#), path: "overlays[0].height", "a box has no natural size")
        assertIssue(project(#""overlays": [{"box": {"colour": "reddish"}, "width": 10, "height": 10}]"#), path: "overlays[0].box.colour",
                    #"found "reddish", expected #RRGGBBAA, #RGBA, transparent, or"#)
        assertIssue(project(#""overlays": [{"image": "a.png", "positon": "top"}]"#), path: "overlays[0].positon", "did you mean position?")
        assertIssue(project(#""overlays": {"image": "a.png"}"#), path: "overlays", "expected an array of overlays")
    }

    func testBadAnimationValuesNameTheirPaths() {
        func animation(_ members: String) -> String {
            project(#""overlays": [{"image": "a.png", "animations": [{\#(members)}]}]"#)
        }
        assertIssue(animation(#""property": "colour", "from": 0, "to": 1, "start": 0, "end": 1"#), path: "overlays[0].animations[0].property",
                    #"found "colour", expected one of "opacity", "x", "y", "scale", "rotate""#)
        assertIssue(animation(#""property": "opacity", "from": 0, "to": 2, "start": 0, "end": 1"#), path: "overlays[0].animations[0].to",
                    "found 2")
        assertIssue(animation(#""property": "scale", "from": -1, "to": 1, "start": 0, "end": 1"#), path: "overlays[0].animations[0].from",
                    "a scale from 0 to 100")
        assertIssue(animation(#""property": "x", "from": 0, "to": 1, "start": 2, "end": 1"#), path: "overlays[0].animations[0].end",
                    "a time at or after the animation's start")
        assertIssue(animation(#""property": "x", "from": 0, "to": 1, "start": 0, "end": 1, "timing": "ease""#), path: "overlays[0].animations[0].timing",
                    #"found "ease", expected one of "linear", "ease-in", "ease-out", "ease-in-out""#)
        assertIssue(animation(#""property": "x", "from": 0, "to": 1, "start": 0"#), path: "overlays[0].animations[0].end", "missing")
    }

    func testBadStyleValuesNameTheirPaths() {
        func style(_ members: String) -> String { project(#""overlays": [{"text": "a", "style": {\#(members)}}]"#) }
        assertIssue(style(#""weight": 950"#), path: "overlays[0].style.weight", "a weight from 100 (thin) to 900 (black)")
        assertIssue(style(#""weight": "bol""#), path: "overlays[0].style.weight", #"did you mean "bold"?"#)
        assertIssue(style(#""size": 0"#), path: "overlays[0].style.size", "a font size in render pixels greater than 0")
        assertIssue(style(##""colour": "#12345""##), path: "overlays[0].style.colour", "#RRGGBBAA")
        assertIssue(style(#""outline": {"colour": "black"}"#), path: "overlays[0].style.outline.width", "missing")
        assertIssue(style(#""shadow": {"x": 1}"#), path: "overlays[0].style.shadow.colour", "missing")
        assertIssue(style(#""background": {"colour": "black", "padding": -2}"#), path: "overlays[0].style.background.padding", "found -2")
        assertIssue(style(#""align": "centre""#), path: "overlays[0].style.align", #"one of "left", "center", "right"; did you mean "center"?"#)
        assertIssue(style(#""maxWidth": 0"#), path: "overlays[0].style.maxWidth", "found 0")
        assertIssue(style(#""maxLines": 1.5"#), path: "overlays[0].style.maxLines", "found 1.5")
        assertIssue(style(#""font": """#), path: "overlays[0].style.font", "a font family name")
        assertIssue(style(#""colour": "white", "colur": "red""#), path: "overlays[0].style.colur", "did you mean colour?")
    }

    func testBadCaptionValuesNameTheirPaths() {
        assertIssue(project(#""captions": [{"file": "a.srt", "language": "en"}]"#), path: "captions[0].language",
                    #"found "en", expected an ISO 639-2 language code, three lowercase letters like eng or deu (und: not known)"#)
        assertIssue(project(#""captions": [{"file": "a.srt", "language": "ENG"}]"#), path: "captions[0].language", #"found "ENG""#)
        assertIssue(project(#""captions": [{"language": "eng"}]"#), path: "captions[0].file", "missing")
        assertIssue(project(#""captions": [{"file": "a.srt", "burn": "yes"}]"#), path: "captions[0].burn", "expected true or false")
        assertIssue(project(#""captions": [{"file": "a.srt", "track": false}]"#), path: "captions[0].track", "show nowhere")
        assertIssue(project(#""captions": [{"file": "a.srt", "burn": true}, {"file": "b.srt", "burn": true}]"#), path: "captions[1].burn",
                    "at most one caption file is burned in, and captions[0] is")
        assertIssue(project(#""captions": [{"file": "a.srt", "style": {"maxLines": 0}}]"#), path: "captions[0].style.maxLines", "found 0")
    }

    /// Every problem of a file is reported at once, each at its path.
    func testSeveralProblemsAreReportedTogether() throws {
        let error = try XCTUnwrap(loadError(project(##"""
        "overlays": [{"image": "a.png", "position": "middle", "width": -1, "opacity": 2,
                      "animations": [{"property": "spin", "from": 0, "to": 1, "start": 0, "end": 1}]},
                     {"text": "t", "start": 3, "end": 1, "style": {"colour": "#zz"}}],
        "captions": [{"file": "a.srt", "language": "english"}]
        """##)))
        XCTAssertEqual(Set(error.issues.map(\.path)), ["overlays[0].position", "overlays[0].width", "overlays[0].opacity",
                                                       "overlays[0].animations[0].property", "overlays[1].end", "overlays[1].style.colour",
                                                       "captions[0].language"])
        XCTAssertEqual(error.issues.count, 7)
    }

    func testOverlaysAndCaptionsRoundTrip() throws {
        let original = try overlayProject(base: "/proj")
        let data = original.jsonData(relativeTo: "/proj")
        XCTAssertEqual(try Project(json: data, baseDirectory: "/proj"), original)
        let text = String(decoding: data, as: UTF8.self)
        // Paths under the project's folder are written relative to it, and only what differs from the defaults.
        XCTAssertTrue(text.contains(#""image" : "logo.png""#) || text.contains(#""image": "logo.png""#), text)
        XCTAssertFalse(text.contains("duration"), text)
    }

    func testOnlyWhatDiffersIsWritten() throws {
        var plain = Project()
        plain.clips = [Project.Clip(path: "/proj/a.mp4")]
        plain.overlays = [Project.Overlay(content: .image(path: "/proj/logo.png"))]
        plain.captions = [Project.Captions(path: "/proj/en.srt")]
        let written = try JSONSerialization.jsonObject(with: plain.jsonData(relativeTo: "/proj")) as? [String: Any]
        XCTAssertEqual(written?["overlays"] as? [[String: String]], [["image": "logo.png"]])
        XCTAssertEqual(written?["captions"] as? [[String: String]], [["file": "en.srt"]])
    }

    /// docs/project-format.md's overlay example, value by value.
    func testTheDocumentedOverlayExampleLoadsWithExactValues() throws {
        let example = try XCTUnwrap(documentedExamples().first { $0.contains(#""overlays""#) })
        let overlays = try load(example, base: "/work/film").overlays
        XCTAssertEqual(overlays.count, 3)
        var logo = Project.Overlay(content: .image(path: "/work/film/logo.png"))
        logo.position = .anchored(.topRight, margin: nil)
        logo.opacity = try Opacity(value: 0.8)
        XCTAssertEqual(overlays.first, logo)
        let title = try XCTUnwrap(overlays.last)
        XCTAssertEqual(title.start, t("2"))
        XCTAssertEqual(title.end, t("6"))
        XCTAssertEqual(title.position, .anchored(.bottom, margin: 48))
        XCTAssertEqual(title.fadeIn, t("0.5"))
        guard case let .text(runs, style) = title.content else { return XCTFail("\(title.content)") }
        XCTAssertEqual(runs, [TextRun("Anna Berg\nField recordist")])
        XCTAssertEqual(style.fontWeight, 700)
        XCTAssertEqual(style.size, 40)
        XCTAssertEqual(style.shadow, TextStyle.Shadow(colour: RGBAColour(colour: .black, alpha: 0x99), blur: 4))
        XCTAssertEqual(title.animations, [OverlayAnimation(property: .scale, from: 0.9, to: 1,
                                                           timeRange: try MediaTimeRange(start: .zero, end: t("0.5")), timing: .easeOut)])
        let captions = try load(XCTUnwrap(documentedExamples().first { $0.contains(#""captions""#) }), base: "/work/film").captions
        XCTAssertEqual(captions.map(\.path), ["/work/film/subtitles/en.srt", "/work/film/subtitles/de.vtt"])
        XCTAssertEqual(captions.map(\.language), ["eng", "deu"])
        XCTAssertEqual(captions.map(\.burn), [true, false])
        XCTAssertEqual(captions.map(\.track), [true, true])
        XCTAssertNil(captions.first?.style.outline)
        XCTAssertEqual(captions.first?.style.background, BoxStyle(colour: RGBAColour(colour: .black, alpha: 0xA0), cornerRadius: 6, padding: 8))
    }
}

/// A project with an overlay of every kind, every key away from its default, and caption files.
func overlayProject(base: String) throws -> Project {
    var project = Project()
    project.clips = [Project.Clip(path: base + "/a.mp4")]
    var logo = Project.Overlay(content: .image(path: base + "/logo.png"))
    logo.start = t("0.5")
    logo.end = t("1234567890.123456789")
    logo.position = .anchored(.bottomLeft, margin: 0)
    logo.width = 320
    logo.opacity = try Opacity(value: 0.30000000000000004)
    logo.fadeIn = t("0.000000001")
    logo.fadeOut = t("1:02.5")
    logo.animations = [
        OverlayAnimation(property: .opacity, from: 0, to: 1, timeRange: try MediaTimeRange(start: .zero, end: t("1")), timing: .easeInEaseOut),
        OverlayAnimation(property: .y, from: -16384, to: 16384, timeRange: try MediaTimeRange(start: t("2"), end: t("2"))),
        OverlayAnimation(property: .scale, from: 1e-7, to: 100, timeRange: try MediaTimeRange(start: t("1"), end: t("3")), timing: .easeIn),
    ]
    let style = TextStyle(fontFamily: "Noto Sans CJK JP", fontWeight: 100, size: 0.5, colour: .transparent,
                          outline: TextStyle.Outline(colour: RGBAColour(colour: .black, alpha: 1), width: 8192),
                          shadow: TextStyle.Shadow(colour: .white, offsetX: 0, offsetY: -8192, blur: 0.25),
                          background: BoxStyle(colour: RGBAColour(colour: Colour(red: 1, green: 2, blue: 3), alpha: 4), cornerRadius: 6, padding: 7),
                          alignment: .right, maximumWidth: 8192, maximumLines: 100)
    var title = Project.Overlay(content: .text([TextRun("مرحبا @ 你好\n\"two\"")], style))
    title.start = t("2")
    title.end = t("7")
    title.position = .point(x: -16384, y: 16384, anchor: .bottom)
    title.height = 8192
    var bar = Project.Overlay(content: .box(BoxStyle(colour: .black, cornerRadius: 12.5)))
    bar.width = 1
    bar.height = 1
    bar.position = .anchored(.center, margin: 36)
    project.overlays = [logo, title, bar, Project.Overlay.title("Chapter 1", over: try MediaTimeRange(start: t("1"), end: t("3")))]
    var english = Project.Captions(path: base + "/subs/en.srt")
    english.language = "eng"
    english.burn = true
    english.track = false
    english.style.outline = nil
    english.style.maximumWidth = 1000
    var german = Project.Captions(path: "/elsewhere/de.vtt")
    german.language = "deu"
    german.style = TextStyle()
    project.captions = [english, german, Project.Captions(path: base + "/und.srt")]
    return project
}
