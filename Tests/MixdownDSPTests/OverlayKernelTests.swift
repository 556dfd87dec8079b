import MixdownDSP
import MixdownKernels
import XCTest

/// The overlay kernels against their definitions in plain integer or double
/// arithmetic, the two builds against each other, and `Picture.draw` clipping an
/// overlay that hangs off the picture at odd positions.
final class OverlayKernelTests: XCTestCase {
    func testPremultiplyIsRoundedProductForEveryColourAndAlpha() {
        // Every (colour, alpha) pair, in each of the three colour bytes.
        var pixels = (0..<65_536).map { i -> UInt32 in
            let c = UInt32(i & 255), a = UInt32(i >> 8)
            return c | (UInt32(255 - Int(c)) << 8) | (c << 16) | (a << 24)
        }
        let original = pixels
        pixels.withUnsafeMutableBufferPointer { DSP.premultiply($0.baseAddress!, count: $0.count) }
        var wrong = 0
        for (p, o) in zip(pixels, original) {
            let a = o >> 24
            func rounded(_ c: UInt32) -> UInt32 { UInt32((Double(c * a) / 255).rounded()) }
            let expected = rounded(o & 255) | (rounded((o >> 8) & 255) << 8) | (rounded((o >> 16) & 255) << 16) | (a << 24)
            if p != expected { wrong += 1 }
        }
        XCTAssertEqual(wrong, 0, "pixels not round(c·a/255)")
    }

    func testSplitAndMergeRoundTripAndMergeClampsColourToAlpha() {
        for count in [0, 1, 15, 16, 17, 1001] {
            var words: [UInt32] = []
            for (low, high) in zip(deterministicBytes(count, seed: 1), deterministicBytes(count, seed: 2)) {
                let blue = UInt32(low), green = UInt32(high) << 8, red = UInt32(low ^ high) << 16
                words.append(blue | green | red | 0x40_00_00_00)
            }
            var b = [UInt8](repeating: 0, count: count), g = b, r = b, a = b
            DSP.split(words, blue: &b, green: &g, red: &r, alpha: &a, count: count)
            XCTAssertEqual(zip(words, b).filter { UInt8($0 & 255) != $1 }.count, 0, "blue, \(count)")
            XCTAssertEqual(a, [UInt8](repeating: 0x40, count: count), "alpha, \(count)")
            var merged = [UInt32](repeating: 0, count: count)
            DSP.merge(into: &merged, blue: b, green: g, red: r, alpha: a, count: count)
            // Every colour above alpha 0x40 is clamped to it; the others come back as they were.
            let expected = words.map { w -> UInt32 in
                let clamp = { (c: UInt32) in min(c, 0x40) }
                return clamp(w & 255) | clamp((w >> 8) & 255) << 8 | clamp((w >> 16) & 255) << 16 | 0x40_00_00_00
            }
            XCTAssertEqual(merged, expected, "merge, \(count)")
        }
    }

    func testAverage2x2IsTheRoundedMeanOfFour() {
        for count in [0, 1, 15, 16, 17, 33, 640] {
            let row0 = deterministicBytes(2 * count, seed: 3), row1 = deterministicBytes(2 * count, seed: 4)
            var out = [UInt8](repeating: 0, count: count)
            DSP.average2x2(into: &out, row0, row1, count: count)
            var expected: [UInt8] = []
            for i in 0..<count {
                let top = Int(row0[2 * i]) + Int(row0[2 * i + 1])
                let bottom = Int(row1[2 * i]) + Int(row1[2 * i + 1])
                expected.append(UInt8((top + bottom + 2) / 4))
            }
            XCTAssertEqual(out, expected, "\(count) outputs")
        }
    }

    func testAlphaOverIsPremultipliedOverAroundTheOffset() {
        let count = 1001
        let dst = deterministicBytes(count, seed: 5), alpha = deterministicBytes(count, seed: 6)
        for offset in [16, 128] {
            // A premultiplied source: offset + alpha × (colour − offset).
            let colour = deterministicBytes(count, seed: 7)
            let src = (0..<count).map { i in
                UInt8(max(0, min(255, (Double(offset) + Double(alpha[i]) / 255 * (Double(colour[i]) - Double(offset))).rounded())))
            }
            for opacity in [0, 1, 77, 128, 255, 256] {
                var out = dst
                DSP.alphaOver(into: &out, src, alpha: alpha, offset: UInt8(offset), opacity: opacity, count: count)
                var worst = 0.0
                for i in 0..<count {
                    let w = Double(opacity) / 256, a = Double(alpha[i]) / 255
                    let exact = Double(offset) + (Double(src[i]) - Double(offset)) * w + (Double(dst[i]) - Double(offset)) * (1 - a * w)
                    worst = max(worst, abs(Double(out[i]) - min(255, max(0, exact))))
                }
                XCTAssertLessThanOrEqual(worst, 0.5 + 1e-3, "offset \(offset), opacity \(opacity)")
                if opacity == 0 { XCTAssertEqual(out, dst, "opacity 0 leaves the picture") }
            }
        }
        // Transparent (alpha 0, colour at the offset) keeps every sample; opaque gives the source.
        var out = dst
        DSP.alphaOver(into: &out, [UInt8](repeating: 16, count: count), alpha: [UInt8](repeating: 0, count: count), offset: 16, opacity: 256, count: count)
        XCTAssertEqual(out, dst)
        DSP.alphaOver(into: &out, alpha, alpha: [UInt8](repeating: 255, count: count), offset: 16, opacity: 256, count: count)
        XCTAssertEqual(out, alpha)
    }

    func testAVX512BuildGivesTheBaselineBits() throws {
        #if arch(x86_64)
        try XCTSkipUnless(DSP.usesAVX512, "this processor has no AVX-512: only the baseline build runs")
        for count in [0, 1, 15, 16, 17, 4099] {
            let a = deterministicBytes(count, seed: 8), b = deterministicBytes(count, seed: 9), c = deterministicBytes(count, seed: 10)
            for opacity: Int32 in [0, 100, 256] {
                var wide = a, base = a
                mx_kernels_avx512_alpha_over_bytes(&wide, b, c, 16, opacity, count)
                mx_kernels_baseline_alpha_over_bytes(&base, b, c, 16, opacity, count)
                XCTAssertEqual(wide, base, "alpha_over_bytes, \(count), opacity \(opacity)")
            }
            var wideWords: [UInt32] = []
            for (x, y) in zip(a, b) { wideWords.append(UInt32(x) << 24 | UInt32(y) << 8 | UInt32(x ^ y)) }
            var baseWords = wideWords
            mx_kernels_avx512_premultiply_argb32(&wideWords, count)
            mx_kernels_baseline_premultiply_argb32(&baseWords, count)
            XCTAssertEqual(wideWords, baseWords, "premultiply_argb32, \(count)")
            var wideHalf = [UInt8](repeating: 0, count: count / 2), baseHalf = wideHalf
            mx_kernels_avx512_average_2x2_bytes(&wideHalf, a, b, count / 2)
            mx_kernels_baseline_average_2x2_bytes(&baseHalf, a, b, count / 2)
            XCTAssertEqual(wideHalf, baseHalf, "average_2x2_bytes, \(count)")
        }
        #else
        throw XCTSkip("AVX-512 exists only on x86-64")
        #endif
    }

    /// An opaque 5×3 image (luma 200, Cb 60, Cr 90) in an overlay of phase (1, 1).
    private func solidOverlay() -> YCbCrOverlay {
        let overlay = YCbCrOverlay(imageWidth: 5, imageHeight: 3, phase: (1, 1))
        XCTAssertEqual([overlay.width, overlay.height], [6, 4])
        for y in 1...3 {
            for x in 1...5 {
                overlay.row(y, of: .y)[x] = 200
                overlay.row(y, of: .alpha)[x] = 255
            }
        }
        // Chroma: the mean of the 2×2 premultiplied samples (an uncovered one is 128, alpha 0).
        for cy in 0..<2 {
            for cx in 0..<3 {
                var covered = 0
                for y in (2 * cy)...(2 * cy + 1) { for x in (2 * cx)...(2 * cx + 1) where (1...3).contains(y) && (1...5).contains(x) { covered += 1 } }
                overlay.row(cy, of: .cb)[cx] = UInt8((128 * 4 + (60 - 128) * covered + 2) >> 2)
                overlay.row(cy, of: .cr)[cx] = UInt8((128 * 4 + (90 - 128) * covered + 2) >> 2)
                overlay.row(cy, of: .chromaAlpha)[cx] = UInt8((255 * covered + 2) / 4)
            }
        }
        return overlay
    }

    func testDrawingClipsAnOverlayHangingOffThePictureAtOddPositions() {
        let overlay = solidOverlay()
        let grey = YCbCr(y: 100, cb: 128, cr: 128)
        for (x, y) in [(-3, -1), (9, 5), (-5, 7), (11, -3), (3, 3), (-9, 1), (13, 3)] {
            let picture = Picture(width: 12, height: 8, colour: grey)
            picture.draw(overlay, at: (x, y), opacity: 256)
            // Luma: exactly the image's pixels inside the picture are 200, the rest as they were.
            for r in 0..<8 {
                for c in 0..<12 {
                    let inside = (x..<(x + 5)).contains(c) && (y..<(y + 3)).contains(r)
                    XCTAssertEqual(picture.row(r, of: .y)[c], inside ? 200 : 100, "luma (\(c), \(r)) with the image at (\(x), \(y))")
                }
            }
            // Chroma: each sample blended by how much of its 2×2 the image covers.
            for r in 0..<4 {
                for c in 0..<6 {
                    var covered = 0
                    for yy in (2 * r)...(2 * r + 1) { for xx in (2 * c)...(2 * c + 1) where (x..<(x + 5)).contains(xx) && (y..<(y + 3)).contains(yy) { covered += 1 } }
                    let expected = covered == 0 ? 128 : Int((128 + Double(60 - 128) * Double(covered) / 4).rounded())
                    XCTAssertEqual(Double(picture.row(r, of: .cb)[c]), Double(expected), accuracy: 1,
                                   "Cb (\(c), \(r)) with the image at (\(x), \(y)), \(covered) of 4 covered")
                    if covered == 0 { XCTAssertEqual(picture.row(r, of: .cr)[c], 128, "Cr outside") }
                }
            }
        }
    }
}
