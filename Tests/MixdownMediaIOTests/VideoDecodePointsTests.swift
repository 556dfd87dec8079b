import MixdownComposition
import MixdownMediaIO
import XCTest

/// Where a decode starts to show a frame, on hand-written packet tables (decoding order).
final class VideoDecodePointsTests: XCTestCase {
    private func packet(_ pts: Int64, key: Bool = false, hidden: Bool = false) -> VideoPacketEntry {
        VideoPacketEntry(pts: pts, dts: 0, duration: 1, isKeyframe: key, isDiscarded: hidden)
    }

    func testAClosedGOPStartsAtItsKeyframe() {
        // I0 P3 B1 B2 | I4 P7 B5 B6
        let points = VideoDecodePoints(packets: [packet(0, key: true), packet(3), packet(1), packet(2),
                                                 packet(4, key: true), packet(7), packet(5), packet(6)])
        XCTAssertEqual(points.start(showing: 2), 0)
        XCTAssertEqual(points.start(showing: 4), 4)
        XCTAssertEqual(points.start(showing: 6), 4)
        XCTAssertEqual(points.frame(at: 5), 5)
        XCTAssertEqual(points.frame(at: -3), 0, "before the first frame: the first")
        XCTAssertEqual(points.frame(at: 100), 7)
    }

    func testAnOpenGOPsLeadingPicturesAreNotNeededAfterItsKeyframe() {
        // I2 B0 B1 | I5 B3 B4: the B-frames after I5 are shown before it.
        let points = VideoDecodePoints(packets: [packet(2, key: true), packet(0), packet(1),
                                                 packet(5, key: true), packet(3), packet(4)])
        XCTAssertEqual(points.start(showing: 4), 0, "frame 4 is a leading picture of I5")
        XCTAssertEqual(points.start(showing: 5), 3)
    }

    func testAKeyframeWithAFrameDecodedBeforeItAndShownAfterItIsPassedOver() {
        // I0 P4 I2 B1 B3: P4 is decoded before I2 but shown after it.
        let points = VideoDecodePoints(packets: [packet(0, key: true), packet(4), packet(2, key: true), packet(1), packet(3)])
        XCTAssertEqual(points.start(showing: 3), 0)
        XCTAssertEqual(points.start(showing: 2), 0)
    }

    func testHiddenFramesAreNeverTheFrameShown() {
        // Pre-roll I-1 hidden by the edit list.
        let points = VideoDecodePoints(packets: [packet(-1, key: true, hidden: true), packet(0), packet(1)])
        XCTAssertEqual(points.frame(at: -1), 0)
        XCTAssertEqual(points.start(showing: 0), 0)
    }
}
