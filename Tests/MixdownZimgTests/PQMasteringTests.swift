import Foundation
import MixdownTestSupport
import MixdownZimg
import XCTest

/// A PQ clip with HDR10 mastering metadata (libx265, lossless so the codes are
/// the ones written) tone-mapped into SDR with the mastering display's maximum
/// as the source peak, read back from the stream as ffprobe reports it.
///
/// Measured (mastering maximum 1000 cd/m²): the 1000 cd/m² patch lands on
/// code 235; 5, 10, 20 and 25 cd/m² (below the knee, 27.9) come out at the
/// same light within 8-bit quantisation (largest error 0.14 of a code step);
/// 203 → 224 and 500 → 234, the formula's codes; 4000 (above the mastering
/// peak) → 235. With a 4000 cd/m² mastering peak the same 1000 cd/m² patch
/// stays below the SDR peak (232), as BT.2390 leaves room for brighter light.
final class PQMasteringTests: XCTestCase {
    private let patches: [Double] = [0, 5, 10, 20, 25, 203, 500, 1000, 4000]
    private let patchWidth = 64, height = 64

    /// Writes the patches as 10-bit PQ codes, encodes them with HDR10 metadata,
    /// and returns the decoded frame and the mastering maximum ffprobe reads.
    private func encodedClip(in folder: TemporaryFolder) throws -> (picture: TestPicture, masteringPeak: Double) {
        let width = patchWidth * patches.count
        var luma = [UInt16](repeating: 64, count: width * height)
        for row in 0..<height {
            for (index, nits) in patches.enumerated() {
                let code = UInt16(BT2100.lumaCode(BT2100.pq(nits), bits: 10).rounded())
                for x in index * patchWidth..<(index + 1) * patchWidth { luma[row * width + x] = code }
            }
        }
        let chroma = [UInt16](repeating: 512, count: width * height / 4)
        let planes = luma + chroma + chroma
        let raw = folder.file("pq.yuv"), movie = folder.file("pq.mp4")
        try planes.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
        _ = try Tool.run("ffmpeg", [
            "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "\(width)x\(height)", "-r", "25", "-i", raw,
            "-frames:v", "1", "-c:v", "libx265", "-x265-params",
            "lossless=1:hdr10=1:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1)"
                + ":max-cll=1000,400:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:log-level=error",
            "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc", movie,
        ])
        let probe = try Tool.probe(movie, ["-select_streams", "v:0", "-show_frames", "-read_intervals", "%+#1",
                                           "-show_entries", "frame=side_data_list"])
        let frames = try XCTUnwrap(probe["frames"] as? [[String: Any]])
        let sideData = try XCTUnwrap(frames.first?["side_data_list"] as? [[String: Any]])
        let mastering = try XCTUnwrap(sideData.first { $0["side_data_type"] as? String == "Mastering display metadata" })
        let fraction = try XCTUnwrap(mastering["max_luminance"] as? String).split(separator: "/").compactMap { Double($0) }
        XCTAssertEqual(fraction.count, 2)
        let decoded = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", movie, "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-"]))
        let picture = TestPicture(raw: decoded, width: width, height: height, bitDepth: 10)
        for (index, nits) in patches.enumerated() {
            XCTAssertEqual(Double(picture.luma(index * patchWidth + 5, 7)), BT2100.lumaCode(BT2100.pq(nits), bits: 10), accuracy: 0.5,
                           "lossless x265 keeps the \(nits) cd/m² patch")
        }
        return (picture, fraction[0] / fraction[1])
    }

    private func sdr(_ picture: TestPicture, sourcePeak: Double) throws -> TestPicture {
        let conversion = try ColourConversion(from: YCbCrFormat(bitDepth: 10, colour: .pq), to: YCbCrFormat(bitDepth: 8, colour: .bt709),
                                              width: picture.width, height: picture.height, sourcePeakLuminance: sourcePeak)
        XCTAssertEqual(conversion.toneCurve?.sourcePeak, sourcePeak)
        return try picture.converted(by: conversion)
    }

    func testMasteringPeakLandsOnTheSDRPeakAndMidTonesKeepTheirLight() throws {
        let folder = try TemporaryFolder()
        let (picture, masteringPeak) = try encodedClip(in: folder)
        XCTAssertEqual(masteringPeak, 1000)
        let out = try sdr(picture, sourcePeak: masteringPeak)
        func code(_ nits: Double) -> Int { out.luma(patches.firstIndex(of: nits)! * patchWidth + 20, 30) }

        XCTAssertEqual(code(1000), 235)
        XCTAssertEqual(code(4000), 235)
        XCTAssertEqual(code(0), 16)
        // Below the knee the light is unchanged: the code's BT.1886 light equals the
        // patch's within half an 8-bit step (the transfer and quantisation, nothing else).
        for nits in [5.0, 10, 20, 25] {
            let signal = BT2100.lumaSignal(Double(code(nits)), bits: 8)
            let shown = 100 * BT2100.bt1886(signal)
            let halfStep = 100 * (BT2100.bt1886(signal + 0.5 / 219) - BT2100.bt1886(signal - 0.5 / 219)) / 2
            XCTAssertEqual(shown, nits, accuracy: halfStep * 1.05, "\(nits) cd/m² below the knee")
            print("PQ \(nits) cd/m² → code \(code(nits)), shown \(shown) cd/m², \((shown - nits) / (2 * halfStep)) of a code step")
        }
        // Above it, BT.2390's curve.
        for nits in [203.0, 500] {
            let expected = BT2100.lumaCode(pow(BT2100.eetf(nits, sourcePeak: 1000, targetPeak: 100) / 100, 1 / 2.4), bits: 8)
            XCTAssertEqual(Double(code(nits)), expected, accuracy: 0.51, "\(nits) cd/m²")
        }
        XCTAssertEqual(code(203), 224)
        XCTAssertEqual(code(500), 234)
    }

    func testABrighterMasterLeavesRoomAboveAThousand() throws {
        let folder = try TemporaryFolder()
        let (picture, _) = try encodedClip(in: folder)
        let out = try sdr(picture, sourcePeak: 4000)
        let thousand = out.luma(patches.firstIndex(of: 1000)! * patchWidth + 20, 30)
        let expected = BT2100.lumaCode(pow(BT2100.eetf(1000, sourcePeak: 4000, targetPeak: 100) / 100, 1 / 2.4), bits: 8)
        XCTAssertEqual(Double(thousand), expected, accuracy: 0.51)
        XCTAssertEqual(thousand, 232)
        XCTAssertEqual(out.luma(patches.firstIndex(of: 4000)! * patchWidth + 20, 30), 235)
    }
}
