import Foundation
import MixdownDSP
import MixdownDynamics
import MixdownTestSupport
import MixdownUnits
import XCTest

/// The limiter against analytic expectations, an oversampled peak of our own and
/// ffmpeg's true-peak meter; 48 kHz, the standard settings (-1 dBTP, threshold
/// -1.1 dBTP; look-ahead 120 samples, guard 16, hold 960, release τ 4800).
final class TruePeakLimiterTests: XCTestCase {
    let ceiling = linear(-1)
    let threshold = linear(-1.1)
    /// L, K, D and the hold at 48 kHz, from the standard settings.
    let lookAhead = 120, guardLength = 16, delay = 16, hold = 960

    func testLatencyIsDetectorDelayGuardAndLookAhead() throws {
        XCTAssertEqual(try TruePeakLimiter(sampleRate: 48000).latency, delay + guardLength + lookAhead)
        XCTAssertEqual(try TruePeakLimiter(sampleRate: 48000).latency, 152)
        // 2.5 ms at 44.1 kHz is 110.25 samples: 110.
        XCTAssertEqual(try TruePeakLimiter(sampleRate: 44100).latency, 16 + 16 + 110)
        let longer = try LimiterSettings(lookAhead: .milliseconds(5))
        XCTAssertEqual(try TruePeakLimiter(settings: longer, sampleRate: 48000).latency, 16 + 16 + 240)
    }

    /// Steady sines at -1.2 dBTP (under the threshold), among them fs/4 at 45°
    /// whose samples peak 3 dB under its true peak: out bit for bit, in place,
    /// with nothing counted as limited; the detector reads their true peak.
    func testSignalsUnderTheThresholdPassBitForBit() throws {
        for (frequency, phase) in [(40.0, 0.3), (997, 0.3), (12000, Double.pi / 4), (19000, 0.3)] {
            let left = sine(frequency: frequency, amplitude: linear(-1.2), phase: phase, seconds: 0.5)
            let signal = Stereo(left: left, right: left.map { $0 * 0.5 })
            for interleaved in [false, true] {
                let limiter = try TruePeakLimiter(sampleRate: 48000)
                let output = limit(signal, with: limiter, interleaved: interleaved)
                XCTAssertEqual(output.bits, signal.bits, "\(frequency) Hz, interleaved \(interleaved)")
                XCTAssertEqual(limiter.statistics.samplesInGainReduction, 0, "\(frequency) Hz")
                XCTAssertEqual(limiter.statistics.samplesAboveThreshold, 0, "\(frequency) Hz")
                XCTAssertNil(limiter.statistics.smallestGainPosition)
                XCTAssertEqual(limiter.statistics.largestGainReduction, 0)
                XCTAssertEqual(limiter.statistics.largestPeakDecibels, -1.2, accuracy: 0.02, "\(frequency) Hz")
            }
        }
        let quarter = sine(frequency: 12000, amplitude: linear(-1.2), phase: .pi / 4, seconds: 0.5)
        XCTAssertEqual(Measure.dB(Double(quarter.map(\.magnitude).max()!)), -4.21, accuracy: 0.01, "the samples miss the peak")
    }

    /// Sines at +5 dBTP into a -1 dBTP ceiling: a constant 6.1 dB of gain
    /// reduction, a clean sine at the threshold, every true peak under the ceiling.
    /// At 40 Hz the hold keeps the gain from following the half-periods.
    func testSineSixDecibelsOverTheCeilingComesOutAtTheThreshold() throws {
        for frequency in [40.0, 997] {
            let signal = Stereo(mono: sine(frequency: frequency, amplitude: linear(5), seconds: 1.5))
            let limiter = try TruePeakLimiter(sampleRate: 48000)
            let output = limit(signal, with: limiter)

            let steady = 24000..<60000
            let fit = Measure.sineFit(output.left, frequency: frequency, rate: 48000, range: steady)
            XCTAssertEqual(Measure.dB(fit.amplitude), -1.1, accuracy: 0.01, "\(frequency) Hz: a pure gain down to the threshold")
            // The float detector's rounding moves the gain by a few 10⁻⁶: -117 dB.
            XCTAssertLessThan(Measure.dB(fit.residualRMS / fit.signalRMS), -110, "\(frequency) Hz: no distortion")
            XCTAssertEqual(output.right, output.left)

            XCTAssertEqual(limiter.statistics.largestPeakDecibels, 5, accuracy: 0.01)
            XCTAssertEqual(limiter.statistics.largestGainReduction, 6.1, accuracy: 0.01)
            XCTAssertGreaterThan(limiter.statistics.samplesInGainReduction, signal.count - 1000)
            XCTAssertLessThanOrEqual(limiter.statistics.samplesInGainReduction, signal.count)
            XCTAssertGreaterThan(limiter.statistics.samplesAboveThreshold, frequency > 100 ? signal.count / 2 : 100)

            let ours = oversampledPeak(output.left)
            XCTAssertLessThanOrEqual(ours, ceiling, "\(frequency) Hz")
            XCTAssertEqual(Measure.dB(ours), -1.1, accuracy: 0.02, "\(frequency) Hz")
            let ffmpeg = try ffmpegTruePeak(output)
            XCTAssertLessThanOrEqual(ffmpeg, ceiling, "\(frequency) Hz: ffmpeg's true peak \(Measure.dB(ffmpeg)) dBTP")
            XCTAssertEqual(Measure.dB(ffmpeg), -1.1, accuracy: 0.02, "\(frequency) Hz")
            XCTAssertGreaterThan(try ffmpegTruePeak(signal), linear(4.9), "the meter sees the input's overs")
        }
    }

    /// fs/4 at 45°: every sample is 3 dB under the true peak, so a sample-peak
    /// limiter would let +2 dBTP through with samples at -1.01 dBFS.
    func testInterSamplePeaksAreCaught() throws {
        let signal = Stereo(mono: sine(frequency: 12000, amplitude: linear(2), phase: .pi / 4, seconds: 1))
        XCTAssertLessThan(Double(signal.left.map(\.magnitude).max()!), ceiling, "no sample is over the ceiling")
        let limiter = try TruePeakLimiter(sampleRate: 48000)
        let output = limit(signal, with: limiter)

        XCTAssertEqual(limiter.statistics.largestPeakDecibels, 2, accuracy: 0.01, "the detector reads between samples")
        XCTAssertEqual(limiter.statistics.largestGainReduction, 3.1, accuracy: 0.01)
        let fit = Measure.sineFit(output.left, frequency: 12000, rate: 48000, range: 12000..<36000)
        XCTAssertEqual(Measure.dB(fit.amplitude), -1.1, accuracy: 0.01)
        XCTAssertLessThanOrEqual(oversampledPeak(output.left), ceiling)
        let ffmpeg = try ffmpegTruePeak(output)
        XCTAssertLessThanOrEqual(ffmpeg, ceiling, "ffmpeg's true peak \(Measure.dB(ffmpeg)) dBTP")
        XCTAssertGreaterThan(try ffmpegTruePeak(signal), linear(1.9), "the meter sees the input's overs")
    }

    /// A level of 0.25 with a 20 ms burst at 1.5: the gain goes down before the
    /// burst (look-ahead), never steps by more than the attack's slope allows,
    /// releases exponentially with τ = 100 ms, and ends exactly at 1.
    func testGainMovesSmoothlyAndReleasesToUnity() throws {
        let burst = 9600..<10560
        var level = [Float](repeating: 0.25, count: 110_000)
        for i in burst { level[i] = 1.5 }
        let signal = Stereo(mono: level)
        let limiter = try TruePeakLimiter(sampleRate: 48000)
        let output = limit(signal, with: limiter)
        let gain = appliedGain(input: signal.left, output: output.left)
        let smallest = gain.min()!

        // Attack: a triangular kernel of L + 1 samples, no step above (1 − g_min)/(L₂ + 1).
        let steepest = zip(gain.dropFirst(), gain).map { abs($0 - $1) }.max()!
        XCTAssertLessThanOrEqual(steepest, (1 - smallest) / Double(lookAhead / 2 + 1) * 1.0001)
        XCTAssertGreaterThan(steepest, (1 - smallest) / Double(lookAhead / 2 + 1) * 0.5, "the bound is not loose")
        // The burst comes out under the threshold from its first sample; before
        // the look-ahead reaches it, the output is the input.
        XCTAssertLessThanOrEqual(Double(output.left[burst].map(\.magnitude).max()!), threshold)
        XCTAssertLessThan(gain[burst.lowerBound - lookAhead / 2], 1, "the gain is on its way down before the burst")
        let untouched = burst.lowerBound - lookAhead - 2 * guardLength
        XCTAssertEqual(output.left[..<untouched].map(\.bitPattern), signal.left[..<untouched].map(\.bitPattern))

        // Release: the deficit 1 − g shrinks by e every τ (4800 samples), once past the hold.
        let start = burst.upperBound + guardLength + hold + 2 * lookAhead
        for q in stride(from: start, to: start + 19200, by: 4800) {
            XCTAssertEqual((1 - gain[q + 4800]) / (1 - gain[q]), exp(-1), accuracy: 1e-4, "release at \(q)")
        }
        XCTAssertEqual(gain[burst.upperBound + hold / 2], smallest, accuracy: 0.01, "held: no release yet")
        // The release snaps to 1 within 10⁻⁵: ln(0.41 / 10⁻⁵) τ ≈ 1.06 s after it starts.
        let unity = burst.upperBound + 60_000
        XCTAssertEqual(output.left[unity...].map(\.bitPattern), signal.left[unity...].map(\.bitPattern))
        XCTAssertLessThan(gain[unity - 12000], 1)
        let reduced = limiter.statistics.samplesInGainReduction
        XCTAssertGreaterThan(reduced, 48000, "\(reduced) samples in gain reduction")
        XCTAssertLessThan(reduced, unity - untouched)
    }

    /// Blocks of 1, 37 and 4096 frames, mixed sizes, planar, interleaved and in
    /// place, the input gain applied inside: the same bits and the same statistics.
    func testOutputDoesNotDependOnBlockSize() throws {
        // Loud, then long enough quiet for the release to end (the idle path), then loud.
        let quiet = sine(frequency: 330, amplitude: 0.1, phase: 0, seconds: 1.5, fade: 0)
        let left = loudProgramme(count: 48000, seed: 1) + quiet + loudProgramme(count: 24000, seed: 3)
        let right = loudProgramme(count: 48000, seed: 2) + quiet + loudProgramme(count: 24000, seed: 4)
        let count = left.count
        let programme = Stereo(left: left, right: right)
        let reference = try TruePeakLimiter(sampleRate: 48000, inputGain: 1.5)
        let expected = limit(programme, with: reference, blocks: [count])
        XCTAssertGreaterThan(reference.statistics.samplesInGainReduction, 10000, "the programme is limited")
        XCTAssertLessThan(reference.statistics.samplesInGainReduction, count - 10000, "and passes unlimited in places")
        for (blocks, interleaved, inPlace) in [([1], false, false), ([37], true, false), ([4096], false, false),
                                               ([1, 1023, 1025, 5000, 2], true, false), ([100, 3000], true, true)] {
            let limiter = try TruePeakLimiter(sampleRate: 48000, inputGain: 1.5)
            let output = limit(programme, with: limiter, blocks: blocks, interleaved: interleaved, inPlace: inPlace)
            XCTAssertEqual(output.bits, expected.bits, "blocks \(blocks)")
            XCTAssertEqual(limiter.statistics, reference.statistics, "blocks \(blocks)")
        }
    }

    /// One gain for both channels, from the louder: the quiet channel goes down
    /// by the loud one's gain reduction, sample by sample.
    func testChannelsAreLinked() throws {
        let loud = sine(frequency: 997, amplitude: linear(5), seconds: 1)
        let quiet = sine(frequency: 440, amplitude: 0.1, seconds: 1)
        let limiter = try TruePeakLimiter(sampleRate: 48000)
        let output = limit(Stereo(left: loud, right: quiet), with: limiter)
        let leftGain = appliedGain(input: loud, output: output.left)
        let rightGain = appliedGain(input: quiet, output: output.right)
        var compared = 0
        for i in 0..<loud.count where !leftGain[i].isNaN && !rightGain[i].isNaN && abs(quiet[i]) > 0.01 {
            XCTAssertEqual(rightGain[i], leftGain[i], accuracy: 1e-6, "sample \(i)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 30000)
        let fit = Measure.sineFit(output.right, frequency: 440, rate: 48000, range: 12000..<36000)
        XCTAssertEqual(Measure.dB(fit.amplitude / 0.1), -6.1, accuracy: 0.01, "the quiet channel limited as much")

        let swapped = limit(Stereo(left: quiet, right: loud), with: try TruePeakLimiter(sampleRate: 48000))
        XCTAssertEqual(swapped, Stereo(left: output.right, right: output.left))
    }

    /// The input gain is a static gain before limiting: the same bits as the
    /// input scaled first; under the threshold, the scaled input itself.
    func testInputGainScalesBeforeLimiting() throws {
        let programme = Stereo(left: loudProgramme(count: 24000, seed: 3), right: loudProgramme(count: 24000, seed: 4))
        let inside = limit(programme, with: try TruePeakLimiter(sampleRate: 48000, inputGain: 1.7))
        let before = limit(programme.scaled(by: Float(1.7)), with: try TruePeakLimiter(sampleRate: 48000))
        XCTAssertEqual(inside.bits, before.bits)
        let quiet = limit(programme, with: try TruePeakLimiter(sampleRate: 48000, inputGain: 0.125))
        XCTAssertEqual(quiet.bits, programme.scaled(by: 0.125).bits)
        XCTAssertThrowsError(try TruePeakLimiter(sampleRate: 48000, inputGain: .nan))
        XCTAssertThrowsError(try TruePeakLimiter(sampleRate: 48000, inputGain: -1))
    }

    /// Statistics in timeline positions, counted only inside `countedPositions`;
    /// the statistics of two counted halves merge into those of the whole.
    func testStatisticsCountTimelinePositions() throws {
        var level = sine(frequency: 500, amplitude: 0.3, seconds: 1)
        let burst = 20000..<20480
        for i in burst { level[i] *= 6 }  // 1.8 peak: +5.1 dBTP
        let signal = Stereo(mono: level)
        let start: Int64 = 480_000
        let limiter = try TruePeakLimiter(sampleRate: 48000, firstPosition: start)
        let output = limit(signal, with: limiter)
        let statistics = limiter.statistics
        let gain = appliedGain(input: signal.left, output: output.left)
        let smallestAt = gain.indices.filter { !gain[$0].isNaN }.min { gain[$0] < gain[$1] }!

        let peakAt = try XCTUnwrap(statistics.largestPeakPosition)
        XCTAssert((start + Int64(burst.lowerBound)..<start + Int64(burst.upperBound)).contains(peakAt), "\(peakAt)")
        XCTAssertEqual(statistics.largestPeak, 1.8, accuracy: 0.05)
        // The gain is down to its smallest from K before the peak, for the hold.
        let position = try XCTUnwrap(statistics.smallestGainPosition)
        XCTAssert((peakAt - Int64(guardLength) - 2...peakAt + Int64(hold + guardLength)).contains(position), "\(position)")
        XCTAssertEqual(statistics.smallestGain, gain[smallestAt], accuracy: 1e-6)
        XCTAssertEqual(statistics.largestGainReduction, -Measure.dB(statistics.smallestGain))
        let changed = zip(output.left, signal.left).filter { $0 != $1 }.count
        XCTAssertGreaterThanOrEqual(statistics.samplesInGainReduction, changed)
        XCTAssertLessThan(Double(statistics.samplesInGainReduction), Double(changed) * 1.02)

        let middle = start + Int64(burst.lowerBound) + 100
        var merged = LimiterStatistics()
        for counted in [Int64.min..<middle, middle..<Int64.max] {
            let half = try TruePeakLimiter(sampleRate: 48000, firstPosition: start, countedPositions: counted)
            XCTAssertEqual(limit(signal, with: half), output, "counting does not change the output")
            XCTAssertGreaterThan(half.statistics.samplesInGainReduction, 0)
            merged.merge(half.statistics)
        }
        XCTAssertEqual(merged, statistics)

        let elsewhere = try TruePeakLimiter(sampleRate: 48000, firstPosition: start, countedPositions: 0..<start)
        _ = limit(signal, with: elsewhere)
        XCTAssertEqual(elsewhere.statistics, LimiterStatistics())
    }

    /// A threshold map lowers the ceiling inside its span only, with the usual
    /// attack before it and release after it.
    func testThresholdMapLowersTheThresholdInItsSpan() throws {
        let signal = Stereo(mono: sine(frequency: 997, amplitude: linear(-3), seconds: 2.5))
        let span: Range<Int64> = 24000..<48000
        let map = try ThresholdMap(spans: [.init(range: span, factor: 0.5)])
        let limiter = try TruePeakLimiter(sampleRate: 48000, thresholdMap: map)
        let output = limit(signal, with: limiter)

        let inside = Measure.sineFit(output.left, frequency: 997, rate: 48000, range: 30000..<46000)
        XCTAssertEqual(Measure.dB(inside.amplitude), -1.1 - 6.0206, accuracy: 0.01)
        let before = 24000 - lookAhead - 2 * guardLength
        XCTAssertEqual(output.left[..<before], signal.left[..<before])
        let after = 48000 + 60_000
        XCTAssertEqual(output.left[after...], signal.left[after...])
        XCTAssertEqual(limiter.statistics.largestGainReduction, 6.0206 + 1.1 - 3, accuracy: 0.01)
    }

    /// A limiter started `settlingFrames` before a stretch gives, from the
    /// stretch on, the bits of one limiter over the whole signal, under heavy
    /// limiting that never lets go.
    func testLimiterStartedEarlyMatchesOneLimiterOverTheWhole() throws {
        let count = 300_000
        let programme = Stereo(left: loudProgramme(count: count, seed: 5), right: loudProgramme(count: count, seed: 6))
        let whole = try TruePeakLimiter(sampleRate: 48000, inputGain: 2)
        let expected = limit(programme, with: whole)
        let stretch = 260_000
        let settling = whole.settlingFrames
        XCTAssertLessThan(settling, stretch)
        let early = stretch - settling
        let part = Stereo(left: Array(programme.left[early...]), right: Array(programme.right[early...]))
        let limiter = try TruePeakLimiter(sampleRate: 48000, inputGain: 2, firstPosition: Int64(early),
                                          countedPositions: Int64(stretch)..<Int64(count))
        let output = limit(part, with: limiter)
        XCTAssertEqual(Stereo(left: Array(output.left[settling...]), right: Array(output.right[settling...])).bits,
                       Stereo(left: Array(expected.left[stretch...]), right: Array(expected.right[stretch...])).bits)
        XCTAssertGreaterThan(limiter.statistics.samplesInGainReduction, (count - stretch) / 2)
    }

    /// Ffmpeg's meter on a programme with overs everywhere, much of its energy
    /// near Nyquist (noise, a naive sawtooth), at two ceilings.
    func testFFmpegReadsAtMostTheCeilingOnAHarshProgramme() throws {
        let count = 96_000
        let programme = Stereo(left: loudProgramme(count: count, seed: 7), right: loudProgramme(count: count, seed: 8))
        XCTAssertGreaterThan(try ffmpegTruePeak(programme.scaled(by: 2)), linear(9), "+10.5 dBTP before the limiter")
        for ceiling in [-1.0, -2.0] {
            let settings = try LimiterSettings(ceiling: ceiling)
            let limiter = try TruePeakLimiter(settings: settings, sampleRate: 48000, inputGain: 2)
            let output = limit(programme, with: limiter)
            let ffmpeg = try ffmpegTruePeak(output)
            XCTAssertLessThanOrEqual(ffmpeg, linear(ceiling), "ceiling \(ceiling): ffmpeg reads \(Measure.dB(ffmpeg)) dBTP")
            XCTAssertGreaterThan(ffmpeg, linear(ceiling - 0.3), "ceiling \(ceiling): not limited far below")
            XCTAssertGreaterThan(limiter.statistics.largestGainReduction, 4)
        }
    }

    /// Loud bursts between long quiet passages: the detector skips its filters
    /// where the input cannot reach the threshold, and the output and every
    /// statistic are those of a limiter that runs them everywhere (one whose
    /// threshold map changes, at factor 1, in every chunk, so that it skips nothing).
    func testSkippingQuietPassagesChangesNothing() throws {
        let signal = Stereo(left: burstsBetweenQuietPassages(seed: 11), right: burstsBetweenQuietPassages(seed: 12))
        let everywhere = try ThresholdMap(spans: stride(from: 0, to: Int64(signal.count) + 2000, by: 500).map {
            .init(range: $0..<$0 + 500, factor: 1)
        })
        for gain in [1.0, 2.0] {
            let skipping = try TruePeakLimiter(sampleRate: 48000, inputGain: gain)
            let reference = try TruePeakLimiter(sampleRate: 48000, inputGain: gain, thresholdMap: everywhere)
            let output = limit(signal, with: skipping, blocks: [4096, 333])
            XCTAssertEqual(output.bits, limit(signal, with: reference).bits, "gain \(gain)")
            XCTAssertEqual(skipping.statistics, reference.statistics, "gain \(gain)")
            XCTAssertGreaterThan(skipping.statistics.samplesAboveThreshold, 0, "gain \(gain): the bursts are limited")
        }
        // A limiter that never acts reads the largest peak exactly all the same.
        let quiet = signal.scaled(by: 0.3)
        let skipping = try TruePeakLimiter(sampleRate: 48000)
        let reference = try TruePeakLimiter(sampleRate: 48000, thresholdMap: everywhere)
        XCTAssertEqual(limit(quiet, with: skipping).bits, limit(quiet, with: reference).bits)
        XCTAssertEqual(skipping.statistics, reference.statistics)
        XCTAssertEqual(skipping.statistics.samplesInGainReduction, 0)
    }

    /// A stream shorter than the latency: nothing until the end, then all of it.
    func testShortStreamComesOutAtFinish() throws {
        let signal = Stereo(mono: (0..<100).map { Float($0) / 400 })
        let limiter = try TruePeakLimiter(sampleRate: 48000)
        let input = AudioBuffer(copying: [signal.left, signal.right])
        var scratch = AudioBuffer(capacity: 100)
        let taken = limiter.process(input.slice(0..<100), into: scratch.mutableSlice(0..<100))
        XCTAssertEqual(taken, 0)
        XCTAssertEqual(limiter.process(input.slice(0..<0), into: scratch.mutableSlice(0..<100)), 0)
        let unwritten = [Float](repeating: .nan, count: limiter.latency)
        var out = AudioBuffer(copying: [unwritten, unwritten])
        XCTAssertEqual(limiter.finish(into: out.mutableSlice(0..<limiter.latency)), 100)
        XCTAssertEqual(Array(out.slice(..<100).left), signal.left)
        XCTAssert(out.slice(100...).left.allSatisfy(\.isNaN), "nothing written past the stream")
        XCTAssertEqual(limiter.framesIn, 100)
        XCTAssertEqual(limiter.framesOut, 100)
        XCTAssertTrue(limiter.isFinished)
    }

    /// Two seconds of quiet speech-like noise (−30 dBFS) with short loud bursts
    /// (noise and an inter-sample peak at fs/4, 45°, up to about +2 dBTP), the
    /// loudest last.
    private func burstsBetweenQuietPassages(seed: UInt64) -> [Float] {
        let hiss = noise(count: 96_000, seed: seed)
        return hiss.enumerated().map { n, sample in
            switch n {
            case 20_000..<20_600: return 0.9 * sample
            case 51_000..<51_300: return Float(0.95 * sin(Double.pi / 2 * Double(n) + .pi / 4))
            case 80_000..<80_500: return 1.2 * sample
            default: return 0.03 * sample
            }
        }
    }

    /// Loud, varied material: tones, bursts of noise, a naive sawtooth (aliased,
    /// energy up to Nyquist), silences, with overs of up to about +6 dBTP at gain 2.
    private func loudProgramme(count: Int, seed: UInt64) -> [Float] {
        let hiss = noise(count: count, seed: seed)
        return (0..<count).map { n in
            let t = Double(n) / Double(rate)
            let section = (n / 9000 + Int(seed)) % 5
            var value: Double
            switch section {
            case 0: value = 0.6 * sin(2 * .pi * 220 * t) + 0.3 * sin(2 * .pi * 3100 * t)
            case 1: value = 0.9 * Double(hiss[n])
            case 2: value = 0.8 * (2 * (t * 1234).truncatingRemainder(dividingBy: 1) - 1)
            case 3: value = 0.05 * sin(2 * .pi * 330 * t)
            default: value = 0.7 * sin(2 * .pi * 12000 * t + .pi / 4) + 0.2 * Double(hiss[n])
            }
            return Float(value)
        }
    }
}
