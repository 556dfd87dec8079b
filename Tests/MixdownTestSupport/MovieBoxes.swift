import Foundation
import XCTest

/// What an MP4/MOV file's boxes say, read independently of FFmpeg: how long each
/// track is presented (its edit list), which is what players show and what
/// ffprobe's stream durations (the media's length) do not tell.
public enum MovieBoxes {
    /// Each track's presented length in seconds, by handler type (`vide`, `soun`):
    /// the sum of its edit list's non-empty edits, in the movie's time scale
    /// (`mvhd`), or the track's media length (`mdhd`) without an edit list.
    public static func presentedDurations(_ path: String) throws -> [String: Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        let moov = try XCTUnwrap(children(bytes, 0..<bytes.count).first { $0.type == "moov" }, "\(path) has no moov")
        let mvhd = try XCTUnwrap(children(bytes, moov.body).first { $0.type == "mvhd" })
        let movieScale = Double(integer(bytes, mvhd.body.lowerBound + (bytes[mvhd.body.lowerBound] == 1 ? 20 : 12), 4))
        var durations: [String: Double] = [:]
        for trak in children(bytes, moov.body) where trak.type == "trak" {
            let mdia = try XCTUnwrap(children(bytes, trak.body).first { $0.type == "mdia" })
            let hdlr = try XCTUnwrap(children(bytes, mdia.body).first { $0.type == "hdlr" })
            let handler = String(decoding: bytes[(hdlr.body.lowerBound + 8)..<(hdlr.body.lowerBound + 12)], as: UTF8.self)
            let edts = children(bytes, trak.body).first { $0.type == "edts" }
            if let elst = edts.flatMap({ children(bytes, $0.body).first { $0.type == "elst" } }) {
                let start = elst.body.lowerBound
                let wide = bytes[start] == 1
                var total: UInt64 = 0
                var entry = start + 8
                for _ in 0..<integer(bytes, start + 4, 4) {
                    let length = integer(bytes, entry, wide ? 8 : 4)
                    let mediaTime = integer(bytes, entry + (wide ? 8 : 4), wide ? 8 : 4)
                    let empty = mediaTime == (wide ? UInt64.max : UInt64(UInt32.max))
                    if !empty { total += length }
                    entry += wide ? 20 : 12
                }
                durations[handler] = Double(total) / movieScale
            } else {
                let mdhd = try XCTUnwrap(children(bytes, mdia.body).first { $0.type == "mdhd" })
                let b = mdhd.body.lowerBound
                let wide = bytes[b] == 1
                let scale = integer(bytes, b + (wide ? 20 : 12), 4)
                durations[handler] = Double(integer(bytes, b + (wide ? 24 : 16), wide ? 8 : 4)) / Double(scale)
            }
        }
        return durations
    }

    private struct Box {
        var type: String
        var body: Range<Int>
    }

    /// The boxes directly inside `range`.
    private static func children(_ bytes: [UInt8], _ range: Range<Int>) -> [Box] {
        var boxes: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            var size = Int(integer(bytes, offset, 4))
            var header = 8
            if size == 1 {
                size = Int(integer(bytes, offset + 8, 8))
                header = 16
            } else if size == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { break }
            boxes.append(Box(type: String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
                             body: (offset + header)..<(offset + size)))
            offset += size
        }
        return boxes
    }

    /// A big-endian unsigned integer of `count` bytes at `offset`.
    private static func integer(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
