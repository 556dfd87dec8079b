import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import XCTest

/// `PictureScaler` against ffmpeg's scale filter on the same decoded frame.
final class PictureScalerTests: XCTestCase {
    private func firstFrame() throws -> Picture {
        try XCTUnwrap(try VideoFrameReader(path: Fixture.path("clip-a.mp4")).nextFrame()).picture
    }

    func testScalingIsFFmpegsScaleFilterSampleForSample() throws {
        let picture = try firstFrame()
        let path = Fixture.path("clip-a.mp4")
        for (method, flags, width, height) in [(PictureScaler.Method.bicubic, "bicubic", 320, 180), (.bilinear, "bilinear", 1280, 720), (.bicubic, "bicubic", 200, 300)] {
            let scaled = try PictureScaler(method: method).scale(picture, width: width, height: height)
            XCTAssertEqual(scaled.width, width)
            let expected = try VideoOracle.frames(path, count: 1, frameBytes: width * height * 3 / 2,
                                                  filter: "scale=\(width):\(height):flags=\(flags)")
            XCTAssertEqual(maximumDifference(scaled.packedBytes, expected[0]), 0, "\(flags) to \(width)×\(height)")
        }
    }

    func testScalingIntoAGivenPictureFillsItAll() throws {
        let picture = try firstFrame()
        let scaler = PictureScaler()
        let target = Picture(width: 160, height: 90, colour: YCbCr(y: 0, cb: 0, cr: 0))
        try scaler.scale(picture, into: target)
        XCTAssertEqual(target.packedBytes, try scaler.scale(picture, width: 160, height: 90).packedBytes)
        // Same size: the picture itself.
        XCTAssertEqual(try scaler.scale(picture, width: 640, height: 360).packedBytes, picture.packedBytes)
        XCTAssertThrowsError(try scaler.scale(picture, width: 161, height: 90)) { error in
            XCTAssertTrue("\(error)".contains("161×90"), "\(error)")
        }
    }
}
