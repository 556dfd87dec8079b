import Foundation
import MixdownBitstream
import MixdownTestSupport
import XCTest

/// HEVC test media: the `hvcC` records of the realmedia corpus, libx265
/// streams made at test time, and ffmpeg's `trace_headers` view of them.
enum HEVCTestMedia {
    /// The corpus file `name`, or a skip when the corpus is not beside the checkout.
    static func realMedia(_ name: String) throws -> String {
        let path = Fixture.realMediaFolder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) is missing (../shared/realmedia)") }
        return path
    }

    /// The payload of the first `hvcC` box in the file's bytes: found by its
    /// type, its size in the 4 bytes before.
    static func hvcCRecord(inFile path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tag = Array("hvcC".utf8)
        var index = 4
        while index + 4 <= bytes.count {
            if bytes[index] == tag[0], Array(bytes[index..<index + 4]) == tag {
                let size = bytes[index - 4..<index].reduce(0) { $0 << 8 | Int($1) }
                if size >= 8 + 23, index - 4 + size <= bytes.count { return Array(bytes[index + 4..<index - 4 + size]) }
            }
            index += 1
        }
        XCTFail("no hvcC box in \(path)")
        return []
    }

    /// One structure ffmpeg's `trace_headers` printed: its title ("Sequence
    /// Parameter Set") and each syntax element's value (by name, indices kept).
    struct Trace {
        var title: String
        var fields: [String: Int] = [:]

        /// The value of `name`, failing the test when it is absent.
        func callAsFunction(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
            try XCTUnwrap(fields[name], "\(title) has no \(name)", file: file, line: line)
        }
    }

    /// What `ffmpeg -bsf:v trace_headers` prints for the structures of the first
    /// `frames` packets of `path` (the extradata's first, then in-band ones).
    static func traceHeaders(_ path: String, frames: Int = 1) throws -> [Trace] {
        let errors = try Tool.runCapturingErrors("ffmpeg", ["-hide_banner", "-nostdin", "-v", "verbose", "-i", path, "-map", "0:v:0",
                                                            "-frames:v", String(frames), "-c", "copy", "-bsf:v", "trace_headers", "-f", "null", "-"]).errors
        let element = try NSRegularExpression(pattern: #"^\d+\s+(\S+)\s+[01]+ = (-?\d+)$"#)
        var traces: [Trace] = []
        for line in errors.split(separator: "\n") {
            guard let range = line.range(of: "[trace_headers @ ") else { continue }
            guard let close = line[range.upperBound...].firstIndex(of: "]") else { continue }
            let text = String(line[line.index(close, offsetBy: 2)...])
            let ns = text as NSString
            if let match = element.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) {
                let name = ns.substring(with: match.range(at: 1))
                if traces.indices.contains(traces.count - 1), traces[traces.count - 1].fields[name] == nil {
                    traces[traces.count - 1].fields[name] = Int(ns.substring(with: match.range(at: 2)))
                }
            } else if !text.hasPrefix("Packet:"), text != "Extradata" {
                traces.append(Trace(title: text))
            }
        }
        return traces
    }

    /// A libx265 stream of `frames` frames of `testsrc2` made by ffmpeg as Annex B at `path`.
    static func encode(_ path: String, size: String = "320x240", frames: Int = 30, params: String, source: String = "testsrc2") throws {
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "\(source)=s=\(size):r=30", "-frames:v", String(frames),
                                    "-pix_fmt", "yuv420p", "-c:v", "libx265", "-x265-params", params + ":log-level=none", "-f", "hevc", path])
    }

    /// The lines `ffmpeg -f framemd5` prints for `path`, and what `-v error` said.
    static func frameMD5(_ path: String) throws -> (lines: [String], errors: String) {
        let (output, errors) = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-err_detect", "crccheck", "-i", path, "-f", "framemd5", "-"])
        return (String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }, errors)
    }

    /// The picture hash (last field) of each framemd5 line.
    static func hashes(_ lines: [String]) -> [String] {
        lines.map { String($0.split(separator: ",").last ?? "").trimmingCharacters(in: .whitespaces) }
    }
}
