import MixdownZimg
import XCTest

/// Conversions within one dynamic range: 8 ↔ 10 bits (zimg's depth conversion,
/// its rounding measured and held), BT.601 ↔ BT.709 matrices against the
/// matrices' formulas, and what a conversion refuses.
final class DepthAndMatrixTests: XCTestCase {
    /// Every 8-bit code at every position of a 256-wide picture, in all three planes.
    private func allCodes(bitDepth: Int, limit: Int) -> TestPicture {
        let picture = TestPicture(width: 256, height: 8, bitDepth: bitDepth)
        for row in 0..<8 {
            for x in 0..<256 { picture.setLuma(x, row, (x + 37 * row) % limit) }
        }
        for row in 0..<4 {
            for x in 0..<128 {
                picture.setBlue(x, row, (2 * x + 11 * row) % limit)
                picture.setRed(x, row, (limit - 1 - 2 * x + 5 * row) % limit)
            }
        }
        return picture
    }

    private func conversion(_ from: Int, _ to: Int, colour: ColourDescription = .bt709) throws -> ColourConversion {
        try ColourConversion(from: YCbCrFormat(bitDepth: from, colour: colour), to: YCbCrFormat(bitDepth: to, colour: colour),
                             width: 256, height: 8)
    }

    /// Video range, 8 → 10: every code times 4, exactly (16 → 64, 235 → 940, 128 → 512).
    func testEightToTenBitsVideoRangeShiftsByTwo() throws {
        let source = allCodes(bitDepth: 8, limit: 256)
        let out = try source.converted(by: conversion(8, 10))
        for row in 0..<8 {
            for x in 0..<256 { XCTAssertEqual(out.luma(x, row), 4 * source.luma(x, row)) }
        }
        for row in 0..<4 {
            for x in 0..<128 {
                XCTAssertEqual(out.blue(x, row), 4 * source.blue(x, row))
                XCTAssertEqual(out.red(x, row), 4 * source.red(x, row))
            }
        }
    }

    /// Video range, 10 → 8: the nearest 8-bit code, c / 4 rounded with halves
    /// to even (measured: 2 → 0, 6 → 2, 10 → 2, 14 → 4; zimg converts through
    /// float and rounds to nearest-even, no dither; 1022 and 1023 clamp to 255),
    /// so 8 → 10 → 8 is exact.
    func testTenToEightBitsVideoRangeRoundsToNearest() throws {
        let source = TestPicture(width: 256, height: 8, bitDepth: 10)
        source.fill(y: 0, cb: 512, cr: 512)
        for row in 0..<8 {
            for x in 0..<256 { source.setLuma(x, row, x * 4 + row % 4) }
        }
        let out = try source.converted(by: conversion(10, 8))
        for row in 0..<8 {
            for x in 0..<256 {
                let code = source.luma(x, row)
                XCTAssertEqual(Double(out.luma(x, row)), min(255, (Double(code) / 4).rounded(.toNearestOrEven)), "10-bit \(code)")
            }
        }
        let roundTrip = try allCodes(bitDepth: 8, limit: 256).converted(by: conversion(8, 10)).converted(by: conversion(10, 8))
        let original = allCodes(bitDepth: 8, limit: 256)
        XCTAssertEqual(roundTrip.lumaSamples, original.lumaSamples)
    }

    /// Full range, 8 → 10: codes scaled by 1023 / 255 and rounded (255 → 1023, 128 → 514).
    func testFullRangeScalesToTheFullTenBitRange() throws {
        let full = ColourDescription(matrix: "bt709", transfer: "bt709", primaries: "bt709", range: "pc")
        let source = allCodes(bitDepth: 8, limit: 256)
        let out = try source.converted(by: conversion(8, 10, colour: full))
        for x in 0..<256 {
            let code = source.luma(x, 0)
            XCTAssertEqual(Double(out.luma(x, 0)), (Double(code) * 1023 / 255).rounded(), accuracy: 0.5001, "8-bit \(code)")
        }
        XCTAssertEqual(out.luma(255, 0), 1023)
        XCTAssertEqual(out.luma(128, 0), 514)
        XCTAssertEqual(out.luma(16, 0), 64)
    }

    /// A BT.601 picture re-matrixed to BT.709 (same transfer and primaries): each
    /// uniform colour against R'G'B' from BT.601's Kr, Kb (0.299, 0.114) and back
    /// with BT.709's (0.2126, 0.0722), within one code (measured: at most 0.5).
    func testBT601MatrixToBT709() throws {
        let bt601Matrix = ColourDescription(matrix: "smpte170m", transfer: "bt709", primaries: "bt709")
        let colours = [(81, 90, 240), (145, 54, 34), (41, 240, 110), (170, 166, 16), (106, 202, 222), (126, 128, 128)]
        for (y, cb, cr) in colours {
            let source = TestPicture(width: 64, height: 8, bitDepth: 8, y: y, cb: cb, cr: cr)
            let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 8, colour: bt601Matrix),
                                                  to: YCbCrFormat(bitDepth: 8, colour: .bt709), width: 64, height: 8)
            let out = try source.converted(by: conversion)
            let luma = (Double(y) - 16) / 219, pb = (Double(cb) - 128) / 224, pr = (Double(cr) - 128) / 224
            let r = luma + 2 * (1 - 0.299) * pr, b = luma + 2 * (1 - 0.114) * pb
            let g = (luma - 0.299 * r - 0.114 * b) / 0.587
            let y709 = 0.2126 * r + 0.7152 * g + 0.0722 * b
            let pb709 = (b - y709) / (2 * (1 - 0.0722)), pr709 = (r - y709) / (2 * (1 - 0.2126))
            XCTAssertEqual(Double(out.luma(30, 4)), 16 + 219 * y709, accuracy: 0.51, "Y of \(y), \(cb), \(cr)")
            XCTAssertEqual(Double(out.blue(15, 2)), 128 + 224 * pb709, accuracy: 0.51, "Cb of \(y), \(cb), \(cr)")
            XCTAssertEqual(Double(out.red(15, 2)), 128 + 224 * pr709, accuracy: 0.51, "Cr of \(y), \(cb), \(cr)")
        }
    }

    /// HLG ↔ PQ keeps display light (HLG on its nominal 1000 cd/m² display):
    /// HLG 75 % (203 cd/m²) is PQ 573 and back, and greys follow BT.2100's formulas
    /// within rounding both ways (0.51 of a 10-bit code).
    func testHLGAndPQKeepDisplayLight() throws {
        let hlgFormat = YCbCrFormat(bitDepth: 10, colour: .hlg), pqFormat = YCbCrFormat(bitDepth: 10, colour: .pq)
        let source = TestPicture(width: 876, height: 4, bitDepth: 10)
        source.fill(y: 64, cb: 512, cr: 512)
        for row in 0..<4 {
            for x in 0..<876 { source.setLuma(x, row, 64 + x) }
        }
        let toPQ = try ColourConversion(from: hlgFormat, to: pqFormat, width: 876, height: 4)
        XCTAssertNil(toPQ.toneCurve)
        let pq = try source.converted(by: toPQ)
        for x in 0..<876 {
            let expected = BT2100.lumaCode(BT2100.pq(BT2100.hlgNits(Double(x) / 876)), bits: 10)
            XCTAssertEqual(Double(pq.luma(x, 2)), expected, accuracy: 0.51, "HLG code \(64 + x)")
        }
        XCTAssertEqual(pq.luma(721 - 64, 0), 573)
        XCTAssertEqual(pq.blue(100, 1), 512)
        let back = try pq.converted(by: ColourConversion(from: pqFormat, to: hlgFormat, width: 876, height: 4))
        XCTAssertEqual(back.luma(721 - 64, 0), 721)
        for x in stride(from: 0, to: 876, by: 25) {
            let expected = BT2100.lumaCode(BT2100.hlg(displayNits: BT2100.pqNits(BT2100.lumaSignal(Double(pq.luma(x, 2)), bits: 10))), bits: 10)
            XCTAssertEqual(Double(back.luma(x, 2)), expected, accuracy: 0.51, "PQ code \(pq.luma(x, 2))")
        }
    }

    func testRefusals() throws {
        let sdr = YCbCrFormat(bitDepth: 8, colour: .bt709)
        var odd = ColourDescription.bt709
        odd.transfer = "smpte428"
        XCTAssertThrowsError(try ColourConversion(from: YCbCrFormat(bitDepth: 8, colour: odd), to: sdr, width: 64, height: 8)) { error in
            XCTAssertEqual(error as? ColourConversionError, .unsupported(property: "transfer", name: "smpte428"))
        }
        XCTAssertThrowsError(try ColourConversion(from: YCbCrFormat(bitDepth: 12, colour: .hlg), to: sdr, width: 64, height: 8)) { error in
            XCTAssertEqual(error as? ColourConversionError, .unsupportedBitDepth(12))
        }
        XCTAssertThrowsError(try ColourConversion(from: sdr, to: sdr, width: 63, height: 8)) { error in
            XCTAssertEqual(error as? ColourConversionError, .badSize(width: 63, height: 8))
        }
        XCTAssertThrowsError(try ColourConversion(from: YCbCrFormat(bitDepth: 10, colour: .pq), to: sdr, width: 64, height: 8,
                                                  sourcePeakLuminance: 0)) { error in
            XCTAssertEqual(error as? ColourConversionError, .badPeakLuminance(0))
        }
        // A plane whose stride is not a multiple of 32 bytes is refused, never read.
        let conversion = try ColourConversion(from: sdr, to: YCbCrFormat(bitDepth: 10, colour: .bt709), width: 64, height: 8)
        let source = TestPicture(width: 64, height: 8, bitDepth: 8, y: 100, cb: 128, cr: 128)
        let target = TestPicture(width: 64, height: 8, bitDepth: 10)
        var planes = source.planes.readOnly
        planes.cbStride = 48
        XCTAssertThrowsError(try conversion.convert(from: planes, into: target.planes)) { error in
            XCTAssertEqual(error as? ColourConversionError, .misaligned(plane: "source Cb"))
        }
    }
}
