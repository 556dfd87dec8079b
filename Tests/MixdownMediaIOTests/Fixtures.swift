import Foundation
import MixdownMediaIO
import XCTest

/// The committed fixtures (fixtures/media) and their manifest, found from this file's location.
enum Fixtures {
    /// Tests/MixdownMediaIOTests/Fixtures.swift → package root.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MixdownMediaIOTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    static let mediaFolder = packageRoot.appendingPathComponent("fixtures/media")

    static func path(_ name: String) -> String {
        mediaFolder.appendingPathComponent(name).path
    }

    /// Every media file of the manifest that is real media (not the damaged or fake ones).
    static let mediaFiles = [
        "clip-a.mp4", "clip-b.mp4", "clip-c.mp4", "portrait.mp4", "other-size.mp4",
        "click-48k.m4a", "surround51.m4a", "sine-1k-22050.wav", "music.mp3",
        "vo-short.wav", "vo-pauses.wav",
    ]

    /// `manifest.json`'s `files` object.
    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: mediaFolder.appendingPathComponent("manifest.json"))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["files"] as? [String: Any])
    }

    /// The manifest's `audio` object for `name`.
    static func audioFacts(_ name: String) throws -> [String: Any] {
        let file = try XCTUnwrap(try manifest()[name] as? [String: Any], "\(name) not in manifest")
        return try XCTUnwrap(file["audio"] as? [String: Any], "\(name) has no audio facts")
    }

    /// A number from a JSON object as Double, failing the test when absent.
    static func number(_ object: [String: Any], _ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap((object[key] as? NSNumber)?.doubleValue, "missing number \(key)", file: file, line: line)
    }
}

/// Runs the ffmpeg/ffprobe/sox command-line tools, which serve as independent oracles.
enum Tool {
    /// The executable named `name` on PATH, or a skip when the tool is not installed.
    static func locate(_ name: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("\(name) is not installed; it is the oracle for this test")
    }

    /// Runs `name arguments…`, returning its standard output; fails on a non-zero exit.
    static func run(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = try locate(name)
        process.arguments = arguments
        let stdout = Pipe()
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("mixdown-io-tests-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw ToolFailure(description: "cannot create \(errorFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stderr = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try stderr.close()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw ToolFailure(description: "\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(message)")
        }
        return output
    }

    /// `ffprobe -show_format -show_streams` as JSON.
    static func ffprobeJSON(_ path: String) throws -> [String: Any] {
        let data = try run("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", path])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The file's first audio stream decoded by the ffmpeg CLI at its own rate, as
    /// interleaved float32 with the source's channel count.
    static func ffmpegDecode(_ path: String, extraArguments: [String] = []) throws -> [Float] {
        let data = try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a:0"] + extraArguments
                                        + ["-f", "f32le", "-c:a", "pcm_f32le", "-"])
        return floats(data)
    }

    /// The file as sox reads it (through libsndfile-independent code): interleaved float32.
    static func soxDecode(_ path: String) throws -> [Float] {
        floats(try run("sox", ["-V1", path, "-t", "f32", "-e", "floating-point", "-"]))
    }

    /// Little-endian float32 samples (this suite runs on little-endian machines only).
    static func floats(_ data: Data) -> [Float] {
        var result = [Float](repeating: 0, count: data.count / 4)
        result.withUnsafeMutableBytes { buffer in
            _ = data.copyBytes(to: buffer)
        }
        return result
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var description: String
}

/// Two channels of decoded audio.
struct StereoBuffer {
    var left: [Float] = []
    var right: [Float] = []
    var count: Int { left.count }
}

extension AudioDecoder {
    /// Reads `count` samples (fewer at the end) in chunks of `chunk`.
    func readSamples(_ count: Int, chunk: Int = 8192) throws -> StereoBuffer {
        var result = StereoBuffer()
        result.left.reserveCapacity(count)
        result.right.reserveCapacity(count)
        var left = [Float](repeating: .nan, count: chunk)
        var right = [Float](repeating: .nan, count: chunk)
        while result.count < count {
            let want = min(chunk, count - result.count)
            let got = try left.withUnsafeMutableBufferPointer { l in
                try right.withUnsafeMutableBufferPointer { r in
                    try read(left: l.baseAddress!, right: r.baseAddress!, count: want)
                }
            }
            XCTAssertLessThanOrEqual(got, want)
            if got <= 0 { break }
            result.left.append(contentsOf: left[0..<got])
            result.right.append(contentsOf: right[0..<got])
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

    func decode(_ name: String, rate: Int32) throws -> StereoBuffer {
        let key = "\(name)@\(rate)"
        lock.lock()
        let cached = decodes[key]
        lock.unlock()
        if let cached { return cached }
        let decoder = try AudioDecoder(path: Fixtures.path(name), sampleRate: rate)
        let buffer = try decoder.readAll()
        lock.lock()
        decodes[key] = buffer
        lock.unlock()
        return buffer
    }
}

// MARK: - Measurements

enum Measure {
    static func rms(_ x: ArraySlice<Float>) -> Double {
        guard !x.isEmpty else { return 0 }
        return x.withUnsafeBufferPointer { p in
            var sum = 0.0
            for i in 0..<p.count { sum += Double(p[i]) * Double(p[i]) }
            return (sum / Double(p.count)).squareRoot()
        }
    }

    static func rms(_ x: [Float]) -> Double { rms(x[...]) }

    static func dB(_ ratio: Double) -> Double { 20 * log10(ratio) }

    /// Index of the largest |x|.
    static func argmaxAbs(_ x: [Float]) -> Int {
        x.withUnsafeBufferPointer { p in
            var best = 0
            var bestValue: Float = -1
            for i in 0..<p.count where abs(p[i]) > bestValue {
                bestValue = abs(p[i])
                best = i
            }
            return best
        }
    }

    /// Largest |a[i] - b[i]| over the common length; infinity where either is NaN.
    static func maxDifference(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Float {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                var worst: Float = 0
                for i in 0..<min(pa.count, pb.count) {
                    let d = abs(pa[i] - pb[i])
                    if !(d <= worst) { worst = d.isNaN ? .infinity : d }
                }
                return worst
            }
        }
    }

    /// Amplitude and phase of the `frequency` component of `x[range]`, by correlation
    /// with a sine and a cosine (exact for a whole number of periods in the window).
    static func tone(_ x: [Float], frequency: Double, rate: Double, range: Range<Int>) -> (amplitude: Double, phase: Double) {
        var s = 0.0, c = 0.0
        let w = 2 * Double.pi * frequency / rate
        for n in range {
            let v = Double(x[n])
            s += v * sin(w * Double(n))
            c += v * cos(w * Double(n))
        }
        let scale = 2 / Double(range.count)
        return ((s * s + c * c).squareRoot() * scale, atan2(c, s))
    }

    /// Least-squares fit of `a·sin + b·cos + dc` at `frequency` over `x[range]`:
    /// the fitted amplitude, phase and the residual's RMS.
    static func sineFit(_ x: [Float], frequency: Double, rate: Double, range: Range<Int>)
        -> (amplitude: Double, phase: Double, residualRMS: Double, signalRMS: Double)
    {
        // Normal equations of the 3-parameter model, solved directly.
        let w = 2 * Double.pi * frequency / rate
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3)
        var v = [Double](repeating: 0, count: 3)
        for n in range {
            let basis = [sin(w * Double(n)), cos(w * Double(n)), 1.0]
            let y = Double(x[n])
            for i in 0..<3 {
                v[i] += basis[i] * y
                for j in 0..<3 { m[i][j] += basis[i] * basis[j] }
            }
        }
        let p = solve3(m, v)
        var residual = 0.0, signal = 0.0
        for n in range {
            let model = p[0] * sin(w * Double(n)) + p[1] * cos(w * Double(n)) + p[2]
            let y = Double(x[n])
            residual += (y - model) * (y - model)
            signal += model * model
        }
        let count = Double(range.count)
        return ((p[0] * p[0] + p[1] * p[1]).squareRoot(), atan2(p[1], p[0]),
                (residual / count).squareRoot(), (signal / count).squareRoot())
    }

    /// Gaussian elimination with partial pivoting for a 3×3 system.
    private static func solve3(_ matrix: [[Double]], _ rhs: [Double]) -> [Double] {
        var a = matrix, b = rhs
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<3 {
                let f = a[row][col] / a[col][col]
                for k in col..<3 { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: 3)
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<3 { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}

/// Splits interleaved samples into channels.
func deinterleave(_ samples: [Float], channels: Int) -> [[Float]] {
    let frames = samples.count / channels
    return (0..<channels).map { c in
        [Float](unsafeUninitializedCapacity: frames) { out, initialized in
            samples.withUnsafeBufferPointer { input in
                for i in 0..<frames { out[i] = input[i * channels + c] }
            }
            initialized = frames
        }
    }
}
