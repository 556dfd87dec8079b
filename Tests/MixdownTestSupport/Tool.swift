import Foundation
import XCTest

/// The ffmpeg, ffprobe and sox command-line tools: the independent oracles.
public enum Tool {
    /// A tool that exited with an error, with what it said.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The executable named `name` on PATH.
    public static func locate(_ name: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "\(name) is not installed; it is an oracle of the tests (scripts/bootstrap.sh installs it)")
    }

    /// Runs `name arguments…` and returns its standard output; throws on a non-zero exit.
    public static func run(_ name: String, _ arguments: [String]) throws -> Data {
        try runCapturingErrors(name, arguments).output
    }

    /// What `ffmpeg -v error` says while decoding every stream of `path` (nothing for a clean file).
    public static func decodeErrors(_ path: String) throws -> String {
        try runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-f", "null", "-"]).errors
    }

    /// Runs `name arguments…` and returns its standard output and standard error;
    /// throws on a non-zero exit.
    public static func runCapturingErrors(_ name: String, _ arguments: [String]) throws -> (output: Data, errors: String) {
        let process = Process()
        process.executableURL = try locate(name)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
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
        return (data, String(decoding: errorData, as: UTF8.self))
    }

    /// `ffprobe` with `arguments` as JSON.
    public static func probe(_ path: String, _ arguments: [String]) throws -> [String: Any] {
        let data = try run("ffprobe", ["-v", "error", "-of", "json"] + arguments + [path])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `ffprobe -show_format -show_streams` as JSON.
    public static func ffprobeJSON(_ path: String) throws -> [String: Any] {
        try probe(path, ["-show_format", "-show_streams"])
    }

    /// ffprobe's streams of `path`.
    public static func streams(_ path: String) throws -> [[String: Any]] {
        try XCTUnwrap(try probe(path, ["-show_streams"])["streams"] as? [[String: Any]])
    }

    /// Packets of one stream (`v:0`, `a:0`) with pts, dts, duration and flags, in file order.
    public static func packets(_ path: String, stream: String) throws -> [[String: Any]] {
        let json = try probe(path, ["-select_streams", stream, "-show_entries", "packet=pts,dts,duration,flags,size"])
        return try XCTUnwrap(json["packets"] as? [[String: Any]])
    }

    /// The file's first audio stream decoded by ffmpeg at its own rate, as interleaved
    /// float32 with the source's channel count; `extraArguments` go before the output.
    public static func ffmpegDecode(_ path: String, extraArguments: [String] = []) throws -> [Float] {
        floats(try run("ffmpeg", ["-v", "error", "-nostdin", "-i", path, "-map", "0:a:0"] + extraArguments
                                  + ["-f", "f32le", "-c:a", "pcm_f32le", "-"]))
    }

    /// The file's audio decoded by ffmpeg to stereo float at its own rate: (left, right).
    public static func decodeStereo(_ path: String) throws -> (left: [Float], right: [Float]) {
        let channels = deinterleave(try ffmpegDecode(path, extraArguments: ["-ac", "2"]), channels: 2)
        return (channels[0], channels[1])
    }

    /// The first audio stream decoded by ffmpeg to its left channel at 48 kHz.
    public static func decodedLeft(_ path: String) throws -> [Float] {
        try ffmpegDecode(path, extraArguments: ["-af", "pan=mono|c0=c0", "-ar", "48000"])
    }

    /// The file as sox reads it: interleaved float32.
    public static func soxDecode(_ path: String) throws -> [Float] {
        floats(try run("sox", ["-V1", path, "-t", "f32", "-e", "floating-point", "-"]))
    }

    /// Per-packet size and MD5 of the first video stream, copied (ffmpeg's framemd5 muxer).
    public static func videoPacketHashes(_ path: String) throws -> [String] {
        let text = String(decoding: try run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"]), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return fields[4] + " " + fields[5]  // size, md5
        }
    }

    /// Little-endian float32 samples (this suite runs on little-endian machines only).
    public static func floats(_ data: Data) -> [Float] {
        var result = [Float](repeating: 0, count: data.count / 4)
        result.withUnsafeMutableBytes { buffer in
            _ = data.copyBytes(to: buffer)
        }
        return result
    }
}

/// Splits interleaved samples into channels.
public func deinterleave(_ samples: [Float], channels: Int) -> [[Float]] {
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
