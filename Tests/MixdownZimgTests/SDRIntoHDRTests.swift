import Foundation
import MixdownZimg
import XCTest

/// SDR placed into HLG and PQ by BT.2408's display-light mapping (SDR white at
/// 203 cd/m²), against BT.2100's formulas computed here.
///
/// Measured (8-bit BT.709 video range in, 10-bit BT.2020 video range out):
/// white (235) → HLG 721 (75.0 %), PQ 573 (58.1 %); 18 % grey as a BT.709
/// camera encodes it (106, signal 0.411, 24.0 cd/m² shown) → HLG 385 (36.6 %),
/// PQ 391 (37.3 %); each equal to the formula's rounded code, chroma 512.
final class SDRIntoHDRTests: XCTestCase {
    private func convert(code: Int, into colour: ColourDescription) throws -> TestPicture {
        let source = TestPicture(width: 64, height: 16, bitDepth: 8, y: code, cb: 128, cr: 128)
        let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 8, colour: .bt709),
                                              to: YCbCrFormat(bitDepth: 10, colour: colour), width: 64, height: 16)
        XCTAssertNil(conversion.toneCurve)
        return try source.converted(by: conversion)
    }

    /// The HDR display light of an 8-bit SDR code: BT.1886 (γ 2.4, black 0) with white at 203 cd/m².
    private func displayNits(code: Int) -> Double {
        BT2100.bt1886(BT2100.lumaSignal(Double(code), bits: 8)) * 203
    }

    func testWhiteBecomesHLGSeventyFivePercentAndPQFiftyEightPercent() throws {
        let hlg = try convert(code: 235, into: .hlg)
        let pq = try convert(code: 235, into: .pq)
        // BT.2408: 203 cd/m² is HLG 75 % (64 + 0.75 · 876 = 721) and PQ 58 %.
        let hlgExpected = BT2100.lumaCode(BT2100.hlg(displayNits: 203), bits: 10)
        let pqExpected = BT2100.lumaCode(BT2100.pq(203), bits: 10)
        XCTAssertEqual(hlgExpected, 721, accuracy: 0.5)
        XCTAssertEqual(pqExpected.rounded(), 573)
        XCTAssertEqual(hlg.luma(10, 5), 721)
        XCTAssertEqual(pq.luma(10, 5), Int(pqExpected.rounded()))
        for picture in [hlg, pq] {
            XCTAssertEqual(picture.blue(3, 3), 512)
            XCTAssertEqual(picture.red(3, 3), 512)
        }
    }

    func testGreysFollowBT2100() throws {
        // 18 % grey as a BT.709 camera encodes it, then darker and brighter greys.
        let grey18 = Int(BT2100.lumaCode(BT2100.bt709OETF(0.18), bits: 8).rounded())
        XCTAssertEqual(grey18, 106)
        for code in [16, 30, 60, grey18, 150, 200, 235] {
            let nits = displayNits(code: code)
            let hlg = try convert(code: code, into: .hlg)
            let pq = try convert(code: code, into: .pq)
            let hlgExpected = BT2100.lumaCode(BT2100.hlg(displayNits: nits), bits: 10)
            let pqExpected = BT2100.lumaCode(BT2100.pq(nits), bits: 10)
            XCTAssertEqual(Double(hlg.luma(20, 7)), hlgExpected, accuracy: 0.51, "SDR \(code) (\(nits) cd/m²) into HLG")
            XCTAssertEqual(Double(pq.luma(20, 7)), pqExpected, accuracy: 0.51, "SDR \(code) (\(nits) cd/m²) into PQ")
            if code == grey18 {
                XCTAssertEqual(hlg.luma(20, 7), 385)
                XCTAssertEqual(pq.luma(20, 7), 391)
            }
        }
    }

    /// BT.709's primaries sit inside BT.2020's: a saturated SDR red stays red, on
    /// BT.2087's matrix (the 709 → 2020 conversion in linear light, from the
    /// primaries: R2020 = 0.6274 R + 0.3293 G + 0.0433 B …).
    func testSaturatedColourKeepsItsLightInBT2020() throws {
        // BT.709 video-range red: Y' 63, Cb 102, Cr 240 (R' = 1, G' = B' = 0).
        let source = TestPicture(width: 64, height: 16, bitDepth: 8, y: 63, cb: 102, cr: 240)
        let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 8, colour: .bt709),
                                              to: YCbCrFormat(bitDepth: 10, colour: .pq), width: 64, height: 16)
        let out = try source.converted(by: conversion)
        // Expected: linear 709 (1, 0, 0) at 203 cd/m² white → 2020 (0.6274, 0.0691, 0.0164) · 203 → PQ per channel → BT.2020 matrix.
        let r = BT2100.pq(0.6274 * 203), g = BT2100.pq(0.0691 * 203), b = BT2100.pq(0.0164 * 203)
        let y = 0.2627 * r + 0.6780 * g + 0.0593 * b
        let cb = (b - y) / 1.8814, cr = (r - y) / 1.4746
        XCTAssertEqual(Double(out.luma(20, 7)), BT2100.lumaCode(y, bits: 10), accuracy: 1.5)
        XCTAssertEqual(Double(out.blue(10, 3)), 512 + 896 * cb, accuracy: 1.5)
        XCTAssertEqual(Double(out.red(10, 3)), 512 + 896 * cr, accuracy: 1.5)
    }
}
