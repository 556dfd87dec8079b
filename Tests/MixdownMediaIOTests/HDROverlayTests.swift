import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownUnits
import XCTest

/// SDR graphics placed in HDR by `GraphicsColourMapping` and
/// `OverlayConverter.convert(_:phase:mapping:)`: white at BT.2408's reference
/// white (10-bit HLG 721, PQ 573: BT.2408's table), any colour where
/// `PictureColourConverter` puts an SDR clip's pixel of that colour, edges
/// premultiplied at 10 bits, transparent pixels leaving the picture untouched.
final class HDROverlayTests: XCTestCase {
    private static let hlg = VideoColourDescription(bitDepth: 10, range: "tv", primaries: "bt2020", transfer: "arib-std-b67",
                                                    matrix: "bt2020nc", chromaLocation: "left")
    private static let white = Colour(red: 255, green: 255, blue: 255)
    private static let pq = VideoColourDescription(bitDepth: 10, range: "tv", primaries: "bt2020", transfer: "smpte2084",
                                                   matrix: "bt2020nc", chromaLocation: "left")

    /// A `width × height` image of one colour at one alpha (premultiplied, as Cairo draws).
    private func solid(_ colour: Colour, alpha: UInt8 = 255, width: Int = 24, height: Int = 10) -> OverlayImage {
        let image = OverlayImage(width: width, height: height)
        func premultiplied(_ value: UInt8) -> UInt32 { UInt32((Int(value) * Int(alpha) + 127) / 255) }
        let word = UInt32(alpha) << 24 | premultiplied(colour.red) << 16 | premultiplied(colour.green) << 8 | premultiplied(colour.blue)
        for y in 0..<height {
            image.row(y).withMemoryRebound(to: UInt32.self, capacity: width) { $0.update(repeating: word, count: width) }
        }
        return image
    }

    /// Where `PictureColourConverter` puts a flat SDR BT.709 8-bit picture of `colour` (Y'CbCr by BT.709).
    private func clipPixel(_ colour: Colour, in target: VideoColourDescription) throws -> (y: Int, cb: Int, cr: Int) {
        let samples = colour.videoRangeYCbCr(.bt709)
        let sdr = Picture(width: 16, height: 16, colour: YCbCr(y: samples.y, cb: samples.cb, cr: samples.cr))
        let converter = try PictureColourConverter(from: GraphicsColourMapping.graphicsColour, to: target, width: 16, height: 16, path: "clip")
        let hdr = try converter.convert(sdr)
        return (hdr.sample(.y, x: 8, y: 8), hdr.sample(.cb, x: 8, y: 8), hdr.sample(.cr, x: 8, y: 8))
    }

    /// `image` converted by `mapping` and drawn opaque at (6, 4) on a 10-bit black canvas.
    private func drawn(_ image: OverlayImage, mapping: GraphicsColourMapping, opacity: Int = 256) throws -> Picture {
        let canvas = Picture(width: 64, height: 32, bitDepth: 10)
        let overlay = try OverlayConverter().convert(image, phase: (0, 0), mapping: mapping)
        XCTAssertEqual(overlay.bitDepth, 10)
        canvas.draw(overlay, at: (6, 4), opacity: opacity)
        return canvas
    }

    func testWhiteLandsAtReferenceWhiteInHLGAndPQ() throws {
        for (target, white) in [(Self.hlg, 721), (Self.pq, 573)] {
            let mapping = try GraphicsColourMapping(target: target)
            let canvas = try drawn(solid(Self.white), mapping: mapping)
            for (x, y) in [(6, 4), (17, 9), (29, 13)] {
                XCTAssertEqual(Double(canvas.sample(.y, x: x, y: y)), Double(white), accuracy: 1, "\(target.label) luma at \(x),\(y)")
                XCTAssertEqual(Double(canvas.sample(.cb, x: x, y: y)), 512, accuracy: 1)
                XCTAssertEqual(Double(canvas.sample(.cr, x: x, y: y)), 512, accuracy: 1)
            }
            // Outside the image the canvas stays black, bit for bit.
            for (x, y) in [(4, 4), (30, 4), (6, 14), (63, 31)] {
                XCTAssertEqual([canvas.sample(.y, x: x, y: y), canvas.sample(.cb, x: x, y: y), canvas.sample(.cr, x: x, y: y)], [64, 512, 512])
            }
            let background = try mapping.ycbcr(Self.white)
            XCTAssertEqual(Double(background.sample(.y, bitDepth: 10)), Double(white), accuracy: 1)
            XCTAssertEqual(Double(background.sample(.cb, bitDepth: 10)), 512, accuracy: 1)
            let black = try mapping.ycbcr(.black)
            XCTAssertEqual([black.sample(.y, bitDepth: 10), black.sample(.cb, bitDepth: 10), black.sample(.cr, bitDepth: 10)], [64, 512, 512])
        }
    }

    func testColoursLandWhereAnSDRClipsPixelOfThatColourLands() throws {
        let colours = [Colour(red: 128, green: 128, blue: 128), Colour(red: 255, green: 0, blue: 0), Colour(red: 0, green: 200, blue: 60),
                       Colour(red: 40, green: 90, blue: 230), Colour(red: 255, green: 255, blue: 0)]
        for target in [Self.hlg, Self.pq] {
            let mapping = try GraphicsColourMapping(target: target)
            for colour in colours {
                let expected = try clipPixel(colour, in: target)
                let canvas = try drawn(solid(colour), mapping: mapping)
                let got = (canvas.sample(.y, x: 16, y: 8), canvas.sample(.cb, x: 16, y: 8), canvas.sample(.cr, x: 16, y: 8))
                XCTAssertEqual(Double(got.0), Double(expected.y), accuracy: 2, "\(colour) in \(target.label): luma")
                XCTAssertEqual(Double(got.1), Double(expected.cb), accuracy: 2, "\(colour) in \(target.label): Cb")
                XCTAssertEqual(Double(got.2), Double(expected.cr), accuracy: 2, "\(colour) in \(target.label): Cr")
                let background = try mapping.ycbcr(colour)
                XCTAssertEqual(Int(background.sample(.y, bitDepth: 10)), expected.y, "background \(colour): the clip's pixel exactly")
                XCTAssertEqual(Int(background.sample(.cb, bitDepth: 10)), expected.cb)
                XCTAssertEqual(Int(background.sample(.cr, bitDepth: 10)), expected.cr)
            }
        }
        // A saturated red is not its SDR codes ×4 in BT.2020 (the primaries are converted).
        let red = try clipPixel(Colour(red: 255, green: 0, blue: 0), in: Self.hlg)
        let sdr = Colour(red: 255, green: 0, blue: 0).videoRangeYCbCr(.bt709)
        XCTAssertGreaterThan(abs(red.cr - 4 * Int(sdr.cr)), 40)
    }

    func testPartialAlphaIsTheOpaqueColourPremultipliedAtTenBits() throws {
        let mapping = try GraphicsColourMapping(target: Self.hlg)
        for alpha: UInt8 in [64, 128, 200] {
            let canvas = try drawn(solid(Self.white, alpha: alpha), mapping: mapping)
            // Over black (64): 64 + (721 − 64)·α/255, within the 8-bit premultiplied source's rounding.
            let expected = 64 + 657 * Double(alpha) / 255
            XCTAssertEqual(Double(canvas.sample(.y, x: 16, y: 8)), expected, accuracy: 2 + 255 / Double(alpha) / 2, "alpha \(alpha)")
            XCTAssertEqual(Double(canvas.sample(.cb, x: 16, y: 8)), 512, accuracy: 1)
        }
        // Half opacity of an opaque white: the same rule with the opacity.
        let half = try drawn(solid(Self.white), mapping: mapping, opacity: 128)
        XCTAssertEqual(Double(half.sample(.y, x: 16, y: 8)), 64 + 657 / 2, accuracy: 1)
    }

    func testAStillOverlayIsConvertedOncePerMapping() throws {
        let mapping = try GraphicsColourMapping(target: Self.hlg), image = solid(Self.white)
        let converter = OverlayConverter()
        let first = try converter.overlay(for: image, at: (4, 2), matrix: .bt2020, mapping: mapping)
        XCTAssertTrue(try converter.overlay(for: image, at: (10, 30), matrix: .bt2020, mapping: mapping) === first)
        let sdr = try converter.overlay(for: image, at: (10, 30), matrix: .bt709)
        XCTAssertFalse(sdr === first)
        XCTAssertEqual(sdr.bitDepth, 8)
        XCTAssertEqual(sdr.row(3, of: .y)[5], 235, "SDR overlays keep their 8-bit codes")
    }
}
