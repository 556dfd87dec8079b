import Foundation
import XCTest

/// A file's audio as ffprobe and ffmpeg see it, placed by the rule Mixdown
/// documents (docs/audio-mix.md, "Inputs and channels"), without Mixdown's code:
/// the first decoded sample lands at its timestamp after the container's start
/// (0 when that start is negative: an audio stream's pre-skip), the samples
/// follow one another, and they end where ffmpeg's decode ends.
public struct AudioOracle {
    /// The path.
    public let path: String
    /// ffprobe's codec name, sample rate, channel count and layout of the first audio stream.
    public let codec: String
    public let sampleRate: Int
    public let channels: Int
    public let layout: String
    /// ffprobe's stream start time, in seconds.
    public let startTime: Double?
    /// Where the first decoded sample lands, in samples at `sampleRate` after the container's start.
    public let firstSample: Int
    /// Samples per channel ffmpeg decodes (`-f f32le`, nothing cut).
    public let decodedCount: Int
    /// Decoded samples before the container's start (priming no packet flagged), dropped.
    public let droppedAtStart: Int
    /// Where the audio ends on the same axis.
    public let endSample: Int
    /// ffmpeg's decode, interleaved float with `channels` channels.
    public let decoded: [Float]

    /// The samples that play, from `firstSample` on: `endSample - firstSample`.
    public var sampleCount: Int { endSample - firstSample }

    /// Probes and decodes the first audio stream of `path` with ffprobe and ffmpeg.
    public init(path: String) throws {
        self.path = path
        let info = try Tool.ffprobeJSON(path)
        let streams = try XCTUnwrap(info["streams"] as? [[String: Any]])
        let format = try XCTUnwrap(info["format"] as? [String: Any])
        let audio = try XCTUnwrap(streams.first { $0["codec_type"] as? String == "audio" }, "\(path) has no audio")
        codec = audio["codec_name"] as? String ?? "?"
        sampleRate = try XCTUnwrap(Int(audio["sample_rate"] as? String ?? ""))
        channels = try XCTUnwrap(audio["channels"] as? Int)
        layout = audio["channel_layout"] as? String ?? ""
        startTime = (audio["start_time"] as? String).flatMap(Double.init)
        let timeBase = try Self.fraction(try XCTUnwrap(audio["time_base"] as? String))

        // The container's start, in seconds; a negative one is an audio stream's pre-skip.
        var origin = (format["start_time"] as? String).flatMap(Double.init) ?? 0
        if origin < 0 {
            origin = streams.compactMap { stream -> Double? in
                guard let start = (stream["start_time"] as? String).flatMap(Double.init) else { return nil }
                // Opus stamps its first packet before 0 by the pre-skip its decoder drops.
                return stream["codec_name"] as? String == "opus" ? max(0, start) : start
            }.min() ?? 0
        }
        let rate = Double(sampleRate)
        func axisIndex(_ ticks: Double) -> Int { Int(((ticks * timeBase - origin) * rate + 0.5).rounded(.down)) }

        let first = try Tool.probe(path, ["-select_streams", "a:0", "-read_intervals", "%+#64", "-show_frames",
                                          "-show_entries", "frame=pts,best_effort_timestamp"])
        let frame = try XCTUnwrap((first["frames"] as? [[String: Any]])?.first, "\(path): ffprobe decodes no frame")
        let stamp = try XCTUnwrap((frame["best_effort_timestamp"] ?? frame["pts"]) as? Int)
        let position = axisIndex(Double(stamp))
        decoded = try Tool.ffmpegDecode(path)
        decodedCount = decoded.count / channels
        droppedAtStart = min(decodedCount, max(0, -position))
        firstSample = max(0, position)
        // The end: where ffmpeg's decode ends, its last frame whole (FFmpeg 5.1 cuts no
        // MP4 audio at its edit list's end nor at iTunSMPB's length).
        endSample = firstSample + decodedCount - droppedAtStart
    }

    /// The audio as Mixdown plays it on the container's axis, folded to one
    /// channel, (L + R) / 2 of Mixdown's stereo: mono at unity on both sides,
    /// 5.1 by ITU-R BS.775 without LFE, stereo as it is, any other layout by
    /// ffmpeg's `-ac 2` (libswresample's default matrix, as Mixdown).
    public func mid() throws -> [Float] {
        let c: Float = 0.7071067811865476
        let frames = deinterleave(decoded, channels: channels)
        let fold: (Int) -> Float
        switch (channels, layout) {
        case (1, _): fold = { frames[0][$0] }
        case (2, _): fold = { (frames[0][$0] + frames[1][$0]) / 2 }
        // FL FR FC LFE BL BR (or SL SR): L = FL + c·FC + c·BL, R = FR + c·FC + c·BR.
        case (6, "5.1"), (6, "5.1(side)"):
            fold = { i in
                let left = frames[0][i] + c * frames[2][i] + c * frames[4][i]
                let right = frames[1][i] + c * frames[2][i] + c * frames[5][i]
                return (left + right) / 2
            }
        default:
            let stereo = deinterleave(try Tool.ffmpegDecode(path, extraArguments: ["-ac", "2"]), channels: 2)
            fold = { (stereo[0][$0] + stereo[1][$0]) / 2 }
        }
        var out = [Float](repeating: 0, count: endSample)
        let available = decodedCount - droppedAtStart
        for i in 0..<max(0, min(available, endSample - firstSample)) {
            out[firstSample + i] = fold(droppedAtStart + i)
        }
        return out
    }

    static func fraction(_ text: String) throws -> Double {
        let parts = text.split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[1] != 0 else { throw Tool.Failure(description: "bad fraction \(text)") }
        return parts[0] / parts[1]
    }
}
