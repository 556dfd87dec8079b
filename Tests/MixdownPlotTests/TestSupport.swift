import Foundation
import MixdownPlot
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownTestSupport
import XCTest

/// The demo timeline: three clips, two voice-over takes, a music bed that fades in.
func demoProject() -> Project {
    var project = Project()
    project.clips = ["clip-a.mp4", "clip-c.mp4", "clip-b.mp4"].map { Project.Clip(path: Fixture.path($0)) }
    project.voiceovers = [Project.Voiceover(path: Fixture.path("vo-short.wav"), start: t("1.5")),
                          Project.Voiceover(path: Fixture.path("vo-pauses.wav"), start: t("6.0"))]
    var music = Project.Music(path: Fixture.path("music.mp3"))
    music.fade.fadeIn = t("2")
    project.music = [music]
    project.musicVolume = 0.8
    return project
}

/// `project` planned, plotted and parsed.
func plotted(_ project: Project, width: Int = 1400) throws -> (svg: String, root: SVGElement) {
    let plan = try project.plan(for: .layout)
    let svg = try TimelinePlot(plan: plan, width: width).svg
    return (svg, try parseSVG(svg))
}

extension SVGElement {
    /// The lanes, top to bottom.
    var lanes: [SVGElement] { all("g", class: "lane") }

    /// The lane with `data-role` `role`.
    func lane(_ role: String, file: StaticString = #filePath, line: UInt = #line) throws -> SVGElement {
        try XCTUnwrap(lanes.first { $0["data-role"] == role }, "no \(role) lane", file: file, line: line)
    }

    /// The items of this lane.
    var items: [SVGElement] { all("g", class: "item") }

    /// The time axis as a mapping from seconds to x, from its first and last labelled ticks.
    func timeToX() throws -> (Double) -> Double {
        let ticks = all("text", class: "tick")
        let first = try XCTUnwrap(ticks.first), last = try XCTUnwrap(ticks.last)
        let t0 = first.number("data-time"), t1 = last.number("data-time")
        let x0 = first.number("x"), x1 = last.number("x")
        return { x0 + ($0 - t0) / (t1 - t0) * (x1 - x0) }
    }
}

/// The y of a polyline at `x`, interpolated; at a vertical step, the first point there.
func y(of points: [(x: Double, y: Double)], at x: Double) -> Double? {
    for (a, b) in zip(points, points.dropFirst()) where a.x <= x && x <= b.x {
        return b.x == a.x ? a.y : a.y + (x - a.x) / (b.x - a.x) * (b.y - a.y)
    }
    return nil
}

/// Heights of a band path (`M` along the top, `L` back along the bottom, `Z`) at its columns, by x.
func bandHeights(_ d: String) -> [(x: Double, height: Double)] {
    let points = d.split(separator: " ").compactMap { part -> (Double, Double)? in
        let body = part.drop { $0 == "M" || $0 == "L" }
        let xy = body.split(separator: ",").compactMap { Double($0) }
        return xy.count == 2 ? (xy[0], xy[1]) : nil
    }
    let half = points.count / 2
    let upper = points.prefix(half), lower = points.suffix(half).reversed()
    return zip(upper, lower).map { (x: $0.0, height: $1.1 - $0.1) }
}
