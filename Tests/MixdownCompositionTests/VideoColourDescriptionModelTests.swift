import MixdownComposition
import MixdownTime
import MixdownUnits
import XCTest

/// The colour model's derived facts: the dynamic range a transfer means, what
/// an 8-bit SDR picture loses, and the output a composition is drawn in.
final class VideoColourDescriptionModelTests: XCTestCase {
    func testDynamicRangeFollowsTheTransfer() {
        XCTAssertEqual(VideoColourDescription(transfer: "arib-std-b67").dynamicRange, .hlg)
        XCTAssertEqual(VideoColourDescription(transfer: "smpte2084").dynamicRange, .pq)
        for transfer in ["bt709", "smpte170m", "bt2020-10", "iec61966-2-1", nil] {
            XCTAssertEqual(VideoColourDescription(transfer: transfer).dynamicRange, .sdr, transfer ?? "unspecified")
        }
    }

    func testWhatAnEightBitSDRPictureLoses() {
        XCTAssertFalse(VideoColourDescription(bitDepth: 8, transfer: "bt709").exceedsEightBitSDR)
        XCTAssertFalse(VideoColourDescription.unknown.exceedsEightBitSDR, "unknown depth and colours: nothing said to be lost")
        XCTAssertTrue(VideoColourDescription(bitDepth: 10, transfer: "bt709").exceedsEightBitSDR)
        XCTAssertTrue(VideoColourDescription(bitDepth: 8, transfer: "smpte2084").exceedsEightBitSDR)
        XCTAssertEqual(VideoColourDescription(bitDepth: 10, transfer: "arib-std-b67").label, "HLG 10-bit")
        XCTAssertEqual(VideoColourDescription(transfer: "smpte2084").label, "PQ")
    }

    func testDolbyVisionNames() {
        func record(_ profile: Int, _ compatibility: Int) -> DolbyVisionConfiguration {
            DolbyVisionConfiguration(versionMajor: 1, versionMinor: 0, profile: profile, level: 2, rpuPresent: true,
                                     enhancementLayerPresent: false, baseLayerPresent: true, baseLayerCompatibility: compatibility)
        }
        XCTAssertEqual(record(8, 4).name, "8.4")
        XCTAssertEqual(record(8, 1).name, "8.1")
        XCTAssertEqual(record(5, 0).name, "5")
    }

    /// BT.709 from 720 lines, BT.601 (`smpte170m`) below: what players assume, and the encoder's tags.
    func testTheOutputColourFollowsTheRenderHeight() throws {
        let frame = try MediaTime(value: 1, timescale: 25)
        let hd = VideoComposition(renderSize: try PixelSize(width: 1280, height: 720), frameDuration: frame).outputColour
        XCTAssertEqual(hd, VideoColourDescription(bitDepth: 8, range: "tv", primaries: "bt709", transfer: "bt709", matrix: "bt709",
                                                  chromaLocation: "left"))
        let sd = VideoComposition(renderSize: try PixelSize(width: 640, height: 360), frameDuration: frame).outputColour
        XCTAssertEqual(sd.primaries, "smpte170m")
        XCTAssertEqual(sd.matrix, "smpte170m")
        XCTAssertEqual(sd.label, "SDR 8-bit")
    }
}
