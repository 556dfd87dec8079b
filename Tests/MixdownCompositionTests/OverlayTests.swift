import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// The overlay model: where an overlay lands, how large, and how its animations
/// move it (Core Animation's timing functions), frame by frame.
final class OverlayTests: XCTestCase {
    private func time(_ text: String) -> MediaTime {
        do { return try MediaTime(parsing: text) } catch { preconditionFailure("\(error)") }
    }

    private func range(_ start: String, _ end: String) throws -> MediaTimeRange {
        try MediaTimeRange(start: time(start), end: time(end))
    }

    func testAnchorsHoldTheMatchingCornerAtTheDefaultMargin() {
        XCTAssertEqual(OverlayPosition.defaultMargin(renderHeight: 720), 36)
        XCTAssertEqual(OverlayPosition.defaultMargin(renderHeight: 1080), 54)
        XCTAssertEqual(OverlayPosition.defaultMargin(renderHeight: 360), 18)
        let expected: [OverlayPosition.Anchor: (Int, Int)] = [
            .topLeft: (36, 36), .top: (590, 36), .topRight: (1144, 36), .left: (36, 335), .center: (590, 335),
            .right: (1144, 335), .bottomLeft: (36, 634), .bottom: (590, 634), .bottomRight: (1144, 634),
        ]
        for (anchor, corner) in expected {
            let origin = OverlayPosition.anchored(anchor, margin: nil).origin(width: 100, height: 50, renderWidth: 1280, renderHeight: 720)
            XCTAssertEqual(origin.x, corner.0, anchor.rawValue)
            XCTAssertEqual(origin.y, corner.1, anchor.rawValue)
        }
        let margin = OverlayPosition.anchored(.bottomRight, margin: 10).origin(width: 100, height: 50, renderWidth: 1280, renderHeight: 720)
        XCTAssertEqual(margin.x, 1170)
        XCTAssertEqual(margin.y, 660)
        let point = OverlayPosition.point(x: -5, y: 7).origin(width: 100, height: 50, renderWidth: 1280, renderHeight: 720)
        XCTAssertEqual(point.x, -5)
        XCTAssertEqual(point.y, 7)
    }

    func testASizeGivenOnOneSideKeepsTheShape() throws {
        var overlay = Overlay(content: .image(path: "logo.png"), timeRange: try range("0", "1"))
        XCTAssertEqual(overlay.drawnSize(natural: (200, 100))?.width, 200)
        overlay.width = 50
        XCTAssertEqual(overlay.drawnSize(natural: (200, 100))?.height, 25)
        overlay.width = nil
        overlay.height = 30
        XCTAssertEqual(overlay.drawnSize(natural: (200, 100))?.width, 60)
        overlay.width = 10
        XCTAssertEqual(overlay.drawnSize(natural: (200, 100))?.height, 30, "both sides given: both used")
        let box = Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try range("0", "1"))
        XCTAssertNil(box.drawnSize(natural: nil), "a box has no natural size")
    }

    /// Core Animation's curves: the named functions' control points, and values at
    /// chosen points against the cubic Bézier solved independently (by Newton's
    /// method from the analytic derivative).
    func testTimingFunctionsFollowCoreAnimationsCurves() {
        func reference(_ function: TimingFunction, _ x: Double) -> Double {
            let (x1, y1, x2, y2) = function.controlPoints
            func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
            func db(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                3 * (1 - s) * (1 - s) * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s * s * (1 - p2)
            }
            var s = x
            for _ in 0..<50 { let d = db(s, x1, x2); if abs(d) > 1e-12 { s -= (b(s, x1, x2) - x) / d } }
            return b(s, y1, y2)
        }
        for function in TimingFunction.allCases {
            XCTAssertEqual(function.value(at: 0), 0, accuracy: 1e-9)
            XCTAssertEqual(function.value(at: 1), 1, accuracy: 1e-9)
            for x in stride(from: 0.1, to: 1, by: 0.1) {
                XCTAssertEqual(function.value(at: x), reference(function, x), accuracy: 1e-7, "\(function) at \(x)")
            }
        }
        XCTAssertEqual(TimingFunction.easeInEaseOut.value(at: 0.5), 0.5, accuracy: 1e-9, "symmetric")
        XCTAssertLessThan(TimingFunction.easeIn.value(at: 0.5), 0.5)
        XCTAssertGreaterThan(TimingFunction.easeOut.value(at: 0.5), 0.5)
    }

    /// An overlay from 2 s to 6 s, faded in over 1 s and out over 1 s, sliding
    /// in x from 100 to 300 over its second second (ease-in-out), then held.
    func testAnimationsFollowTheirTimingAndHoldTheirEnd() throws {
        var overlay = Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try range("2", "6"), position: .point(x: 10, y: 20),
                              width: 100, height: 40, opacity: 0.8,
                              animations: [OverlayAnimation(property: .x, from: 100, to: 300, timeRange: try range("1", "2"),
                                                            timing: .easeInEaseOut)])
        try overlay.addFades(in: time("1"), out: time("1"))
        func state(_ t: String) -> OverlayState? {
            overlay.state(at: time(t), natural: nil, renderWidth: 1280, renderHeight: 720)
        }
        XCTAssertNil(state("1.99"), "before its start")
        XCTAssertNil(state("6"), "at its end: start ≤ t < end")
        XCTAssertEqual(try XCTUnwrap(state("2")).opacity, 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(state("2.5")).opacity, 0.4, accuracy: 1e-12, "half the fade, times its own 0.8")
        XCTAssertEqual(try XCTUnwrap(state("2.5")).x, 10, "the slide has not begun: its own position")
        XCTAssertEqual(try XCTUnwrap(state("3.5")).x, 200, "half way, ease-in-out is half way")
        let quarter = 100 + 200 * TimingFunction.easeInEaseOut.value(at: 0.25)
        XCTAssertEqual(try XCTUnwrap(state("3.25")).x, Int(quarter.rounded()))
        XCTAssertEqual(try XCTUnwrap(state("4.5")).x, 300, "held after its end")
        XCTAssertEqual(try XCTUnwrap(state("4.5")).opacity, 0.8, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(state("5.75")).opacity, 0.2, accuracy: 1e-12, "three quarters through the fade out")
        XCTAssertEqual(try XCTUnwrap(state("4")).y, 20)
    }

    func testTheAnimationBegunLastDecidesWhateverTheirOrder() throws {
        let early = OverlayAnimation(property: .x, from: 0, to: 100, timeRange: try range("0", "1"))
        let late = OverlayAnimation(property: .x, from: 500, to: 600, timeRange: try range("2", "3"))
        for animations in [[early, late], [late, early]] {
            let overlay = Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try range("0", "5"), position: .point(x: 7, y: 0),
                                  width: 10, height: 10, animations: animations)
            func x(_ t: String) throws -> Int { try XCTUnwrap(overlay.state(at: time(t), natural: nil, renderWidth: 64, renderHeight: 64)).x }
            XCTAssertEqual(try x("0.5"), 50)
            XCTAssertEqual(try x("1.5"), 100, "the first holds its end until the second begins")
            XCTAssertEqual(try x("2.5"), 550, "listed \(animations == [early, late] ? "after" : "before"): the later start decides")
            XCTAssertEqual(try x("4"), 600)
        }
    }

    func testAnExcerptKeepsTheOverlaysOverItWhole() throws {
        let composition = VideoComposition(renderSize: try PixelSize(width: 640, height: 360), frameDuration: .milliseconds(40), instructions: [],
                                           overlays: [
                                               Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try range("1", "3"), width: 2, height: 2),
                                               Overlay(content: .box(BoxStyle(colour: .white)), timeRange: try range("5", "6"), width: 2, height: 2),
                                           ])
        let excerpt = try composition.excerpt(try range("2", "4"))
        XCTAssertEqual(excerpt.overlays.map(\.timeRange), [try MediaTimeRange(start: try MediaTime(value: -1, timescale: 1), duration: time("2"))])
        XCTAssertEqual(excerpt.overlaidRanges(within: try range("0", "2")), [try range("0", "1")])
    }
}
