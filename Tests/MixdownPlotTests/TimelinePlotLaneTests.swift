import Foundation
import MixdownPlot
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import XCTest

/// The demo timeline's picture: a well-formed SVG with the lanes and items of the plan.
final class TimelinePlotLaneTests: XCTestCase {
    func testDemoPlotIsWellFormedSVG11() throws {
        let (svg, root) = try plotted(demoProject())
        XCTAssertEqual(root.name, "svg")
        XCTAssertEqual(root["xmlns"], "http://www.w3.org/2000/svg")
        XCTAssertEqual(root["version"], "1.1")
        XCTAssertEqual(root["width"], "1400")
        XCTAssertEqual(root["viewBox"], "0 0 1400 \(root["height"] ?? "?")")
        XCTAssertEqual(root["font-family"], "sans-serif")
        XCTAssertTrue(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        let background = try XCTUnwrap(root.all("rect", class: "background").first)
        XCTAssertEqual(background["fill"], "#ffffff")
        XCTAssertEqual(background["width"], "1400")
        XCTAssertEqual(background["height"], root["height"])
    }

    func testLanesTopToBottomWithTheirRoles() throws {
        let root = try plotted(demoProject()).root
        let lanes = root.lanes
        XCTAssertEqual(lanes.map { $0["data-role"] ?? "" }, ["video", "clip-audio", "voiceover", "music"])
        XCTAssertEqual(lanes.map { $0["id"] ?? "" }, ["lane-video", "lane-clip-audio", "lane-voiceover", "lane-music"])
        let titles = lanes.map { $0.all("text", class: "lane-title").first?.text ?? "" }
        XCTAssertEqual(titles, ["Video", "Clip audio", "Voice-over", "Music"])
        // Each lane sits below the one before.
        let tops = lanes.map { $0.all("rect", class: "lane-background").first?.number("y") ?? .nan }
        XCTAssertEqual(tops, tops.sorted())
        XCTAssertEqual(Set(tops).count, 4)
    }

    func testOneVideoItemPerClipWithItsTimelineRangeAndCuts() throws {
        let root = try plotted(demoProject()).root
        let items = try root.lane("video").items
        XCTAssertEqual(items.map { $0["data-path"] ?? "" }, ["clip-a.mp4", "clip-c.mp4", "clip-b.mp4"].map(Fixture.path))
        let expected = [(0.0, 6.0), (6.0, 10.0), (10.0, 15.0)]
        for (item, (start, end)) in zip(items, expected) {
            XCTAssertEqual(item.number("data-start"), start, accuracy: 0.001)
            XCTAssertEqual(item.number("data-end"), end, accuracy: 0.001)
        }
        XCTAssertEqual(items.map { $0.all("text", class: "label").first?.text ?? "" }, ["clip-a.mp4", "clip-c.mp4", "clip-b.mp4"])
        let x = try root.timeToX()
        let cuts = root.all("line", class: "cut")
        XCTAssertEqual(cuts.map { $0.number("data-time") }, [6.0, 10.0])
        for cut in cuts {
            XCTAssertEqual(cut.number("x1"), x(cut.number("data-time")), accuracy: 0.02)
        }
    }

    func testClipAudioItemsMatchThePlanOnBothABTracks() throws {
        let project = demoProject()
        let plan = try project.plan()
        let root = try parseSVG(try TimelinePlot(plan: plan).svg)
        let items = try root.lane("clip-audio").items
        let segments = plan.audioTracks(of: .clips).flatMap(\.segments)
            .sorted { $0.timelineRange.start < $1.timelineRange.start }
        XCTAssertEqual(items.count, 3)
        XCTAssertEqual(items.map { $0["data-path"] ?? "" }, segments.map(\.asset.path))
        for (item, segment) in zip(items, segments) {
            XCTAssertEqual(item.number("data-start"), segment.timelineRange.start.seconds, accuracy: 0.001)
            XCTAssertEqual(item.number("data-end"), segment.timelineRange.end.seconds, accuracy: 0.001)
        }
        // The clips' audio lasts as long as their video, so it lines up with the cuts.
        for (item, (start, end)) in zip(items, [(0.0, 6.0), (6.0, 10.0), (10.0, 15.0)]) {
            XCTAssertEqual(item.number("data-start"), start, accuracy: 0.001)
            XCTAssertEqual(item.number("data-end"), end, accuracy: 0.001)
        }
        // Alternating tracks A, B, A, all drawn in the one lane.
        let tracks = items.map { $0["data-track"] ?? "" }
        XCTAssertEqual(Set(tracks).count, 2)
        XCTAssertEqual(tracks[0], tracks[2])
    }

    func testOneItemPerVoiceoverTakeAndMusicBed() throws {
        let root = try plotted(demoProject()).root
        let takes = try root.lane("voiceover").items
        XCTAssertEqual(takes.map { $0["data-path"] ?? "" }, [Fixture.path("vo-short.wav"), Fixture.path("vo-pauses.wav")])
        let expected = [(1.5, 1.5 + (try Fixture.duration(of: "vo-short.wav"))),
                        (6.0, 6.0 + (try Fixture.duration(of: "vo-pauses.wav")))]
        for (item, (start, end)) in zip(takes, expected) {
            XCTAssertEqual(item.number("data-start"), start, accuracy: 0.001)
            XCTAssertEqual(item.number("data-end"), end, accuracy: 0.001)
            XCTAssertEqual(item.all("path", class: "waveform").count, 1)
        }
        let beds = try root.lane("music").items
        XCTAssertEqual(beds.count, 1)
        XCTAssertEqual(beds.first?["data-path"], Fixture.path("music.mp3"))
        XCTAssertEqual(beds.first?.number("data-start") ?? .nan, 0, accuracy: 0.001)
        // The 20 s bed stops at the end of the video, 15 s.
        XCTAssertEqual(beds.first?.number("data-end") ?? .nan, 15, accuracy: 0.001)
        XCTAssertEqual(beds.first?.number("data-source-end") ?? .nan, 15, accuracy: 0.001)
    }

    func testItemBoxesSitAtTheirTimesOnTheAxis() throws {
        let root = try plotted(demoProject()).root
        let x = try root.timeToX()
        for item in root.all("g", class: "item") {
            let box = try XCTUnwrap(item.all("rect", class: "box").first)
            XCTAssertEqual(box.number("x"), x(item.number("data-start")), accuracy: 0.02, item["data-path"] ?? "")
            XCTAssertEqual(box.number("x") + box.number("width"), x(item.number("data-end")), accuracy: 0.02, item["data-path"] ?? "")
        }
    }

    func testTimeAxisTicksEverySecondLabelledInSeconds() throws {
        let root = try plotted(demoProject()).root
        let ticks = root.all("text", class: "tick")
        XCTAssertEqual(ticks.map(\.text), (0...15).map { "\($0) s" })
        let xs = ticks.map { $0.number("x") }
        let spacing = zip(xs, xs.dropFirst()).map { $1 - $0 }
        for gap in spacing { XCTAssertEqual(gap, spacing[0], accuracy: 0.02) }
        XCTAssertGreaterThanOrEqual(spacing[0], 64)
        // The subtitle counts what the lanes show.
        XCTAssertEqual(root.all("text", class: "subtitle").first?.text,
                       "3 video clips · 3 clip-audio items · 2 voice-over takes · 1 music item · 2 duck regions")
    }

    func testTickSpacingGrowsWithTheTimeline() throws {
        var project = Project()
        var music = Project.Music(path: Fixture.path("music.mp3"))
        music.loop = true
        project.music = [music]
        project.output.duration = t("600")
        let root = try plotted(project, width: 1000).root
        let ticks = root.all("text", class: "tick")
        // 844 px for 600 s: 60 s apart is the finest spacing at least 64 px wide.
        XCTAssertEqual(ticks.map(\.text), stride(from: 0, through: 600, by: 60).map { "\($0) s" })
        // Looping fills the timeline with 30 pieces of the 20 s bed, each its own item.
        XCTAssertEqual(try root.lane("music").items.count, 30)
    }
}
