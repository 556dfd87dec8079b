import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import XCTest

extension Picture {
    /// The samples as ffmpeg's `rawvideo` muxer writes `yuv420p`: every row of Y,
    /// then of Cb, then of Cr, without padding.
    var packedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3 / 2)
        for plane in Plane.allCases {
            for r in 0..<planeHeight(plane) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: row(r, of: plane), count: planeWidth(plane)))
            }
        }
        return bytes
    }

    /// A picture of `width × height` holding packed `yuv420p` samples.
    convenience init(width: Int, height: Int, packed bytes: ArraySlice<UInt8>) {
        self.init(width: width, height: height)
        var offset = bytes.startIndex
        for plane in Plane.allCases {
            for r in 0..<planeHeight(plane) {
                let count = planeWidth(plane)
                bytes[offset..<offset + count].withUnsafeBufferPointer { row(r, of: plane).update(from: $0.baseAddress!, count: count) }
                offset += count
            }
        }
    }
}

/// The oracle's side of the video tests: frames and timestamps as ffmpeg and ffprobe see them.
enum VideoOracle {
    /// The first `count` frames of the file's first video stream as ffmpeg decodes
    /// them to packed 8-bit `pixelFormat`, one array per frame of `frameBytes`
    /// bytes; every frame decoded is kept (`-fps_mode passthrough`), none made up.
    static func frames(_ path: String, count: Int, frameBytes: Int, pixelFormat: String = "yuv420p",
                       autorotate: Bool = false, filter: String? = nil) throws -> [[UInt8]] {
        let data = try Tool.run("ffmpeg", ["-v", "error", "-nostdin"] + (autorotate ? [] : ["-noautorotate"])
            + ["-i", path, "-map", "0:v:0", "-frames:v", "\(count)", "-fps_mode", "passthrough"]
            + (filter.map { ["-vf", $0] } ?? []) + ["-pix_fmt", pixelFormat, "-f", "rawvideo", "-"])
        XCTAssertEqual(data.count % frameBytes, 0, "ffmpeg's output is not whole frames")
        return stride(from: 0, to: data.count - frameBytes + 1, by: frameBytes).map { [UInt8](data[$0..<$0 + frameBytes]) }
    }

    /// The presentation timestamps of the frames ffprobe decodes from the first video stream, in order.
    static func frameTimestamps(_ path: String) throws -> [Int64] {
        let json = try Tool.probe(path, ["-select_streams", "v:0", "-show_entries", "frame=pts,best_effort_timestamp"])
        let frames = try XCTUnwrap(json["frames"] as? [[String: Any]])
        return try frames.map { frame in
            try XCTUnwrap((frame["pts"] as? NSNumber ?? frame["best_effort_timestamp"] as? NSNumber)?.int64Value)
        }
    }
}

/// The largest difference between two sample arrays of the same length (`Int.max` when the lengths differ).
func maximumDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return .max }
    if a == b { return 0 }
    return a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            var largest: Int32 = 0
            for i in 0..<a.count { largest = max(largest, abs(Int32(a[i]) - Int32(b[i]))) }
            return Int(largest)
        }
    }
}

/// PSNR in dB of `b` against `a` (8-bit samples); infinity when equal.
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    precondition(a.count == b.count && !a.isEmpty)
    let squares = a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            var sum: Int64 = 0
            for i in 0..<a.count {
                let d = Int64(a[i]) - Int64(b[i])
                sum += d * d
            }
            return sum
        }
    }
    return squares == 0 ? .infinity : 10 * log10(255 * 255 / (Double(squares) / Double(a.count)))
}
