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

    /// The MD5 of every frame of `path`'s first video stream that ffmpeg decodes and
    /// shows (frames its edit list hides are left out), in display order.
    public static func decodedFrameHashes(_ path: String) throws -> [String] {
        let text = String(decoding: try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-fps_mode", "passthrough",
                                                       "-enc_time_base", "-1", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
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

extension Tool {
    /// Each packet of `path`'s first video stream, byte for byte as stored, in
    /// decoding order (ffmpeg's `data` muxer writes them back to back; ffprobe
    /// tells where each ends).
    public static func videoPacketBytes(_ path: String) throws -> [[UInt8]] {
        let data = [UInt8](try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "data", "-"]))
        let sizes = String(decoding: try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=size",
                                                         "-of", "csv=p=0", path]), as: UTF8.self)
            .split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard sizes.reduce(0, +) == data.count else {
            throw Failure(description: "\(path): packets of \(sizes.reduce(0, +)) bytes, \(data.count) copied")
        }
        var packets: [[UInt8]] = []
        var offset = 0
        for size in sizes {
            packets.append(Array(data[offset..<(offset + size)]))
            offset += size
        }
        return packets
    }

    /// The HEVC NAL unit types of a packet whose units are each after a 4-byte length.
    public static func hevcUnitTypes(_ packet: [UInt8]) -> [Int] {
        var types: [Int] = []
        var offset = 0
        while offset + 5 <= packet.count {
            let length = packet[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(Int(packet[offset + 4] >> 1 & 0x3F))
            offset += 4 + length
        }
        return types
    }
}

extension MovieBoxes {
    /// The body of the first box of type `type` (four letters, e.g. `hvcC`)
    /// anywhere in the file, found by its type and checked by its size.
    public static func firstBox(_ type: String, in path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array(type.utf8)
        var i = 4
        while i + 4 <= bytes.count {
            if bytes[i] == tag[0], Array(bytes[i..<(i + 4)]) == tag {
                let size = bytes[(i - 4)..<i].reduce(0) { $0 << 8 | Int($1) }
                if size >= 8, i - 4 + size <= bytes.count { return Array(bytes[(i + 4)..<(i - 4 + size)]) }
            }
            i += 1
        }
        throw Tool.Failure(description: "\(path) has no \(type) box")
    }
}
