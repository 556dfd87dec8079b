import Foundation
import MixdownComposition
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// The project's captions on the plan: soft tracks in timeline time, cut by an
/// export's excerpt; the burned file's cues as text overlays after the
/// project's overlays, in the caption style, where their settings put them.
final class CaptionPlanningTests: XCTestCase {
    private func ms(_ value: Int64) -> MediaTime { .milliseconds(value) }

    private func range(_ start: Int64, _ end: Int64) throws -> MediaTimeRange {
        try MediaTimeRange(start: .milliseconds(start), end: .milliseconds(end))
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// clip-a (6 s, 640×360, keyframes every second) with `captions`.
    private func project(_ captions: [Project.Captions]) -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4"))]
        project.captions = captions
        return project
    }

    private let srt = """
        1
        00:00:00,200 --> 00:00:00,900
        before the range

        2
        00:00:00,500 --> 00:00:01,500
        across its start

        3
        00:00:02,000 --> 00:00:02,500
        inside

        4
        00:00:03,900 --> 00:00:05,000
        across its end

        5
        00:00:05,500 --> 00:00:07,250
        past the timeline's end

        6
        00:00:06,000 --> 00:00:07,000
        after it
        """

    func testSoftTracksAreOnThePlanAndCutByTheExcerpt() throws {
        let folder = try TemporaryFolder()
        try write(srt, to: folder.file("en.srt"))
        try write("WEBVTT\n\n00:01.000 --> 00:04.000\nÜberall\n", to: folder.file("de.vtt"))
        var english = Project.Captions(path: folder.file("en.srt"))
        english.language = "eng"
        var german = Project.Captions(path: folder.file("de.vtt"))
        german.language = "deu"
        let plan = try project([english, german]).plan(for: .export)
        // A soft track never changes the picture: the clip is still stream-copied.
        guard case .stitched = plan.video else { return XCTFail("a soft track composed the picture: \(plan.video)") }
        XCTAssertEqual(plan.captionTracks.map(\.language), ["eng", "deu"])
        XCTAssertEqual(plan.captionTracks.map(\.path), [folder.file("en.srt"), folder.file("de.vtt")])
        // The last cue is cut at the timeline's end, 6 s.
        XCTAssertEqual(plan.captionTracks[0].cues.map(\.timeRange),
                       [try range(200, 900), try range(500, 1500), try range(2000, 2500), try range(3900, 5000), try range(5500, 6000)])
        XCTAssertEqual(plan.warnings, ["\(folder.file("en.srt")): 1 cue at or after the timeline's end (6s) is not written"])
        XCTAssertEqual(Set(plan.inputPaths), [Fixture.path("clip-a.mp4"), folder.file("en.srt"), folder.file("de.vtt")])

        // Export of 1 s to 4 s (keyframes): cues cut to it and moved to start at 0, those outside dropped.
        let excerpt = try plan.excerpt(forExportOf: try range(1000, 4000))
        XCTAssertEqual(excerpt.timelineRange, try range(1000, 4000))
        let cut = excerpt.plan.captionTracks
        XCTAssertEqual(cut[0].cues.map(\.text), ["across its start", "inside", "across its end"])
        XCTAssertEqual(cut[0].cues.map(\.timeRange), [try range(0, 500), try range(1000, 1500), try range(2900, 3000)])
        XCTAssertEqual(cut[1].cues.map(\.timeRange), [try range(0, 3000)])
        XCTAssertEqual(cut.map(\.language), ["eng", "deu"])
    }

    func testBurnedCuesBecomeOverlaysAfterTheProjectsOverlays() throws {
        let folder = try TemporaryFolder()
        try write("""
            WEBVTT

            00:00.500 --> 00:01.250
            <i>Plain</i> bottom
            second line

            00:02.000 --> 00:03.000 line:10%
            held at the top

            00:03.000 --> 00:04.000 align:left
            left

            00:04.000 --> 00:05.000 line:50% position:20% align:start
            a point

            00:05.000 --> 00:05.500 position:90% align:right
            right

            00:06.000 --> 00:07.000
            after the end
            """, to: folder.file("burn.vtt"))
        var captions = Project.Captions(path: folder.file("burn.vtt"))
        captions.burn = true
        captions.track = false
        var project = project([captions])
        var box = Project.Overlay(content: .box(BoxStyle(colour: .white)))
        box.width = 100
        box.height = 50
        project.overlays = [box]
        let plan = try project.plan(for: .layout)
        XCTAssertEqual(plan.captionTracks, [], "track: false writes no soft track")
        guard case let .composed(composed) = plan.video else { return XCTFail("burned captions must compose the picture") }
        let overlays = composed.timeline.videoComposition.overlays
        XCTAssertEqual(overlays.count, 6)
        XCTAssertEqual(overlays[0].content, .box(BoxStyle(colour: .white)), "the project's overlays first")
        let cues = Array(overlays.dropFirst())
        XCTAssertEqual(cues.map(\.timeRange), [try range(500, 1250), try range(2000, 3000), try range(3000, 4000), try range(4000, 5000),
                                                try range(5000, 5500)])
        XCTAssertTrue(plan.warnings.contains("\(folder.file("burn.vtt")): 1 burned cue at or after the picture's end (6s) or without text is not drawn"),
                      "\(plan.warnings)")
        // The caption style at 360 lines: half its 720-line sizes (22 px, a 1.5 px outline), wrapped at 80% of 640.
        var style = Project.Captions.defaultStyle.resolved(forRenderHeight: 360)
        XCTAssertEqual(style.size, 22)
        XCTAssertEqual(style.outline?.width, 1.5)
        XCTAssertNil(style.designHeight)
        style.maximumWidth = 512
        XCTAssertEqual(style.maximumLines, 2)
        XCTAssertEqual(cues[0].content, .text([TextRun("Plain", isItalic: true), TextRun(" bottom\nsecond line")], style))
        // Bottom centre at the default margin (18 px at 360 lines).
        XCTAssertEqual(cues[0].position, .anchored(.bottom, margin: nil))
        XCTAssertEqual(OverlayPosition.defaultMargin(renderHeight: 360), 18)
        // line:10% puts the top at 36 px of 360, centred across.
        XCTAssertEqual(cues[1].position, .anchored(.top, margin: 36))
        var left = style
        left.alignment = .left
        XCTAssertEqual(cues[2].content, .text([TextRun("left")], left))
        XCTAssertEqual(cues[2].position, .anchored(.bottomLeft, margin: nil))
        // position:20% of 640 = 128 px from the left, line:50% of 360 = 180 px from the top: its top-left there.
        XCTAssertEqual(cues[3].position, .point(x: 128, y: 180, anchor: .topLeft))
        // Its right edge at 90% of 640 = 576 px, its bottom 18 px above the picture's: held by that corner,
        // whatever width the text is laid out at.
        XCTAssertEqual(cues[4].position, .point(x: 576, y: 360 - 18, anchor: .bottomRight))
        XCTAssertEqual(cues[4].position.origin(width: 61, height: 26, renderWidth: 640, renderHeight: 360).x, 576 - 61)
        XCTAssertEqual(cues[4].position.origin(width: 61, height: 26, renderWidth: 640, renderHeight: 360).y, 360 - 18 - 26)
        XCTAssertTrue(cues.allSatisfy { $0.opacity == .standard && $0.animations.isEmpty && $0.width == nil })
    }

    func testRefusals() throws {
        let folder = try TemporaryFolder()
        try write(srt, to: folder.file("a.srt"))
        try write(srt, to: folder.file("b.srt"))
        var first = Project.Captions(path: folder.file("a.srt"))
        first.burn = true
        var second = Project.Captions(path: folder.file("b.srt"))
        second.burn = true
        XCTAssertEqual(caught(PlanningError.self, try project([first, second]).plan(for: .layout))?.description,
                       "captions[1].burn: only one captions file can be burned into the picture, and captions[0] already is")
        let missing = folder.file("none.srt")
        XCTAssertEqual(caught(PlanningError.self, try project([Project.Captions(path: missing)]).plan())?.description,
                       "\(missing): no such caption file")
        try write("1\n00:00:01,000 --> 00:00:0x,000\nbad\n", to: folder.file("bad.srt"))
        XCTAssertEqual(caught(PlanningError.self, try project([Project.Captions(path: folder.file("bad.srt"))]).plan())?.description,
                       "\(folder.file("bad.srt")):2: SRT: malformed time \"00:00:0x,000\": expected hh:mm:ss,ttt")
    }
}
