import Foundation

extension Tool {
    /// Frames `range` (display order) of `path`'s first video stream as ffmpeg
    /// decodes them, 8-bit 4:2:0 (`yuv420p`) of `width × height`, one array each.
    public static func videoFrames(_ path: String, _ range: ClosedRange<Int>, width: Int = 640, height: Int = 360) throws -> [[UInt8]] {
        let data = [UInt8](try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0",
                                              "-vf", "select=between(n\\,\(range.lowerBound)\\,\(range.upperBound))", "-vsync", "0",
                                              "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"]))
        let size = width * height * 3 / 2
        guard data.count == size * range.count else {
            throw Failure(description: "\(path): frames \(range) decoded to \(data.count) bytes, not \(range.count) × \(size)")
        }
        return stride(from: 0, to: data.count, by: size).map { Array(data[$0..<($0 + size)]) }
    }
}

extension Measure {
    /// Peak signal-to-noise ratio of two 8-bit pictures, in dB (99 when equal).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let count = min(a.count, b.count)
        var sum = 0.0
        for i in 0..<count {
            let d = Double(a[i]) - Double(b[i])
            sum += d * d
        }
        let mse = sum / Double(max(1, count))
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }
}
