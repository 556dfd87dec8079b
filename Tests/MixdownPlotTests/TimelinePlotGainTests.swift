import Foundation
import MixdownPlot
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import XCTest

/// The music's gain line, the duck shading, and the waveform drawn × gain.
final class TimelinePlotGainTests: XCTestCase {
    /// −12 dB, the default duck depth, as a factor.
    let duck = pow(10, -12.0 / 20)

    func testDuckRegionsAreShadedWhereTheMusicDucks() throws {
        let root = try plotted(demoProject()).root
        let x = try root.timeToX()
        let short = try Fixture.duration(of: "vo-short.wav"), pauses = try Fixture.duration(of: "vo-pauses.wav")
        // Ranges mode: 0.5 s down before each take, 0.5 s up after; the 1.42 s between
        // them is longer than the 1 s max pause, so they are two regions.
        let expected = [(1.0, 1.5 + short + 0.5), (5.5, 6.0 + pauses + 0.5)]
        let ducks = try root.lane("music").all("rect", class: "duck")
        XCTAssertEqual(ducks.count, 2)
        for (rect, (start, end)) in zip(ducks, expected) {
            XCTAssertEqual(rect.number("data-start"), start, accuracy: 0.001)
            XCTAssertEqual(rect.number("data-end"), end, accuracy: 0.001)
            XCTAssertEqual(rect.number("x"), x(start), accuracy: 0.02)
            XCTAssertEqual(rect.number("x") + rect.number("width"), x(end), accuracy: 0.02)
            XCTAssertEqual(rect.number("data-depth-db"), -12, accuracy: 0.05)
        }
        // Nothing else ducks.
        for role in ["video", "clip-audio", "voiceover"] {
            XCTAssertTrue(try root.lane(role).all("rect", class: "duck").isEmpty, role)
        }
    }

    func testMusicGainLineIsLowerInTheDuckAndFollowsTheFade() throws {
        let root = try plotted(demoProject()).root
        let x = try root.timeToX()
        let lines = try root.lane("music").all("polyline", class: "envelope")
        XCTAssertEqual(lines.count, 1)
        let points = try XCTUnwrap(lines.first).points
        // The fade-in starts from silence, so the line starts on the zero level.
        let zero = try XCTUnwrap(y(of: points, at: x(0)))
        let ducked = try XCTUnwrap(y(of: points, at: x(3))), open = try XCTUnwrap(y(of: points, at: x(14)))
        XCTAssertGreaterThan(ducked, open, "SVG y grows downwards: the ducked music must be drawn lower")
        XCTAssertEqual((zero - ducked) / (zero - open), duck, accuracy: 0.01)
        // Halfway through the fade-in and before the duck: half the music volume.
        let half = try XCTUnwrap(y(of: points, at: x(0.5)))
        XCTAssertEqual((zero - half) / (zero - open), 0.25, accuracy: 0.01)
        // The line stays inside the lane.
        let lane = try root.lane("music").all("rect", class: "lane-background")[0]
        for point in points {
            XCTAssertGreaterThanOrEqual(point.y, lane.number("y"))
            XCTAssertLessThanOrEqual(point.y, lane.number("y") + lane.number("height"))
        }
    }

    func testGainLineHasAPointAtEveryBreakpoint() throws {
        let plan = try demoProject().plan()
        let root = try parseSVG(try TimelinePlot(plan: plan).svg)
        let x = try root.timeToX()
        let music = try XCTUnwrap(try root.lane("music").items.first)
        let track = try XCTUnwrap(music["data-track"].flatMap(Int.init))
        let envelope = try XCTUnwrap(plan.audioTracks.first { $0.id == track }).envelope
        let points = try XCTUnwrap(music.all("polyline", class: "envelope").first).points
        let zero = points[0].y
        let open = try XCTUnwrap(y(of: points, at: x(14)))
        // At 14 s the line shows the music volume, 0.8; unity is a quarter further up.
        let unity = zero - (zero - open) / 0.8
        let breakpoints = envelope.spans.map(\.start.seconds).filter { $0 > 0 && $0 < 15 }
        XCTAssertGreaterThanOrEqual(breakpoints.count, 5)
        for time in breakpoints {
            let here = points.filter { abs($0.x - x(time)) < 0.011 }
            XCTAssertFalse(here.isEmpty, "no point at the breakpoint \(time) s")
            // Coordinates are rounded to 0.01 px; the gain there is exact to that.
            let gain = envelope.gain(at: time)
            XCTAssertTrue(here.contains { abs((zero - $0.y) / (zero - unity) - gain) < 0.002 },
                          "at \(time) s: \(here) does not show gain \(gain)")
        }
    }

    func testWaveformIsDrawnTimesTheGain() throws {
        let root = try plotted(demoProject()).root
        let x = try root.timeToX()
        let music = try XCTUnwrap(try root.lane("music").items.first)
        let band = bandHeights(try XCTUnwrap(music.all("path", class: "waveform-rms").first?["d"]))
        func mean(_ from: Double, _ to: Double) -> Double {
            let heights = band.filter { $0.x >= x(from) && $0.x < x(to) }.map(\.height)
            return heights.reduce(0, +) / Double(max(heights.count, 1))
        }
        let open = mean(13.6, 14.9)
        XCTAssertGreaterThan(open, 3, "the music's RMS band should be a few pixels tall")
        // The bed's level is constant to within a dB, so the band follows the gain.
        XCTAssertEqual(mean(2.5, 4.5) / open, duck, accuracy: 0.06)
        XCTAssertLessThan(mean(0, 0.3) / open, 0.15, "the fade-in starts from silence")
    }

    func testGainAboveUnityRaisesTheLaneScale() throws {
        var project = Project()
        project.music = [Project.Music(path: Fixture.path("music.mp3"))]
        project.musicVolume = 2
        project.output.duration = t("3")
        let root = try plotted(project).root
        let lane = try root.lane("music")
        let lineY = try XCTUnwrap(lane.all("polyline", class: "envelope").first?.points.first?.y)
        let background = lane.all("rect", class: "lane-background")[0]
        // Gain 2 is the top of the scale now, not off the lane.
        XCTAssertGreaterThan(lineY, background.number("y"))
        XCTAssertLessThan(lineY, background.number("y") + 10)
        XCTAssertTrue(lane.all("text").contains { $0.text == "2" })
    }
}
