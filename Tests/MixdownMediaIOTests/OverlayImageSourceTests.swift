import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownTime
import XCTest

/// `OverlayImageSource` on images ffmpeg makes: sizes, premultiplied pixels
/// against the colours they were made with, GIF timing against ffprobe's packet
/// durations, scaling, and the refusals.
final class OverlayImageSourceTests: XCTestCase {
    private func ffmpeg(_ arguments: [String]) throws {
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments)
    }

    private func time(_ milliseconds: Int64) -> MediaTime { .milliseconds(milliseconds) }

    /// The straight colour of `pixel` (premultiplied), for pixels whose alpha is not 0.
    private func straight(_ pixel: (blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8)) -> (red: Double, green: Double, blue: Double) {
        let a = Double(pixel.alpha)
        return (Double(pixel.red) * 255 / a, Double(pixel.green) * 255 / a, Double(pixel.blue) * 255 / a)
    }

    func testAPNGWithSoftAlphaDecodesPremultipliedPixelForPixel() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("soft.png")
        // Colour and alpha are known functions of the position.
        try ffmpeg(["-f", "lavfi", "-i", "color=s=37x23,format=rgba,geq=r='X*6':g='Y*10':b=200:a='if(lt(X,3),0,min(255,X*7+Y*2))'",
                    "-frames:v", "1", path])
        let source = try OverlayImageSource(path: path)
        XCTAssertEqual(source.width, 37)
        XCTAssertEqual(source.height, 23)
        XCTAssertFalse(source.isAnimated)
        let image = try source.image(at: .zero, width: 37, height: 23)
        XCTAssertEqual(image.width, 37)
        var worst = 0
        for y in 0..<23 {
            for x in 0..<37 {
                let alpha = x < 3 ? 0 : min(255, x * 7 + y * 2)
                let expected = [x * 6, y * 10, 200].map { ($0 * alpha + 127) / 255 }
                let pixel = image[x, y]
                XCTAssertEqual(Int(pixel.alpha), alpha, "alpha at (\(x), \(y))")
                worst = max(worst, abs(Int(pixel.red) - expected[0]), abs(Int(pixel.green) - expected[1]), abs(Int(pixel.blue) - expected[2]))
            }
        }
        // round(c·a/255) exactly: the decoded PNG's colours, premultiplied.
        XCTAssertLessThanOrEqual(worst, 1, "largest premultiplied colour error")
        // The same frame and size again: the same image, not decoded again.
        XCTAssertTrue(try source.image(at: time(5000), width: 37, height: 23) === image)
    }

    func testAJPEGAndAWebPDecodeToTheirColours() throws {
        let folder = try TemporaryFolder()
        let jpeg = folder.file("photo.jpg"), webp = folder.file("logo.webp")
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0x3366CC:s=64x48", "-frames:v", "1", "-q:v", "2", jpeg])
        try ffmpeg(["-f", "lavfi", "-i", "color=c=0xE08020@0.5:s=30x20,format=rgba", "-frames:v", "1", "-c:v", "libwebp",
                    "-lossless", "1", webp])
        let photo = try OverlayImageSource(path: jpeg)
        XCTAssertEqual([photo.width, photo.height], [64, 48])
        let picture = try photo.image(at: .zero, width: 64, height: 48)
        for (x, y) in [(0, 0), (31, 20), (63, 47)] {
            let pixel = picture[x, y]
            XCTAssertEqual(pixel.alpha, 255)
            XCTAssertEqual(Double(pixel.red), 0x33, accuracy: 4, "JPEG red at (\(x), \(y))")
            XCTAssertEqual(Double(pixel.green), 0x66, accuracy: 4)
            XCTAssertEqual(Double(pixel.blue), 0xCC, accuracy: 4)
        }
        let logo = try OverlayImageSource(path: webp)
        XCTAssertEqual([logo.width, logo.height], [30, 20])
        let pixel = try logo.image(at: .zero, width: 30, height: 20)[17, 9]
        // ffmpeg's colour source makes 50% alpha 128 (0.5 × 255, rounded up); lossless WebP keeps it.
        XCTAssertEqual(Double(pixel.alpha), 128, accuracy: 1)
        let colour = straight(pixel)
        XCTAssertEqual(colour.red, 0xE0, accuracy: 3)
        XCTAssertEqual(colour.green, 0x80, accuracy: 3)
        XCTAssertEqual(colour.blue, 0x20, accuracy: 3)
    }

    /// A GIF (or APNG, by the name) of red, green and blue frames with durations set by their timestamps.
    private func makeAnimation(_ path: String, size: String) throws {
        try ffmpeg(["-f", "lavfi", "-i",
                    "color=s=\(size):r=1:d=1:c=red[a];color=s=\(size):r=1:d=1:c=lime[b];color=s=\(size):r=1:d=1:c=blue[c];"
                        + "[a][b][c]concat=n=3,settb=1/100,setpts='if(eq(N,0),0,if(eq(N,1),20,70))'",
                    "-fps_mode", "passthrough", path])
    }

    private func colour(_ image: OverlayImage) -> String {
        let pixel = image[image.width / 2, image.height / 2]
        // A GIF's palette holds red and green as 252 (3 bits each).
        switch (pixel.red, pixel.green, pixel.blue, pixel.alpha) {
        case (252...255, 0, 0, 255): return "red"
        case (0, 252...255, 0, 255): return "green"
        case (0, 0, 252...255, 255): return "blue"
        default: return "\(pixel)"
        }
    }

    func testAnAnimatedGIFOrAPNGShowsEachFrameForItsDurationAndLoops() throws {
        let folder = try TemporaryFolder()
        // Small (its frames are held) and large (decoded again on each loop).
        for (size, type) in [("16x12", "gif"), ("1600x900", "gif"), ("20x10", "apng")] {
            let path = folder.file("anim-\(size).\(type)")
            try makeAnimation(path, size: size)
            // ffprobe's packets: the frames' starts and durations, in milliseconds.
            let packets = try XCTUnwrap(try Tool.probe(path, ["-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time"])["packets"]
                as? [[String: Any]])
            func milliseconds(_ key: String) -> [Int64] {
                packets.compactMap { ($0[key] as? String).flatMap(Double.init).map { Int64(($0 * 1000).rounded()) } }
            }
            let starts = milliseconds("pts_time"), durations = milliseconds("duration_time")
            XCTAssertEqual(starts, [0, 200, 700], type)
            let loop = (starts.last ?? 0) + (durations.last ?? 0)
            XCTAssertEqual(loop, 1200, "ffprobe's loop length of the \(type), in milliseconds")
            let source = try OverlayImageSource(path: path)
            let parts = size.split(separator: "x").map { Int($0)! }
            XCTAssertEqual([source.width, source.height], parts)
            XCTAssertTrue(source.isAnimated)
            XCTAssertEqual(source.frameCount, 3)
            XCTAssertEqual(source.loopDuration, time(loop))
            let w = source.width, h = source.height
            // Each frame from its start (in milliseconds) to just before the next; then again a loop later, and
            // after going back in time.
            let expected: [(Int64, String)] = [
                (0, "red"), (199, "red"), (200, "green"), (699, "green"), (700, "blue"), (1199, "blue"),
                (1200, "red"), (1450, "green"), (12_000 + 950, "blue"), (100, "red"), (24_000 + 300, "green"),
                (-40, "red"),
            ]
            for (milliseconds, name) in expected {
                XCTAssertEqual(colour(try source.image(at: time(milliseconds), width: w, height: h)), name, "\(type) \(size) at \(milliseconds) ms")
            }
        }
    }

    func testScalingIsLibswscaleOfThePremultipliedImageAndKeepsColourWithinAlpha() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("disc.png")
        // An opaque orange disc on transparency: its edge is the hard case for scaling.
        try ffmpeg(["-f", "lavfi", "-i", "color=s=40x40,format=rgba,geq=r=255:g=128:b=0:a='255*lt(hypot(X-19.5,Y-19.5),15)'",
                    "-frames:v", "1", path])
        let source = try OverlayImageSource(path: path)
        let natural = try source.image(at: .zero, width: 40, height: 40)
        let small = try source.image(at: .zero, width: 17, height: 23)
        XCTAssertEqual([small.width, small.height], [17, 23])
        XCTAssertFalse(small === natural)
        var invalid = 0
        for y in 0..<23 {
            for x in 0..<17 {
                let p = small[x, y]
                if p.red > p.alpha || p.green > p.alpha || p.blue > p.alpha { invalid += 1 }
            }
        }
        XCTAssertEqual(invalid, 0, "premultiplied pixels whose colour exceeds their alpha")
        // The centre stays opaque orange, the corners transparent.
        let centre = small[8, 11], corner = small[0, 0]
        XCTAssertEqual([centre.red, centre.green, centre.blue, centre.alpha], [255, 128, 0, 255])
        XCTAssertEqual([corner.red, corner.green, corner.blue, corner.alpha], [0, 0, 0, 0])
        // Coverage is kept: the disc's area (sum of alpha) scales with the picture's area, within 2%.
        func coverage(_ image: OverlayImage) -> Double {
            var sum = 0.0
            for y in 0..<image.height { for x in 0..<image.width { sum += Double(image[x, y].alpha) / 255 } }
            return sum / Double(image.width * image.height)
        }
        XCTAssertEqual(coverage(small), coverage(natural), accuracy: 0.02 * coverage(natural))
        // Back at natural size: the decoded picture, never resampled.
        XCTAssertTrue(try source.image(at: .zero, width: 40, height: 40) === natural)
    }

    func testAMissingFileAndAFileThatIsNotAnImageAreRefusedNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("nowhere.png")
        XCTAssertThrowsError(try OverlayImageSource(path: missing)) { error in
            guard case .missingInput(let path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, missing)
            print("refused: \(error)")
        }
        let text = folder.file("notes.png")
        try Data("this is not a picture\n".utf8).write(to: URL(fileURLWithPath: text))
        XCTAssertThrowsError(try OverlayImageSource(path: text)) { error in
            guard case .unreadableMedia(let path, let reason)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, text)
            XCTAssertFalse(reason.isEmpty)
            print("refused: \(error)")
            XCTAssertTrue("\(error)".hasPrefix(text), "\(error)")
        }
        // A PNG cut short after its header: the picture does not decode.
        let whole = folder.file("whole.png"), cut = folder.file("cut.png")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48", "-frames:v", "1", whole])
        try Data(try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(80)).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try OverlayImageSource(path: cut)) { error in
            guard case .unreadableMedia(let path, _)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, cut)
            print("refused: \(error)")
        }
        // Sound is media, but not an image.
        let sound = folder.file("tone.wav")
        try ffmpeg(["-f", "lavfi", "-i", "sine=d=0.1", sound])
        XCTAssertThrowsError(try OverlayImageSource(path: sound)) { error in
            guard case .unreadableMedia(_, let reason)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not an image"), reason)
            print("refused: \(error)")
        }
        // An animated WebP opens, but FFmpeg 5.1 cannot decode it: said so, with what to use.
        let animated = folder.file("anim.webp")
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=s=32x24:r=5:d=1", "-c:v", "libwebp_anim", "-loop", "0", animated])
        XCTAssertThrowsError(try OverlayImageSource(path: animated)) { error in
            guard case .unreadableMedia(_, let reason)? = error as? MediaIOError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("an animated WebP") && reason.contains("GIF or APNG"), reason)
        }
    }
}
