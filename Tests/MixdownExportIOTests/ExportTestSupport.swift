import Foundation
import MixdownMediaIO
import MixdownTime
import XCTest

/// Paths of the fixtures in `fixtures/media`.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/media").path

    static func path(_ name: String) -> String { folder + "/" + name }
}

/// ffmpeg and ffprobe, the independent oracles.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `/usr/bin/<name>` and returns its standard output; throws on a non-zero exit.
    static func run(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the tool runs, so neither fills up and blocks it.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                + String(decoding: errorData, as: UTF8.self))
        }
        return data
    }

    /// The file's audio decoded by ffmpeg to stereo float at its own rate: (left, right).
    static func decodeAudio(_ path: String) throws -> (left: [Float], right: [Float]) {
        let data = try run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-f", "f32le", "-ac", "2", "-"])
        var left: [Float] = []
        var right: [Float] = []
        left.reserveCapacity(data.count / 8)
        right.reserveCapacity(data.count / 8)
        data.withUnsafeBytes { raw in
            let floats = raw.bindMemory(to: Float.self)
            for i in stride(from: 0, to: floats.count - 1, by: 2) {
                left.append(floats[i])
                right.append(floats[i + 1])
            }
        }
        return (left, right)
    }

    /// Per-packet size and MD5 of the first video stream, copied (ffmpeg's framemd5 muxer).
    static func videoPacketHashes(_ path: String) throws -> [String] {
        let text = String(decoding: try run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return fields[4] + " " + fields[5]  // size, md5
        }
    }

    /// ffprobe's JSON for `entries` (e.g. `stream=codec_name,start_time`).
    static func probe(_ path: String, _ arguments: [String]) throws -> [String: Any] {
        let data = try run("ffprobe", ["-v", "error", "-of", "json"] + arguments + [path])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func streams(_ path: String) throws -> [[String: Any]] {
        let json = try probe(path, ["-show_streams"])
        return try XCTUnwrap(json["streams"] as? [[String: Any]])
    }

    /// Packets of one stream (`v:0`, `a:0`) with pts, dts, duration and flags, in file order.
    static func packets(_ path: String, stream: String) throws -> [[String: Any]] {
        let json = try probe(path, ["-select_streams", stream, "-show_entries", "packet=pts,dts,duration,flags,size"])
        return try XCTUnwrap(json["packets"] as? [[String: Any]])
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

/// A fresh folder under the system's temporary folder, removed on release.
final class TemporaryFolder {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "mixdown-export-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
    /// Names in the folder, hidden ones included.
    func contents() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }
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
    func feed(block: Int, _ write: (UnsafePointer<Float>, UnsafePointer<Float>, Int) throws -> Void) rethrows {
        try left.withUnsafeBufferPointer { l in
            try right.withUnsafeBufferPointer { r in
                var start = 0
                while start < left.count {
                    let n = min(block, left.count - start)
                    try write(l.baseAddress! + start, r.baseAddress! + start, n)
                    start += n
                }
            }
        }
    }
}

/// Measurements on decoded audio.
enum Signal {
    /// Index of the largest |x| in `range`.
    static func argmaxAbs(_ x: [Float], in range: Range<Int>) -> Int {
        var best = range.lowerBound
        for i in range where abs(x[i]) > abs(x[best]) { best = i }
        return best
    }

    /// Normalised cross-correlation of `a` against `b` shifted by `lag` (b[i + lag] with a[i]) over `range`.
    static func correlation(_ a: [Float], _ b: [Float], lag: Int, range: Range<Int>) -> Double {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in range where i + lag >= 0 && i + lag < b.count && i < a.count {
            let x = Double(a[i]), y = Double(b[i + lag])
            ab += x * y; aa += x * x; bb += y * y
        }
        return aa > 0 && bb > 0 ? ab / (aa * bb).squareRoot() : 0
    }

    /// The lag in `lags` with the highest correlation, and that correlation.
    static func bestLag(_ a: [Float], _ b: [Float], lags: ClosedRange<Int>, range: Range<Int>) -> (lag: Int, correlation: Double) {
        lags.map { ($0, correlation(a, b, lag: $0, range: range)) }.max { $0.1 < $1.1 }!
    }
}

func seconds(_ value: Double) throws -> MediaTime {
    try MediaTime(seconds: value, preferredTimescale: 1_000_000)
}

/// Asserts that `body` throws a `MediaIOError` and returns it.
func mediaError<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> MediaIOError? {
    do {
        _ = try body()
        XCTFail("expected a MediaIOError", file: file, line: line)
        return nil
    } catch let error as MediaIOError {
        return error
    } catch {
        XCTFail("expected a MediaIOError, got \(error)", file: file, line: line)
        return nil
    }
}
