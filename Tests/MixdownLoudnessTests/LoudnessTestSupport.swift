import Foundation
import MixdownDSP
import MixdownLoudness
import MixdownTestSupport
import MixdownUnits
import XCTest

/// Test signals for the loudness meter, as planar channels, and the independent meter (ffmpeg).
enum LoudnessSignal {
    /// A sine of `frequency` Hz at `dBFS` (peak: a full-scale sine is 0 dBFS, as in
    /// EBU Tech 3341) for each `(dBFS, seconds)` segment in turn, phase running on
    /// across segments.
    static func sine(_ segments: [(dBFS: Double, seconds: Double)], frequency: Double = 1000, rate: Double = 48_000,
                     phaseDegrees: Double = 0) -> [Float] {
        var samples: [Float] = []
        let phase = phaseDegrees * Double.pi / 180
        for (level, seconds) in segments {
            let amplitude = pow(10, level / 20)
            let count = Int((seconds * rate).rounded())
            let start = samples.count
            samples += (0..<count).map { Float(amplitude * sin(2 * Double.pi * frequency * Double(start + $0) / rate + phase)) }
        }
        return samples
    }

    /// `samples` with raised-cosine fades of `seconds` in and out.
    static func faded(_ samples: [Float], seconds: Double = 0.02, rate: Double = 48_000) -> [Float] {
        let length = min(Int(seconds * rate), samples.count / 2)
        var result = samples
        for i in 0..<length {
            let gain = Float(0.5 - 0.5 * cos(Double.pi * Double(i) / Double(length)))
            result[i] *= gain
            result[result.count - 1 - i] *= gain
        }
        return result
    }

    /// Reproducible noise shaped like music (pink-ish, bursts), `seconds` long: for splits and block sizes.
    static func noise(seconds: Double, rate: Double = 48_000, seed: UInt64 = 1) -> [Float] {
        var state = seed
        var low = 0.0
        let count = Int(seconds * rate)
        return (0..<count).map { n in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let white = Double(Int64(bitPattern: state) >> 11) / Double(1 << 52)
            low = 0.98 * low + 0.02 * white
            let envelope = 0.3 + 0.25 * sin(2 * Double.pi * Double(n) / rate / 7)
            return Float(envelope * (low * 4 + white * 0.05))
        }
    }
}

extension LoudnessInput {
    /// Feeds `channels` (planar, equal lengths) in blocks of `block` frames (cycling through `blocks` when given).
    func feed(_ channels: [[Float]], block: Int = 16_384, blocks: [Int]? = nil, range: Range<Int>? = nil) throws {
        let range = range ?? 0..<channels[0].count
        let audio = AudioBuffer(copying: channels)
        var start = range.lowerBound
        var index = 0
        while start < range.upperBound {
            let size = blocks.map { $0[index % $0.count] } ?? block
            let count = min(size, range.upperBound - start)
            try add(audio.slice(start..<start + count))
            start += count
            index += 1
        }
    }
}

/// `channels` (planar, equal lengths) interleaved.
func interleave(_ channels: [[Float]]) -> [Float] {
    var samples = [Float](repeating: 0, count: channels.count * channels[0].count)
    for (c, channel) in channels.enumerated() {
        for (i, sample) in channel.enumerated() { samples[i * channels.count + c] = sample }
    }
    return samples
}

/// A programme's figures in one piece.
func loudnessFigures(_ channels: [[Float]], rate: SampleRate = .standard, block: Int = 16_384) throws -> LoudnessFigures {
    let analyzer = try LoudnessAnalyzer(channels: channels.count, sampleRate: rate)
    try analyzer.feed(channels, block: block)
    return analyzer.figures
}

/// ffmpeg's `ebur128` filter (`peak=true:metadata=1`) on a file, the independent meter.
struct FFmpegLoudness {
    /// Integrated loudness (LUFS, 3 decimals; −70 when nothing passed the gate).
    let integrated: Double
    /// ffmpeg's own loudness range (LU). It takes a short-term reading every 100 ms,
    /// libebur128 one every second, so the two differ (by 1.6 LU on speech with pauses).
    let range: Double
    /// The loudness range of ffmpeg's short-term readings on libebur128's one-second
    /// grid (t = 3 s, 4 s, …), by EBU Tech 3342's rule: readings at or above
    /// −70 LUFS, then at or above their mean energy − 20 LU, 95th percentile − 10th
    /// (nearest rank, as libebur128 picks it). ffmpeg's filter with our hop.
    let rangeOnOneSecondGrid: Double
    /// The largest true peak of any channel, dBTP.
    let truePeak: Double

    /// Meters `path`'s first audio stream at its own rate, after `prefilter` (filters
    /// ending in a comma) when given. ffmpeg prints linear peaks with 3 decimals, so
    /// the true peak is read on a second pass with `truePeakGain` dB applied (in
    /// double precision), which brings it near full scale, and taken back off.
    init(path: String, prefilter: String = "", truePeakGain: Double = 0) throws {
        /// The last value of each key (the largest for peaks), and the short-term
        /// readings at whole seconds. With `metadata=1` the filter passes 100 ms frames,
        /// each printed with its start time and the readings after it.
        func run(gain: Double?) throws -> (values: [String: Double], shortTerm: [Double]) {
            let filter = prefilter + (gain.map { "volume=volume=\($0)dB:precision=double," } ?? "")
                + "ebur128=peak=true:metadata=1,ametadata=print:file=/dev/stdout"
            let text = String(decoding: try Tool.run("ffmpeg", ["-hide_banner", "-nostats", "-nostdin", "-i", path, "-map", "0:a:0",
                                                                 "-af", filter, "-f", "null", "-"]), as: UTF8.self)
            var values: [String: Double] = [:]
            var shortTerm: [Double] = []
            var frameEnd = 0.0
            for line in text.split(separator: "\n") {
                if line.hasPrefix("frame:"), let start = line.split(separator: "pts_time:").last.flatMap({ Double($0) }) {
                    frameEnd = start + 0.1
                }
                guard line.hasPrefix("lavfi.r128.") else { continue }
                let parts = line.dropFirst("lavfi.r128.".count).split(separator: "=")
                guard parts.count == 2, let value = Double(parts[1]) else { continue }
                let key = String(parts[0])
                values[key] = key.hasPrefix("true_peaks_ch") ? max(values[key] ?? 0, value) : value
                if key == "S", frameEnd > 2.999, abs(frameEnd - frameEnd.rounded()) < 0.001 { shortTerm.append(value) }
            }
            return (values, shortTerm)
        }
        let plain = try run(gain: nil)
        integrated = try XCTUnwrap(plain.values["I"], "ffmpeg printed no integrated loudness for \(path)")
        range = try XCTUnwrap(plain.values["LRA"])
        rangeOnOneSecondGrid = Self.loudnessRange(plain.shortTerm)
        let peaks = truePeakGain == 0 ? plain.values : try run(gain: truePeakGain).values
        let linear = peaks.filter { $0.key.hasPrefix("true_peaks_ch") }.map(\.value).max() ?? 0
        truePeak = 20 * log10(linear) - truePeakGain
    }

    /// EBU Tech 3342's loudness range of short-term readings (LUFS), in LU; 0 when none pass the gates.
    static func loudnessRange(_ readings: [Double]) -> Double {
        let audible = readings.filter { $0 >= -70 }
        guard !audible.isEmpty else { return 0 }
        let meanEnergy = audible.map { pow(10, $0 / 10) }.reduce(0, +) / Double(audible.count)
        let gated = audible.filter { $0 >= 10 * log10(meanEnergy) - 20 }.sorted()
        func percentile(_ p: Double) -> Double { gated[Int(Double(gated.count - 1) * p + 0.5)] }
        return percentile(0.95) - percentile(0.10)
    }
}

/// The last readings of ffmpeg's `ebur128` filter (`lavfi.r128.I`, `lavfi.r128.LRA`, …,
/// by key) on `interleaved` stereo float samples at `rate`: the independent meter of a
/// render held in memory.
func ffmpegReadings(_ interleaved: [Float], rate: SampleRate) throws -> [String: Double] {
    let folder = try TemporaryFolder()
    let raw = folder.file("render.f32")
    try interleaved.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
    let text = String(decoding: try Tool.run("ffmpeg", [
        "-hide_banner", "-nostats", "-nostdin", "-f", "f32le", "-ar", "\(rate.hertz)", "-ac", "2", "-i", raw,
        "-af", "ebur128=metadata=1,ametadata=print:file=/dev/stdout", "-f", "null", "-",
    ]), as: UTF8.self)
    var readings: [String: Double] = [:]
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2, let value = Double(parts[1]) { readings[String(parts[0])] = value }
    }
    return readings
}
