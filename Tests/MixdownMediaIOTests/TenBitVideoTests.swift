import Foundation
import MixdownComposition
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownTime
import XCTest

/// The 10-bit path of MediaIO against ffmpeg: frames read at 10 bits are
/// ffmpeg's `yuv420p10le` decode sample for sample; an 8-bit clip read at 10
/// bits gives its codes ×4; a 10-bit ramp survives x265 Main 10 at CRF 16 where
/// no 8-bit intermediate can; a 10-bit picture's PNG has 16 bits a channel.
final class TenBitVideoTests: XCTestCase {
    /// A 10-bit picture's samples as `yuv420p10le` rawvideo writes them: rows of
    /// Y, Cb, Cr, unpadded, each sample two bytes little-endian.
    private func packedWords(_ picture: Picture) -> [UInt8] {
        precondition(1.littleEndian == 1, "a little-endian machine")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(picture.width * picture.height * 3)
        for plane in Picture.Plane.allCases {
            for r in 0..<picture.planeHeight(plane) {
                // A little-endian machine's words are their little-endian bytes.
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: picture.row16(r, of: plane), count: 2 * picture.planeWidth(plane)))
            }
        }
        return bytes
    }

    /// Every frame `reader` hands out.
    private func readAll(_ reader: VideoFrameReader) throws -> [VideoFrame] {
        var frames: [VideoFrame] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        return frames
    }

    func testHLGMain10FramesReadAtTenBitsAreFFmpegsSampleForSample() throws {
        let path = try Fixture.realMedia("ax-hlg10-color-test.mp4")
        let reader = try VideoFrameReader(clip: VideoClipInfo(path: path), bitDepth: 10)
        XCTAssertEqual(reader.properties.pixelFormat, "yuv420p10le")
        XCTAssertEqual(reader.bitDepth, 10)
        let frames = try readAll(reader)
        let size = 1920 * 1080 * 3 / 2 * 2
        let expected = try VideoOracle.frames(path, count: 100, frameBytes: size, pixelFormat: "yuv420p10le")
        XCTAssertEqual(frames.count, 9)
        XCTAssertEqual(expected.count, frames.count)
        for (i, (frame, oracle)) in zip(frames, expected).enumerated() {
            XCTAssertEqual(frame.picture.bitDepth, 10)
            let ours = packedWords(frame.picture)
            XCTAssertTrue(ours == oracle, "frame \(i) differs from ffmpeg's yuv420p10le decode")
        }
        // The samples use their two low bits: they are not 8-bit codes ×4.
        let first = try XCTUnwrap(frames.first).picture
        let fine = stride(from: 0, to: 1080, by: 5).reduce(0) { sum, y in
            sum + UnsafeBufferPointer(start: first.row16(y, of: .y), count: 1920).filter { $0 & 3 != 0 }.count
        }
        XCTAssertGreaterThan(fine, 1000)
    }

    func testAnEightBitClipReadAtTenBitsIsItsSamplesTimesFour() throws {
        let path = Fixture.path("clip-a.mp4")
        let clip = try VideoClipInfo(path: path)
        let eight = try VideoFrameReader(clip: clip), ten = try VideoFrameReader(clip: clip, bitDepth: 10)
        let oracle = try VideoOracle.frames(path, count: 5, frameBytes: 640 * 360 * 3, pixelFormat: "yuv420p10le")
        for i in 0..<5 {
            let a = try XCTUnwrap(try eight.nextFrame()), b = try XCTUnwrap(try ten.nextFrame())
            XCTAssertEqual(a.time, b.time)
            var worst = 0
            for plane in Picture.Plane.allCases {
                for y in 0..<a.picture.planeHeight(plane) {
                    for x in 0..<a.picture.planeWidth(plane) {
                        worst = max(worst, abs(Int(b.picture.row16(y, of: plane)[x]) - 4 * Int(a.picture.row(y, of: plane)[x])))
                    }
                }
            }
            XCTAssertEqual(worst, 0, "frame \(i): libswscale's unscaled 8 → 10-bit copy shifts video-range codes left by 2")
            XCTAssertTrue(packedWords(b.picture) == oracle[i], "frame \(i) is ffmpeg's yuv420p10le conversion")
        }
        // Scaled at 10 bits: within a code or two ×4 of the 8-bit scaling (bicubic on wider samples).
        let scaledEight = try VideoFrameReader(clip: clip, pictureSize: (320, 180))
        let scaledTen = try VideoFrameReader(clip: clip, pictureSize: (320, 180), bitDepth: 10)
        let a = try XCTUnwrap(try scaledEight.nextFrame()).picture, b = try XCTUnwrap(try scaledTen.nextFrame()).picture
        XCTAssertEqual([b.width, b.height, b.bitDepth], [320, 180, 10])
        var total = 0, count = 0
        for y in 0..<180 {
            for x in 0..<320 {
                total += abs(b.sample(.y, x: x, y: y) - 4 * a.sample(.y, x: x, y: y))
                count += 1
            }
        }
        XCTAssertLessThanOrEqual(Double(total) / Double(count), 2, "mean |10-bit − 4 × 8-bit| of the scaled luma")
        let rescaled = try PictureScaler().scale(b, width: 160, height: 90)
        XCTAssertEqual(rescaled.bitDepth, 10)
    }

    /// A `width × height` 10-bit picture whose luma rises smoothly from 64 at the
    /// left edge to 940 at the right, chroma neutral.
    private func ramp(width: Int, height: Int) -> Picture {
        let picture = Picture(width: width, height: height, bitDepth: 10)
        for y in 0..<height {
            let row = picture.row16(y, of: .y)
            for x in 0..<width { row[x] = UInt16((64 + 876 * Double(x) / Double(width - 1)).rounded()) }
        }
        return picture
    }

    /// `picture` encoded (three frames) by libx265 at CRF 16 in `bitDepth`
    /// bits, decoded by ffmpeg to `yuv420p10le`: the first frame's luma.
    private func roundTrip(_ picture: Picture, bitDepth: Int, profile: String, folder: TemporaryFolder) throws -> [UInt16] {
        var settings = VideoEncoderSettings(codec: .hevc, width: picture.width, height: picture.height,
                                            timeBase: try TimeBase(1, 30), frameRate: try FrameRate(30))
        settings.bitDepth = bitDepth
        settings.profile = profile
        settings.quality = 16
        settings.globalHeader = false
        let encoder = try VideoEncoder(settings: settings)
        var packets: [EncodedVideoPacket] = []
        for t in 0..<3 { packets += try encoder.encode(picture, presentationTime: Int64(t)) }
        packets += try encoder.finish()
        let path = folder.file("ramp\(bitDepth).hevc")
        try Data(packets.flatMap(\.bytes)).write(to: URL(fileURLWithPath: path))
        let info = try Tool.streams(path).first ?? [:]
        XCTAssertEqual(info["profile"] as? String, bitDepth == 10 ? "Main 10" : "Main")
        XCTAssertEqual(info["pix_fmt"] as? String, bitDepth == 10 ? "yuv420p10le" : "yuv420p")
        XCTAssertEqual(try Tool.decodeErrors(path), "")
        let data = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-frames:v", "1",
                                                   "-pix_fmt", "yuv420p10le", "-f", "rawvideo", "-"]))
        let lumaCount = picture.width * picture.height
        XCTAssertEqual(data.count, lumaCount * 3)
        return (0..<lumaCount).map { UInt16(data[2 * $0]) | UInt16(data[2 * $0 + 1]) << 8 }
    }

    func testATenBitRampSurvivesMain10AtCRF16WhereEightBitsCannot() throws {
        let width = 1024, height = 256
        let source = ramp(width: width, height: height)
        // The 8-bit path: the same ramp rounded to 8-bit codes, encoded in Main.
        let eight = Picture(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { eight.row(y, of: .y)[x] = UInt8((Int(source.row16(y, of: .y)[x]) + 2) >> 2) }
        }
        let folder = try TemporaryFolder()
        /// Mean |decoded − source| over the smooth middle (64 columns and 16 rows in from each edge).
        func meanError(_ decoded: [UInt16]) -> Double {
            var total = 0, count = 0
            for y in 16..<(height - 16) {
                for x in 64..<(width - 64) {
                    total += abs(Int(decoded[y * width + x]) - Int(source.row16(y, of: .y)[x]))
                    count += 1
                }
            }
            return Double(total) / Double(count)
        }
        // The best any 8-bit intermediate can do: each sample's distance to the nearest 8-bit code (×4).
        var floor = 0, floorCount = 0
        for y in 16..<(height - 16) {
            for x in 64..<(width - 64) {
                let residue = Int(source.row16(y, of: .y)[x]) & 3
                floor += min(residue, 4 - residue)
                floorCount += 1
            }
        }
        let eightBitFloor = Double(floor) / Double(floorCount)
        XCTAssertGreaterThanOrEqual(eightBitFloor, 0.95, "no 8-bit picture of the ramp is nearer than this")
        let tenBitError = meanError(try roundTrip(source, bitDepth: 10, profile: "main10", folder: folder))
        let eightBitError = meanError(try roundTrip(eight, bitDepth: 8, profile: "main", folder: folder))
        print("10-bit ramp through Main 10 at CRF 16: mean error \(tenBitError); through 8 bits: \(eightBitError); "
              + "8-bit floor \(eightBitFloor) (10-bit codes)")
        XCTAssertLessThanOrEqual(tenBitError, 0.6)
        XCTAssertGreaterThanOrEqual(eightBitError, 1.0)
    }

    func testTheEncoderRefusesAPictureOrProfileOfAnotherDepth() throws {
        var settings = VideoEncoderSettings(codec: .hevc, width: 64, height: 64, timeBase: try TimeBase(1, 30), frameRate: try FrameRate(30))
        settings.bitDepth = 10
        let encoder = try VideoEncoder(settings: settings)
        XCTAssertThrowsError(try encoder.encode(Picture(width: 64, height: 64), presentationTime: 0)) { error in
            XCTAssertTrue("\(error)".contains("8-bit picture given to a 10-bit"), "\(error)")
        }
        XCTAssertNoThrow(try encoder.encode(Picture(width: 64, height: 64, bitDepth: 10), presentationTime: 1))
        for (codec, bitDepth, profile) in [(VideoEncoderSettings.Codec.hevc, 10, "main"), (.hevc, 8, "main10"), (.h264, 10, "high")] {
            var wrong = settings
            wrong.codec = codec
            wrong.bitDepth = bitDepth
            wrong.profile = profile
            XCTAssertThrowsError(try VideoEncoder(settings: wrong)) { error in
                XCTAssertTrue("\(error)".contains("profile \"\(profile)\" for \(bitDepth)-bit"), "\(error)")
            }
        }
        var twelve = settings
        twelve.bitDepth = 12
        XCTAssertThrowsError(try VideoEncoder(settings: twelve))
        // libx264 here takes 10-bit input: High 10.
        var h264 = settings
        h264.codec = .h264
        h264.globalHeader = false
        let x264 = try VideoEncoder(settings: h264)
        var bytes = try x264.encode(Picture(width: 64, height: 64, bitDepth: 10, colour: YCbCr(y: 100, cb: 90, cr: 140)), presentationTime: 0)
            .flatMap(\.bytes)
        bytes += try x264.finish().flatMap(\.bytes)
        let folder = try TemporaryFolder()
        let path = folder.file("high10.h264")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Tool.streams(path).first?["profile"] as? String, "High 10")
        let decoded = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-pix_fmt", "yuv420p10le", "-f", "rawvideo", "-"]))
        XCTAssertEqual(Int(decoded[0]) | Int(decoded[1]) << 8, 400, "luma 100 × 4, kept exactly by a flat picture")
    }

    func testATenBitPictureMakesASixteenBitPNG() throws {
        let colours = [YCbCr(y: 235, cb: 128, cr: 128), YCbCr(y: 81, cb: 90, cr: 240), YCbCr(y: 145, cb: 54, cr: 34), YCbCr(y: 16, cb: 128, cr: 128)]
        let eight = Picture(width: 64, height: 16), ten = Picture(width: 64, height: 16, bitDepth: 10)
        for (i, colour) in colours.enumerated() {
            eight.fill(colour, in: PixelRect(x: 16 * i, y: 0, width: 16, height: 16))
            ten.fill(colour, in: PixelRect(x: 16 * i, y: 0, width: 16, height: 16))
        }
        let folder = try TemporaryFolder()
        try eight.writePNG(to: folder.file("eight.png"))
        try ten.writePNG(to: folder.file("ten.png"))
        XCTAssertEqual(try Tool.streams(folder.file("ten.png")).first?["pix_fmt"] as? String, "rgb48be")
        XCTAssertEqual(try Tool.streams(folder.file("eight.png")).first?["pix_fmt"] as? String, "rgb24")
        let wide = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", folder.file("ten.png"), "-f", "rawvideo", "-pix_fmt", "rgb48be", "-"]))
        let narrow = [UInt8](try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-i", folder.file("eight.png"), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
        XCTAssertEqual(wide.count, 64 * 16 * 6)
        // Block centres: the 16-bit value /257 is the 8-bit PNG's within a code.
        var worst = 0.0
        for i in 0..<4 {
            let pixel = 8 * 64 + 16 * i + 8
            for c in 0..<3 {
                let sixteen = Double(Int(wide[6 * pixel + 2 * c]) << 8 | Int(wide[6 * pixel + 2 * c + 1]))
                worst = max(worst, abs(sixteen / 257 - Double(narrow[3 * pixel + c])))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
        // The same picture through ffmpeg's own scale filter to rgb48be: the same samples.
        let raw = folder.file("ten.yuv")
        try Data(packedWords(ten)).write(to: URL(fileURLWithPath: raw))
        let reference = [UInt8](try Tool.run("ffmpeg", [
            "-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "64x16", "-i", raw, "-vf",
            "scale=flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp:in_range=tv:out_range=pc:in_color_matrix=bt709,format=rgb48be",
            "-f", "rawvideo", "-"]))
        var largest = 0
        for i in stride(from: 0, to: min(wide.count, reference.count), by: 2) {
            largest = max(largest, abs((Int(wide[i]) << 8 | Int(wide[i + 1])) - (Int(reference[i]) << 8 | Int(reference[i + 1]))))
        }
        XCTAssertEqual(reference.count, wide.count)
        XCTAssertLessThanOrEqual(largest, 1, "16-bit samples against ffmpeg's scale filter")
        // libswscale's 16-bit white is 65283 (255 × 256 + 3), 0.4 % under full scale; black is 0.
        let white = 6 * (8 * 64 + 8), black = 6 * (8 * 64 + 56)
        XCTAssertGreaterThanOrEqual(Int(wide[white]) << 8 | Int(wide[white + 1]), 65280)
        XCTAssertEqual(Array(wide[black..<(black + 6)]), [0, 0, 0, 0, 0, 0])
    }
}
