import Foundation
import MixdownExport
import MixdownRender
import MixdownTestSupport
import XCTest

extension ExportSession {
    /// `export()`, then `ffmpeg -v error` decodes the file, which must say nothing.
    func exportDecodingCleanly(file: StaticString = #filePath, line: UInt = #line) throws -> RenderSummary {
        let summary = try export()
        XCTAssertEqual(try Tool.decodeErrors(outputPath), "", "ffmpeg -v error decoding \(outputPath)", file: file, line: line)
        return summary
    }
}

extension DeliveryExport {
    /// `export()`, then `ffmpeg -v error` decodes the file, which must say nothing.
    func exportDecodingCleanly(file: StaticString = #filePath, line: UInt = #line) throws -> DeliveredOutput {
        let delivered = try export()
        XCTAssertEqual(try Tool.decodeErrors(outputPath), "", "ffmpeg -v error decoding \(outputPath)", file: file, line: line)
        return delivered
    }
}

/// ffprobe's streams of `path` as (codec_type, codec_name, start_time, duration).
func probeStreams(_ path: String) throws -> [(type: String, codec: String, start: Double, duration: Double)] {
    let data = try Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name,start_time,duration", "-of", "csv=p=0", path])
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
        let f = line.split(separator: ",").map(String.init)
        return (f[1], f[0], Double(f[2]) ?? .nan, Double(f[3]) ?? .nan)   // ffprobe prints codec_name first
    }
}
