import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownTestSupport
import MixdownUnits
import XCTest

/// Two channels of decoded audio.
struct StereoBuffer {
    var left: [Float] = []
    var right: [Float] = []
    var count: Int { left.count }
}

extension AudioSampleSource {
    /// Reads `count` samples (fewer at the end) in chunks of `chunk`.
    func readSamples(_ count: Int, chunk: Int = 8192) throws -> StereoBuffer {
        var result = StereoBuffer()
        result.left.reserveCapacity(min(count, 1 << 24))
        result.right.reserveCapacity(min(count, 1 << 24))
        try forEachBlock(frames: count == .max ? nil : Int64(count), blockSize: chunk) { block in
            XCTAssertLessThanOrEqual(block.count, chunk)
            result.left.append(contentsOf: block.left)
            result.right.append(contentsOf: block.right)
        }
        return result
    }

    /// Everything left in the stream.
    func readAll(chunk: Int = 8192) throws -> StereoBuffer {
        try readSamples(Int.max, chunk: chunk)
    }
}

/// Whole-file decodes shared by several tests (the suite runs tests one at a time).
final class DecodeCache: @unchecked Sendable {
    static let shared = DecodeCache()
    private let lock = NSLock()
    private var decodes: [String: StereoBuffer] = [:]

    /// `name` decoded whole at `rate`, or at the file's own rate when `rate` is nil.
    func decode(_ name: String, rate: SampleRate?) throws -> StereoBuffer {
        let key = "\(name)@\(rate?.description ?? "its own rate")"
        lock.lock()
        let cached = decodes[key]
        lock.unlock()
        if let cached { return cached }
        let path = Fixture.path(name)
        let decoder = try rate.map { rate throws(MediaIOError) in try AudioDecoder(path: path, sampleRate: rate) }
            ?? AudioDecoder(sourceRateOf: path)
        let buffer = try decoder.readAll()
        lock.lock()
        decodes[key] = buffer
        lock.unlock()
        return buffer
    }
}

/// Top-level MP4 box types in file order, read from the box headers.
func topLevelBoxes(_ path: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var boxes: [String] = []
    var offset = 0
    while offset + 8 <= data.count {
        let size32 = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
        var size = size32
        if size32 == 1 {
            size = data[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size32 == 0 {
            size = data.count - offset
        }
        boxes.append(type)
        guard size >= 8 else { break }
        offset += size
    }
    return boxes
}

/// A test bus: a quiet sine with single-sample clicks of 0.9 at `clicks`.
struct TestSignal {
    let left: [Float]
    let right: [Float]

    init(count: Int, rate: Double = 48_000, frequency: Double = 440, clicks: [Int]) {
        var left = (0..<count).map { Float(0.1 * sin(2 * Double.pi * frequency * Double($0) / rate)) }
        for click in clicks where click < count { left[click] += 0.9 }
        self.left = left
        right = left
    }

    /// Feeds the signal to `write` in blocks of `block` samples.
    func feed(block: Int, _ write: (AudioSlice) throws -> Void) rethrows {
        let audio = AudioBuffer(copying: [left, right])
        var start = 0
        while start < left.count {
            let n = min(block, left.count - start)
            try write(audio.slice(start..<start + n))
            start += n
        }
    }
}

extension MovieWriter {
    /// `finish()`, then `ffmpeg -v error` decodes the file, which must say nothing.
    func finishDecodingCleanly(file: StaticString = #filePath, line: UInt = #line) throws {
        try finish()
        XCTAssertEqual(try Tool.decodeErrors(path), "", "ffmpeg -v error decoding \(path)", file: file, line: line)
    }
}
