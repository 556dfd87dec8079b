import Foundation
import MixdownPlot
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import XCTest

/// File names that need escaping, timelines without video, items past the end, odd widths.
final class TimelinePlotEdgeCaseTests: XCTestCase {
    func testFileNamesWithMarkupCharactersAreEscaped() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "rock & roll <live> \"take\" 'one'.wav"
        let path = folder + "/" + name
        try FileManager.default.copyItem(atPath: Fixture.path("vo-short.wav"), toPath: path)
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: path, start: t("0.5"))]
        project.music = [Project.Music(path: Fixture.path("music.mp3"))]
        project.output.duration = t("5")
        let (svg, root) = try plotted(project)
        XCTAssertTrue(svg.contains("rock &amp; roll &lt;live&gt; &quot;take&quot; &apos;one&apos;.wav"))
        let item = try XCTUnwrap(try root.lane("voiceover").items.first)
        XCTAssertEqual(item["data-path"], path)
        XCTAssertEqual(item.all("text", class: "label").first?.text, name)
        XCTAssertTrue(try XCTUnwrap(item.all("title").first).text.hasPrefix(path + "\n"))
    }

    func testControlCharactersInFileNamesCannotBreakTheXML() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // XML 1.0 forbids most control characters even as character references.
        let path = folder + "/bell\u{7}-take.wav"
        try FileManager.default.copyItem(atPath: Fixture.path("vo-short.wav"), toPath: path)
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: path, start: .zero)]
        let root = try plotted(project).root
        let item = try XCTUnwrap(try root.lane("voiceover").items.first)
        XCTAssertEqual(item["data-path"], folder + "/bell\u{FFFD}-take.wav")
    }

    func testTimelineWithoutVideoHasNoVideoOrClipAudioLane() throws {
        var project = Project()
        project.voiceovers = [Project.Voiceover(path: Fixture.path("vo-short.wav"), start: t("1"))]
        project.music = [Project.Music(path: Fixture.path("music.mp3"))]
        let root = try plotted(project).root
        XCTAssertEqual(root.lanes.map { $0["data-role"] ?? "" }, ["voiceover", "music"])
        XCTAssertTrue(root.all("line", class: "cut").isEmpty)
        // Without video the timeline runs to the end of the 20 s bed.
        XCTAssertEqual(root.all("text", class: "tick").last?.text, "20 s")
    }

    func testItemPastTheEndIsCutOffAndTheWarningShown() throws {
        var project = Project()
        project.clips = [Project.Clip(path: Fixture.path("clip-c.mp4"))]
        project.voiceovers = [Project.Voiceover(path: Fixture.path("vo-pauses.wav"), start: t("1"))]
        let plan = try project.plan(for: .layout)
        XCTAssertFalse(plan.warnings.isEmpty)
        let root = try parseSVG(try TimelinePlot(plan: plan).svg)
        let x = try root.timeToX()
        let item = try XCTUnwrap(try root.lane("voiceover").items.first)
        // The data says where the take really ends; the box stops at the timeline's end.
        XCTAssertEqual(item.number("data-end"), 1 + (try Fixture.duration(of: "vo-pauses.wav")), accuracy: 0.001)
        let box = try XCTUnwrap(item.all("rect", class: "box").first)
        XCTAssertEqual(box.number("x") + box.number("width"), x(4), accuracy: 0.02)
        XCTAssertEqual(item.all("text", class: "cut-off").first?.text, "cut at end")
        let warning = root.all("text").filter { $0.classes.contains("warning") || $0.classes.contains("warning-continued") }
            .map(\.text).joined(separator: " ")
        XCTAssertTrue(warning.hasPrefix("warning: voiceovers[0]:"), warning)
        XCTAssertTrue(warning.contains("past the timeline's end"), warning)
    }

    func testWarningsWrapAndGrowThePicture() throws {
        var project = Project()
        project.clips = [Project.Clip(path: Fixture.path("clip-c.mp4"))]
        project.voiceovers = [Project.Voiceover(path: Fixture.path("vo-pauses.wav"), start: t("1"))]
        let plan = try project.plan(for: .layout)
        let wide = try TimelinePlot(plan: plan, width: 1400), narrow = try TimelinePlot(plan: plan, width: 600)
        let wideRoot = try parseSVG(wide.svg), narrowRoot = try parseSVG(narrow.svg)
        XCTAssertEqual(wideRoot.all("text", class: "warning-continued").count, 0)
        XCTAssertGreaterThan(narrowRoot.all("text", class: "warning-continued").count, 0)
        XCTAssertGreaterThan(narrow.height, wide.height)
        // Every line fits: at most about 6 px a character inside the picture.
        for line in narrowRoot.all("text") where line.classes.contains("warning") || line.classes.contains("warning-continued") {
            XCTAssertLessThan(line.number("x") + Double(line.text.count) * 6.2, 600, line.text)
        }
    }

    func testWidthIsHeldToItsRange() throws {
        var project = Project()
        project.music = [Project.Music(path: Fixture.path("music.mp3"))]
        project.output.duration = t("2")
        let plan = try project.plan(for: .layout)
        XCTAssertEqual(try TimelinePlot(plan: plan, width: 10).width, 600)
        XCTAssertEqual(try parseSVG(try TimelinePlot(plan: plan, width: 10).svg)["width"], "600")
        XCTAssertEqual(try TimelinePlot(plan: plan, width: 900).width, 900)
        XCTAssertEqual(try TimelinePlot(plan: plan, width: 1_000_000).width, 20_000)
    }
}
