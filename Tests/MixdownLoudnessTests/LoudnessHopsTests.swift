import Foundation
import MixdownDSP
import MixdownLoudness
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// `LoudnessHops` against ffmpeg's `ebur128` filter (its momentary reading every
/// 100 ms, the independent meter), and its independence from chunking.
final class LoudnessHopsTests: XCTestCase {
    /// A programme that moves: tones at −30, −12 and −40 dBFS, then noise (planar channels).
    private func programme(channels: Int, rate: Double) -> [[Float]] {
        let tone = LoudnessSignal.sine([(-30, 1.3), (-12, 0.75), (-40, 1.05)], frequency: 997, rate: rate)
        let noise = LoudnessSignal.noise(seconds: 1.5, rate: rate, seed: 7)
        let left = tone + noise
        guard channels == 2 else { return [left] }
        let right = LoudnessSignal.sine([(-24, 1.3), (-18, 0.75), (-50, 1.05)], frequency: 440, rate: rate)
            + LoudnessSignal.noise(seconds: 1.5, rate: rate, seed: 9)
        return [left, right.count == left.count ? right : Array(right.prefix(left.count))]
    }

    /// ffmpeg's momentary loudness after each 100 ms frame of `channels` at `rate` (LUFS, 3 decimals).
    private func ffmpegMomentary(_ channels: [[Float]], rate: Int) throws -> [Double] {
        let folder = try TemporaryFolder()
        let path = folder.file("programme.f32")
        let samples = interleave(channels)
        try samples.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
        let text = String(decoding: try Tool.run("ffmpeg", [
            "-hide_banner", "-nostats", "-nostdin", "-f", "f32le", "-ar", "\(rate)", "-ac", "\(channels.count)", "-i", path,
            "-af", "ebur128=metadata=1,ametadata=print:key=lavfi.r128.M:file=/dev/stdout", "-f", "null", "-",
        ]), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("lavfi.r128.M=") ? Double(line.dropFirst("lavfi.r128.M=".count)) : nil
        }
    }

    private func hops(_ channels: [[Float]], rate: SampleRate, blocks: [Int]) throws -> LoudnessHops {
        let hops = try LoudnessHops(channels: channels.count, sampleRate: rate)
        try hops.feed(channels, blocks: blocks)
        return hops
    }

    func testEnergiesAgreeWithFFmpegsMomentaryLoudness() throws {
        for (channels, rate) in [(2, 48_000), (1, 44_100)] {
            let programme = programme(channels: channels, rate: Double(rate))
            let hops = try hops(programme, rate: SampleRate(hertz: rate), blocks: [16_384])
            XCTAssertEqual(hops.hopFrames, rate / 10)
            XCTAssertEqual(hops.hopDuration, .milliseconds(100))
            XCTAssertEqual(hops.energies.count, programme[0].count / (rate / 10))
            let reference = try ffmpegMomentary(programme, rate: rate)
            // ffmpeg reads from the fourth frame on, when its first 400 ms are in.
            XCTAssertGreaterThanOrEqual(reference.count, hops.energies.count - 1)
            var largest = 0.0
            for k in 3..<min(reference.count, hops.energies.count) {
                let ours = -0.691 + 10 * log10(hops.energies[k])
                largest = max(largest, abs(ours - reference[k]))
                XCTAssertEqual(ours, reference[k], accuracy: 0.01, "hop \(k) of \(channels) channels at \(rate) Hz")
            }
            print("LoudnessHops: \(channels) ch at \(rate) Hz, largest difference from ffmpeg's momentary \(largest) LU")
        }
    }

    func testSilenceIsZeroAndTheFirstWindowsReachBackIntoSilence() throws {
        let tone = LoudnessSignal.sine([(-20, 1)], rate: 48_000)
        let hops = try hops([[Float](repeating: 0, count: 9600) + tone], rate: .standard, blocks: [4096])
        XCTAssertEqual(hops.energies[0], 0)
        XCTAssertEqual(hops.energies[1], 0)
        // Hop 3's window, [0, 0.4 s), is half silence, half the tone: 3 dB under hop 7's, all tone.
        XCTAssertEqual(10 * log10(hops.energies[7] / hops.energies[3]), 10 * log10(2), accuracy: 0.01)
    }

    func testEnergiesDoNotDependOnChunking() throws {
        let programme = programme(channels: 2, rate: 48_000)
        let whole = try hops(programme, rate: .standard, blocks: [programme[0].count])
        for blocks in [[4800], [1, 3, 777, 4799, 4801, 10_000], [333]] {
            let chunked = try hops(programme, rate: .standard, blocks: blocks)
            XCTAssertEqual(chunked.energies.map(\.bitPattern), whole.energies.map(\.bitPattern), "blocks \(blocks)")
        }
    }

    func testRatesNotDivisibleByTenHopByTheNearestWholeFrame() throws {
        let hops = try LoudnessHops(channels: 1, sampleRate: SampleRate(hertz: 11_025))
        XCTAssertEqual(hops.hopFrames, 1103)
        XCTAssertEqual(hops.hopDuration, try MediaTime(value: 1103, timescale: 11_025))
        try hops.feed([LoudnessSignal.sine([(-20, 1)], rate: 11_025)], block: 1000)
        XCTAssertEqual(hops.energies.count, 11_025 / 1103)
    }
}
