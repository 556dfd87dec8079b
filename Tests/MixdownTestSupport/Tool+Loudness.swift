import Foundation

extension Tool {
    /// What ffmpeg's `ebur128` filter says of a programme in its summary: the independent meter.
    public struct EBUR128Summary: Sendable {
        /// Integrated loudness, LUFS, to 0.1 (ffmpeg prints −70.0 when nothing passed the gate).
        public let integrated: Double
        /// The largest true peak of any channel, dBTP, to 0.1 (−∞ for digital silence).
        public let truePeak: Double
        /// ffmpeg's loudness range, LU, to 0.1. It takes a short-term reading every
        /// 100 ms, libebur128 every second, so the two differ on speech with pauses.
        public let range: Double
    }

    /// ffmpeg's `ebur128=peak=true` on the first audio stream of `path`, at its own
    /// rate: the "I:", "Peak:" and "LRA:" lines of its summary.
    ///
    /// `graph` is the filtergraph that feeds the meter, ending in an open link
    /// (`[0:a:0]atrim=0:10,`); by default the stream as it is.
    public static func ebur128(_ path: String, graph: String = "[0:a:0]") throws -> EBUR128Summary {
        let log = try runCapturingErrors("ffmpeg", ["-hide_banner", "-nostats", "-nostdin", "-i", path,
                                                    "-filter_complex", graph + "ebur128=peak=true[out]", "-map", "[out]",
                                                    "-f", "null", "-"]).errors
        // The last summary: ffmpeg configures a complex graph once to learn its outputs
        // and frees it, and that empty meter prints a summary of its own (−70, −inf).
        guard let summary = log.range(of: "Summary:", options: .backwards) else {
            throw Failure(description: "ffmpeg's ebur128 printed no summary for \(path): \(log.suffix(500))")
        }
        // The summary's lines read "    I:         -28.8 LUFS"; "-inf" parses as a Double.
        func value(_ key: String) throws -> Double {
            for line in log[summary.upperBound...].split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count >= 2, fields[0] == key, let number = Double(fields[1]) { return number }
            }
            throw Failure(description: "ffmpeg's ebur128 summary for \(path) has no \(key) line")
        }
        return EBUR128Summary(integrated: try value("I:"), truePeak: try value("Peak:"), range: try value("LRA:"))
    }
}
