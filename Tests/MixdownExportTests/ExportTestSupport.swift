import Foundation
import MixdownMediaIO
import XCTest

func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/media/\(name)").path
}

/// Runs an oracle tool (ffmpeg, ffprobe) and returns its standard output.
func runTool(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(domain: tool, code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "\(tool) \(arguments) failed"])
    }
    return data
}

/// The first audio stream of `path` decoded by ffmpeg to mono (left channel) float at 48 kHz.
func decodedLeft(_ path: String) throws -> [Float] {
    let data = try runTool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:a:0", "-af", "pan=mono|c0=c0", "-f", "f32le", "-ar", "48000", "-"])
    return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
}

/// ffprobe's streams of `path` as (codec_type, codec_name, start_time, duration).
func probeStreams(_ path: String) throws -> [(type: String, codec: String, start: Double, duration: Double)] {
    let data = try runTool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,start_time,duration", "-of", "csv=p=0", path])
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
        let f = line.split(separator: ",").map(String.init)
        return (f[1], f[0], Double(f[2]) ?? .nan, Double(f[3]) ?? .nan)   // ffprobe prints codec_name first
    }
}

/// Per-packet MD5s of the video stream, as ffmpeg's framemd5 muxer lists them with stream copy.
func videoPacketHashes(_ path: String) throws -> [String] {
    let data = try runTool("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
    return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
        .map { String($0.split(separator: ",").last!).trimmingCharacters(in: .whitespaces) }
}

/// The lag (in samples, within ±maxLag) at which `b` best matches `a`, and the correlation there.
func bestLag(_ a: [Float], _ b: [Float], maxLag: Int, window: Range<Int>) -> (lag: Int, correlation: Double) {
    var best = (lag: 0, correlation: -2.0)
    for lag in -maxLag...maxLag {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for i in window where i + lag >= 0 && i + lag < b.count && i < a.count {
            let x = Double(a[i]), y = Double(b[i + lag])
            ab += x * y; aa += x * x; bb += y * y
        }
        let r = ab / max(1e-30, (aa * bb).squareRoot())
        if r > best.correlation { best = (lag, r) }
    }
    return best
}

func temporaryPath(_ name: String) -> String {
    NSTemporaryDirectory() + "mixdown-export-\(UUID().uuidString)-\(name)"
}

/// Puts a file at `path`, runs `job` (which gets a progress callback that calls
/// `cancel` on its 20th call) and checks that the job throws `.cancelled`,
/// leaves the file as it was and no temporary file beside it.
func assertCancellingKeepsExistingOutput(at path: String, cancel: @escaping () -> Void,
                                         job: (_ progress: () -> Void) throws -> Void,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
    try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var calls = 0
    XCTAssertThrowsError(try job {
        calls += 1
        if calls == 20 { cancel() }
    }, file: file, line: line) { error in
        XCTAssertEqual(error as? MediaIOError, .cancelled, file: file, line: line)
    }
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "precious", file: file, line: line)
    XCTAssertEqual(try temporaryFiles(beside: path), [], file: file, line: line)
}

/// The hidden temporary outputs Mixdown left beside `path` (none, after a cancelled or finished job).
func temporaryFiles(beside path: String) throws -> [String] {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".\(name).mixdown") }
}
