import MixdownDSP
import MixdownKernels
import XCTest

/// The 10-bit picture kernels (16-bit words) against their definitions in plain
/// integer or double arithmetic, against the 8-bit kernels on the same inputs
/// ×4, the two builds against each other; and `Picture` at 10 bits: fills,
/// blends, overlays, turns and mirrors against the same at 8 bits ×4.
final class TenBitKernelTests: XCTestCase {
    /// Deterministic 10-bit samples, 0...1023.
    private func words(_ count: Int, seed: UInt32) -> [UInt16] {
        zip(deterministicBytes(count, seed: seed), deterministicBytes(count, seed: seed &+ 1000)).map { UInt16($0) << 2 | UInt16($1 & 3) }
    }

    func testLerpWordsIsTheRoundedBlendAndFourTimesTheByteBlend() {
        for count in [0, 1, 15, 16, 17, 4099] {
            let a = words(count, seed: 1), b = words(count, seed: 2)
            for weight in [0, 1, 77, 128, 200, 255, 256] {
                var out = [UInt16](repeating: 0, count: count)
                DSP.lerp(into: &out, a, b, weight: weight, count: count)
                let reference = (0..<count).map { UInt16((Int(a[$0]) * (256 - weight) + Int(b[$0]) * weight + 128) >> 8) }
                XCTAssertEqual(out, reference, "lerp_words, \(count) samples, weight \(weight)")
                if weight == 0 { XCTAssertEqual(out, a) }
                if weight == 256 { XCTAssertEqual(out, b) }
            }
        }
        // On 8-bit inputs ×4, the 10-bit blend is within ±2 of the 8-bit blend ×4
        // (it rounds once, at 10 bits, where the 8-bit one rounds at 8).
        let count = 4099
        let a8 = deterministicBytes(count, seed: 3), b8 = deterministicBytes(count, seed: 4)
        let a10 = a8.map { UInt16($0) * 4 }, b10 = b8.map { UInt16($0) * 4 }
        var worst = 0
        for weight in 0...256 {
            var out8 = [UInt8](repeating: 0, count: count), out10 = [UInt16](repeating: 0, count: count)
            DSP.lerp(into: &out8, a8, b8, weight: weight, count: count)
            DSP.lerp(into: &out10, a10, b10, weight: weight, count: count)
            for i in 0..<count { worst = max(worst, abs(Int(out10[i]) - 4 * Int(out8[i]))) }
        }
        XCTAssertLessThanOrEqual(worst, 2)
        XCTAssertGreaterThan(worst, 0, "the 10-bit blend keeps the bits the 8-bit one rounds away")
    }

    func testFillWordsWritesTheValueAndNothingBeyond() {
        for count in [0, 1, 15, 16, 17, 4099] {
            var buffer = [UInt16](repeating: 7, count: count + 1)
            DSP.fill(&buffer, value: 940, count: count)
            XCTAssertEqual(buffer, [UInt16](repeating: 940, count: count) + [7], "\(count) samples")
        }
    }

    func testAlphaOverWordsIsPremultipliedOverOfTheSourceTimesFour() {
        let count = 1001
        let dst = words(count, seed: 5), alpha = deterministicBytes(count, seed: 6), colour = deterministicBytes(count, seed: 7)
        for offset in [16, 128] {
            let src = (0..<count).map { i in
                UInt8(max(0, min(255, (Double(offset) + Double(alpha[i]) / 255 * (Double(colour[i]) - Double(offset))).rounded())))
            }
            for opacity in [0, 1, 77, 128, 255, 256] {
                var out = dst
                DSP.alphaOver(into: &out, src, alpha: alpha, offset: UInt16(4 * offset), opacity: opacity, count: count)
                var worst = 0.0
                for i in 0..<count {
                    let w = Double(opacity) / 256, a = Double(alpha[i]) / 255, o = Double(4 * offset)
                    let exact = o + (4 * Double(src[i]) - o) * w + (Double(dst[i]) - o) * (1 - a * w)
                    worst = max(worst, abs(Double(out[i]) - min(1023, max(0, exact))))
                }
                XCTAssertLessThanOrEqual(worst, 0.5 + 1e-3, "offset \(offset), opacity \(opacity)")
                if opacity == 0 { XCTAssertEqual(out, dst, "opacity 0 leaves the picture") }
            }
        }
        // Transparent keeps every sample; opaque gives the source ×4.
        var out = dst
        DSP.alphaOver(into: &out, [UInt8](repeating: 16, count: count), alpha: [UInt8](repeating: 0, count: count),
                      offset: 64, opacity: 256, count: count)
        XCTAssertEqual(out, dst)
        DSP.alphaOver(into: &out, colour, alpha: [UInt8](repeating: 255, count: count), offset: 64, opacity: 256, count: count)
        XCTAssertEqual(out, colour.map { UInt16($0) * 4 })
    }

    func testAlphaOverWordsIsFourTimesTheByteKernelWithinTwo() {
        let count = 4099
        let dst8 = deterministicBytes(count, seed: 8), alpha = deterministicBytes(count, seed: 9), src = deterministicBytes(count, seed: 10)
        var worst = 0
        for (offset, opacity) in [(16, 256), (16, 100), (128, 256), (128, 37)] {
            var out8 = dst8, out10 = dst8.map { UInt16($0) * 4 }
            DSP.alphaOver(into: &out8, src, alpha: alpha, offset: UInt8(offset), opacity: opacity, count: count)
            DSP.alphaOver(into: &out10, src, alpha: alpha, offset: UInt16(4 * offset), opacity: opacity, count: count)
            // Above 255 × 4 the 8-bit kernel has clamped where the 10-bit one goes on to 1023.
            for i in 0..<count { worst = max(worst, abs(min(1020, Int(out10[i])) - 4 * Int(out8[i]))) }
        }
        XCTAssertLessThanOrEqual(worst, 2)
    }

    func testAlphaOverWords16IsTheByteSourceKernelOnFourTimesTheSourceAndExactWithinAHalf() {
        let count = 4099
        let dst = words(count, seed: 21), alpha = deterministicBytes(count, seed: 22), src8 = deterministicBytes(count, seed: 23)
        for (offset, opacity) in [(64, 256), (64, 100), (512, 256), (512, 37), (512, 0)] {
            // 10-bit sources that are 8-bit codes ×4: the same bits as the ×4 kernel.
            var fromBytes = dst, fromWords = dst
            DSP.alphaOver(into: &fromBytes, src8, alpha: alpha, offset: UInt16(offset), opacity: opacity, count: count)
            DSP.alphaOver(into: &fromWords, src8.map { UInt16($0) * 4 }, alpha: alpha, offset: UInt16(offset), opacity: opacity, count: count)
            XCTAssertEqual(fromWords, fromBytes, "offset \(offset), opacity \(opacity)")
        }
        // Any 10-bit premultiplied source: the alpha-over within a half (the rounding).
        let colour = words(count, seed: 24)
        for offset in [64, 512] {
            let src = (0..<count).map { i in
                UInt16(max(0, min(1023, (Double(offset) + Double(alpha[i]) / 255 * (Double(colour[i]) - Double(offset))).rounded())))
            }
            for opacity in [1, 128, 256] {
                var out = dst
                DSP.alphaOver(into: &out, src, alpha: alpha, offset: UInt16(offset), opacity: opacity, count: count)
                var worst = 0.0
                for i in 0..<count {
                    let w = Double(opacity) / 256, a = Double(alpha[i]) / 255, o = Double(offset)
                    let exact = o + (Double(src[i]) - o) * w + (Double(dst[i]) - o) * (1 - a * w)
                    worst = max(worst, abs(Double(out[i]) - min(1023, max(0, exact))))
                }
                XCTAssertLessThanOrEqual(worst, 0.5 + 1e-3, "offset \(offset), opacity \(opacity)")
            }
            var opaque = dst
            DSP.alphaOver(into: &opaque, colour, alpha: [UInt8](repeating: 255, count: count), offset: UInt16(offset), opacity: 256, count: count)
            XCTAssertEqual(opaque, colour, "opaque gives the source")
        }
    }

    func testAVX512BuildGivesTheBaselineBits() throws {
        #if arch(x86_64)
        try XCTSkipUnless(DSP.usesAVX512, "this processor has no AVX-512: only the baseline build runs")
        for count in [0, 1, 15, 16, 17, 4099] {
            let a = words(count, seed: 11), b = words(count, seed: 12), src = deterministicBytes(count, seed: 13), alpha = deterministicBytes(count, seed: 14)
            for weight: Int32 in [0, 99, 256] {
                var wide = [UInt16](repeating: 0, count: count), base = wide
                mx_kernels_avx512_lerp_words(&wide, a, b, weight, count)
                mx_kernels_baseline_lerp_words(&base, a, b, weight, count)
                XCTAssertEqual(wide, base, "lerp_words, \(count), weight \(weight)")
            }
            for opacity: Int32 in [0, 100, 256] {
                var wide = a, base = a
                mx_kernels_avx512_alpha_over_words(&wide, src, alpha, 512, opacity, count)
                mx_kernels_baseline_alpha_over_words(&base, src, alpha, 512, opacity, count)
                XCTAssertEqual(wide, base, "alpha_over_words, \(count), opacity \(opacity)")
                var wide16 = a, base16 = a
                let src16 = words(count, seed: 15)
                mx_kernels_avx512_alpha_over_words16(&wide16, src16, alpha, 64, opacity, count)
                mx_kernels_baseline_alpha_over_words16(&base16, src16, alpha, 64, opacity, count)
                XCTAssertEqual(wide16, base16, "alpha_over_words16, \(count), opacity \(opacity)")
            }
            var wide = a, base = a
            mx_kernels_avx512_fill_words(&wide, 513, count)
            mx_kernels_baseline_fill_words(&base, 513, count)
            XCTAssertEqual(wide, base, "fill_words, \(count)")
        }
        #else
        throw XCTSkip("AVX-512 exists only on x86-64")
        #endif
    }

    // MARK: - Pictures at 10 bits

    /// An 8-bit picture of deterministic samples, and the same at 10 bits ×4.
    private func pair(width: Int, height: Int, seed: UInt32) -> (Picture, Picture) {
        let eight = Picture(width: width, height: height), ten = Picture(width: width, height: height, bitDepth: 10)
        for plane in Picture.Plane.allCases {
            for y in 0..<eight.planeHeight(plane) {
                let samples = deterministicBytes(eight.planeWidth(plane), seed: seed &+ UInt32(y * 3 + plane.rawValue))
                for x in samples.indices {
                    eight.row(y, of: plane)[x] = samples[x]
                    ten.row16(y, of: plane)[x] = UInt16(samples[x]) * 4
                }
            }
        }
        return (eight, ten)
    }

    /// The largest |ten − 4 × eight| over every sample of both pictures, `ten`
    /// taken to 1020 (255 × 4) at most where an 8-bit kernel clamps at 255.
    private func worstDifference(_ eight: Picture, _ ten: Picture) -> Int {
        XCTAssertEqual([eight.width, eight.height, eight.bitDepth, ten.bitDepth], [ten.width, ten.height, 8, 10])
        var worst = 0
        for plane in Picture.Plane.allCases {
            for y in 0..<eight.planeHeight(plane) {
                for x in 0..<eight.planeWidth(plane) {
                    worst = max(worst, abs(min(1020, Int(ten.row16(y, of: plane)[x])) - 4 * Int(eight.row(y, of: plane)[x])))
                }
            }
        }
        return worst
    }

    func testTenBitPictureLayoutAndColours() {
        let picture = Picture(width: 70, height: 4, bitDepth: 10, colour: YCbCr(y: 235, cb: 16, cr: 240))
        XCTAssertEqual(picture.bitDepth, 10)
        XCTAssertEqual(picture.bytesPerSample, 2)
        XCTAssertEqual(picture.maximumSample, 1023)
        XCTAssertEqual(picture.stride(.y), 192, "70 words are 140 bytes, padded to 64")
        XCTAssertEqual(picture.stride(.cb), 128, "35 words are 70 bytes")
        XCTAssertEqual([picture.sample(.y, x: 69, y: 3), picture.sample(.cb, x: 0, y: 0), picture.sample(.cr, x: 69, y: 3)], [940, 64, 960])
        picture.fill(.black)
        XCTAssertEqual([picture.sample(.y, x: 5, y: 1), picture.sample(.cb, x: 5, y: 1), picture.sample(.cr, x: 5, y: 1)], [64, 512, 512])
        picture.fill(YCbCr(y: 100, cb: 50, cr: 60), in: PixelRect(x: 1, y: 1, width: 5, height: 3))
        // The even interior: x 2..<6, y 2..<4.
        XCTAssertEqual((0..<8).map { picture.sample(.y, x: $0, y: 2) }, [64, 64, 400, 400, 400, 400, 64, 64])
        XCTAssertEqual(picture.sample(.y, x: 3, y: 1), 64)
        XCTAssertEqual((0..<4).map { picture.sample(.cb, x: 2 * $0, y: 2) }, [512, 200, 200, 512])
        XCTAssertEqual(YCbCr(y: 16, cb: 128, cr: 235).sample(.y, bitDepth: 10), 64)
        XCTAssertEqual(YCbCr(y: 16, cb: 128, cr: 235).sample(.cb, bitDepth: 10), 512)
        XCTAssertEqual(YCbCr(y: 16, cb: 128, cr: 235).sample(.cr, bitDepth: 10), 940)
        XCTAssertEqual(YCbCr(y: 16, cb: 128, cr: 235).sample(.cr, bitDepth: 8), 235)
        let eight = Picture(width: 70, height: 4)
        XCTAssertEqual(eight.stride(.y), 128)
        XCTAssertEqual(eight.sample(.y, x: 0, y: 0), 16)
    }

    func testTenBitBlendsTurnsAndMirrorsAreTheEightBitOnesTimesFour() {
        let (canvas8, canvas10) = pair(width: 46, height: 30, seed: 20)
        let (source8, source10) = pair(width: 22, height: 18, seed: 40)
        for (area, origin, opacity) in [(PixelRect(x: 1, y: 3, width: 17, height: 12), (x: 5, y: -3), 256),
                                        (PixelRect(x: 0, y: 0, width: 22, height: 18), (x: 31, y: 20), 77),
                                        (PixelRect(x: 4, y: 2, width: 10, height: 10), (x: 0, y: 0), 200)] {
            canvas8.blend(source8, area: area, at: origin, opacity: opacity)
            canvas10.blend(source10, area: area, at: origin, opacity: opacity)
        }
        XCTAssertLessThanOrEqual(worstDifference(canvas8, canvas10), 2, "blends")
        // Copies (opacity 256), turns and mirrors move samples: exactly ×4.
        let (plain8, plain10) = pair(width: 46, height: 30, seed: 60)
        plain8.blend(source8, area: source8.bounds, at: (8, 6), opacity: 256)
        plain10.blend(source10, area: source10.bounds, at: (8, 6), opacity: 256)
        XCTAssertEqual(worstDifference(plain8, plain10), 0, "copies")
        for turns in [1, 2, 3, -1] {
            XCTAssertEqual(worstDifference(plain8.rotated(quarterTurns: turns), plain10.rotated(quarterTurns: turns)), 0, "\(turns) turns")
        }
        XCTAssertEqual(worstDifference(plain8.mirrored(), plain10.mirrored()), 0, "mirrored")
        XCTAssertEqual(plain10.rotated(quarterTurns: 1).bitDepth, 10)
    }

    func testTenBitOverlaysAreTheEightBitOnesTimesFourWithinTwo() {
        let overlay = YCbCrOverlay(imageWidth: 9, imageHeight: 7, phase: (1, 0))
        for plane in YCbCrOverlay.Plane.allCases {
            for y in 0..<overlay.planeHeight(plane) {
                let samples = deterministicBytes(overlay.planeWidth(plane), seed: 80 &+ UInt32(y * 5 + plane.rawValue))
                for x in samples.indices { overlay.row(y, of: plane)[x] = samples[x] }
            }
        }
        // One drawing a canvas: each rounds once, so their errors do not add up.
        for (position, opacity) in [((x: 3, y: 2), 256), ((x: -5, y: 8), 140), ((x: 15, y: -4), 256)] {
            let (canvas8, canvas10) = pair(width: 20, height: 12, seed: 90)
            canvas8.draw(overlay, at: position, opacity: opacity)
            canvas10.draw(overlay, at: position, opacity: opacity)
            XCTAssertLessThanOrEqual(worstDifference(canvas8, canvas10), 2, "at \(position), opacity \(opacity)")
        }
    }
}
