import Foundation
import MixdownDSP
import MixdownDynamics
import MixdownTestSupport
import XCTest

/// The true-peak meter that reads with the limiter's detector: what the detector
/// reads at every position (it skips its filters only where nothing can beat
/// the peak found so far), the same in any blocks and in stretches, and close
/// to an independent 4× interpolator and to ffmpeg's meter.
final class TruePeakMeterTests: XCTestCase {
    /// Noise at −30 dBFS with a burst; a faded tone at fs/4 whose samples hit
    /// its peaks (0.7) at 30 000, then one at 45°, whose samples are 3 dB under
    /// its true peak of 0.8 (−1.94 dBTP) and under the first tone's, at 50 000;
    /// with `spike`, a last sample of 0.9, which a meter reads only once it sees
    /// past the end.
    private func programme(seed: UInt64, spike: Bool = false) -> [Float] {
        var samples = noise(count: 120_000, seed: seed).enumerated().map { n, sample in
            (10_000..<10_400).contains(n) ? 0.3 * sample : 0.03 * sample
        }
        let first = sine(frequency: 12_000, amplitude: 0.7, phase: 0, seconds: 0.05)
        let second = sine(frequency: 12_000, amplitude: 0.8, phase: .pi / 4, seconds: 0.05)
        samples.replaceSubrange(30_000..<30_000 + first.count, with: first)
        samples.replaceSubrange(50_000..<50_000 + second.count, with: second)
        if spike { samples[samples.count - 1] = 0.9 }
        return samples
    }

    private func measure(_ signal: Stereo, blocks: [Int] = [4096], firstPosition: Int64 = 0,
                         counting: Range<Int64> = Int64.min..<Int64.max, range: Range<Int>? = nil,
                         finish: Bool = true) -> TruePeakMeter {
        let meter = TruePeakMeter(firstPosition: firstPosition, countedPositions: counting)
        let range = range ?? 0..<signal.count
        let audio = AudioBuffer(copying: [signal.left, signal.right])
        var start = range.lowerBound, block = 0
        while start < range.upperBound {
            let n = min(blocks[block % blocks.count], range.upperBound - start)
            meter.add(audio.slice(start..<start + n))
            start += n
            block += 1
        }
        if finish { meter.finish() }
        return meter
    }

    /// Against a limiter that reads every position (its threshold map changes, at
    /// factor 1, in every chunk, so that it skips nothing) and never acts: the
    /// same peak at the same position, in blocks of any size.
    func testTheMeterReadsWhatTheDetectorReadsEverywhere() throws {
        let signal = Stereo(left: programme(seed: 3, spike: true), right: programme(seed: 4))
        let everywhere = try ThresholdMap(spans: stride(from: 0, to: Int64(signal.count) + 2000, by: 500).map {
            .init(range: $0..<$0 + 500, factor: 1)
        })
        let reference = try TruePeakLimiter(settings: LimiterSettings(ceiling: 0, margin: 0), sampleRate: 48000, thresholdMap: everywhere)
        _ = limit(signal, with: reference)
        XCTAssertEqual(reference.statistics.samplesInGainReduction, 0)
        for blocks in [[4096], [1], [37, 1024, 999]] {
            let meter = measure(signal, blocks: blocks)
            XCTAssertEqual(meter.peak, reference.statistics.largestPeak, "blocks \(blocks)")
            XCTAssertEqual(meter.peakPosition, reference.statistics.largestPeakPosition, "blocks \(blocks)")
        }
        XCTAssertEqual(measure(signal).peakPosition, 119_999, "the last sample")
    }

    /// Two stretches, each fed `lead` frames beyond the positions it counts, give
    /// the peak of one meter over the whole; without `finish()` the ringing after
    /// the last sample is not read.
    func testStretchesAddUpToOneMeter() {
        let lead = TruePeakMeter.lead
        for spike in [false, true] {
            let signal = Stereo(left: programme(seed: 5, spike: spike), right: programme(seed: 6))
            let whole = measure(signal)
            for cut in [50_600, 119_980] {
                let first = measure(signal, counting: 0..<Int64(cut), range: 0..<cut + lead, finish: false)
                let second = measure(signal, firstPosition: Int64(cut - lead), counting: Int64(cut)..<Int64.max,
                                     range: cut - lead..<signal.count)
                let larger = first.peak >= second.peak ? first : second
                XCTAssertEqual(max(first.peak, second.peak), whole.peak, "cut at \(cut), spike \(spike)")
                XCTAssertEqual(larger.peakPosition, whole.peakPosition, "cut at \(cut), spike \(spike)")
            }
        }
        let signal = Stereo(left: programme(seed: 5, spike: true), right: programme(seed: 6))
        let whole = measure(signal)
        let unfinished = measure(signal, finish: false)
        XCTAssertEqual(whole.peak, 0.9, accuracy: 1e-6)
        XCTAssertLessThan(unfinished.peak, 0.81, "the last sample is read only after finish()")
        XCTAssertEqual(measure(Stereo(mono: [Float](repeating: 0, count: 5000))).peak, 0)
        XCTAssertNil(measure(Stereo(mono: [Float](repeating: 0, count: 5000))).peakPosition)
    }

    /// The second tone's true peak, 3 dB over its samples: as it is (−1.94 dBTP), as an
    /// independent 4× interpolator (96 taps, Double) and ffmpeg's
    /// `ebur128=peak=true` read it, within 0.02 dB, 0.02 dB and the limiter's 0.1 dB margin.
    func testTheMeterReadsBetweenTheSamplesAsOtherMetersDo() throws {
        let signal = Stereo(left: programme(seed: 7), right: programme(seed: 8))
        let ours = Measure.dB(measure(signal).peak)
        let independent = Measure.dB(max(oversampledPeak(signal.left), oversampledPeak(signal.right)))
        let ffmpeg = Measure.dB(try ffmpegTruePeak(signal))
        print("true peak: ours \(ours), independent \(independent), ffmpeg \(ffmpeg) dBTP")
        XCTAssertEqual(ours, Measure.dB(0.8), accuracy: 0.02)
        XCTAssertEqual(ours, independent, accuracy: 0.02)
        XCTAssertEqual(ours, ffmpeg, accuracy: 0.1)
        XCTAssertEqual(Measure.dB(Double(signal.left.map(\.magnitude).max()!)), Measure.dB(0.7), accuracy: 0.01,
                       "the samples miss the peak")
    }
}
