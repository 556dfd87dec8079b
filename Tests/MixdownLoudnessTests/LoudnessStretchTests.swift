import Foundation
import MixdownLoudness
import MixdownTestSupport
import MixdownUnits
import XCTest

/// A programme measured in stretches on several threads and merged gives the
/// figures of one pass over it (the split rule of `LoudnessStretch`).
final class LoudnessStretchTests: XCTestCase {
    /// `seconds` of stereo noise at `rate` whose level moves through everything the
    /// gates see: loud, a passage under the relative gate, mid level, digital
    /// silence, loud again with a hit.
    private func programme(seconds: Double, rate: Double) -> [[Float]] {
        let levels: [(until: Double, gain: Float)] = [(8, 1), (10, 0.01), (19.5, 0.3), (20.7, 0), (.infinity, 1)]
        return [LoudnessSignal.noise(seconds: seconds, rate: rate, seed: 7),
                LoudnessSignal.noise(seconds: seconds, rate: rate, seed: 8)].map { channel in
            channel.enumerated().map { i, sample in
                let t = Double(i) / rate
                let gain = levels.first { t < $0.until }!.gain
                return sample * gain * (abs(t - 27.25) < 0.01 ? 2.5 : 1)
            }
        }
    }

    /// Stretches fed their feed ranges on concurrent threads (odd ones interleaved,
    /// in blocks that cross every grid) and merged, against one analyzer over the
    /// programme: integrated loudness within 0.001 LU (measured ≤ 1e-4; plain
    /// meters cut at the same points and pooled are off by 0.02 to 0.11 LU), every
    /// other figure equal.
    func testMergedStretchesEqualOnePass() throws {
        for rate in [48_000, 44_100] as [SampleRate] {
            let channels = programme(seconds: 40, rate: Double(rate.hertz))
            let frames = Int64(channels[0].count), second = Int64(rate.hertz)
            let whole = try loudnessFigures(channels, rate: rate)
            let splits: [[Int64]] = [
                [2], [5, 17], [3, 4, 11, 20, 25, 39],
                LoudnessStretch.ranges(frameCount: frames, sampleRate: rate, count: 3).dropFirst().map { $0.lowerBound / second },
            ]
            for split in splits {
                let bounds = [0] + split.map { $0 * second } + [frames]
                let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
                let stretches = try measureConcurrently(channels, ranges: ranges, frameCount: frames, rate: rate)
                let merged = LoudnessFigures(merging: stretches)
                let naive = try naiveIntegrated(channels, ranges: ranges, rate: rate)
                let integrated = try XCTUnwrap(whole.integrated), mergedIntegrated = try XCTUnwrap(merged.integrated)
                print("\(rate), cut at \(split) s: I whole \(integrated), merged \(mergedIntegrated) "
                      + "(Δ \(mergedIntegrated - integrated)), naive Δ \(naive - integrated); "
                      + "LRA Δ \(merged.range - whole.range), TP Δ \(merged.truePeak - whole.truePeak)")
                XCTAssertEqual(mergedIntegrated, integrated, accuracy: 0.001, "\(rate), cut at \(split) s")
                XCTAssertEqual(merged.range, whole.range, accuracy: 1e-6, "\(split)")
                XCTAssertEqual(merged.truePeak, whole.truePeak, accuracy: 1e-9, "\(split)")
                XCTAssertEqual(merged.truePeakTime, whole.truePeakTime, "\(split)")
                XCTAssertEqual(merged.samplePeak, whole.samplePeak, "\(split)")
                XCTAssertEqual(merged.maxMomentary, whole.maxMomentary, accuracy: 1e-6, "\(split)")
                XCTAssertEqual(merged.maxMomentaryTime, whole.maxMomentaryTime, "\(split)")
                XCTAssertEqual(merged.maxShortTerm, whole.maxShortTerm, accuracy: 1e-6, "\(split)")
                XCTAssertEqual(merged.maxShortTermTime, whole.maxShortTermTime, "\(split)")
            }
        }
    }

    /// The stretches `ranges` offers lie on libebur128's one-second grid, start
    /// the second at 2 s or later and cover the programme.
    func testRangesFollowTheGrid() {
        for (frames, rate, count) in [(40 * 48_000 + 123, 48_000, 4), (60 * 11_025, 11_025, 7), (48_000, 48_000, 8), (0, 48_000, 2)]
            as [(Int64, SampleRate, Int)] {
            let ranges = LoudnessStretch.ranges(frameCount: frames, sampleRate: rate, count: count)
            let second = Int64((Int(rate.hertz) + 5) / 10 * 10)
            XCTAssertLessThanOrEqual(ranges.count, count)
            XCTAssertEqual(ranges.first?.lowerBound, 0)
            XCTAssertEqual(ranges.last?.upperBound, frames)
            for (range, next) in zip(ranges, ranges.dropFirst()) {
                XCTAssertEqual(range.upperBound, next.lowerBound)
                XCTAssertEqual(next.lowerBound % second, 0, "\(ranges)")
                XCTAssertGreaterThanOrEqual(next.lowerBound, 2 * second)
            }
        }
        XCTAssertEqual(LoudnessStretch.ranges(frameCount: 40 * 48_000, sampleRate: 48_000, count: 4).count, 4)
    }

    /// Stretches asked for the integrated loudness and true peak alone (a
    /// normalisation's scans) give those figures as stretches measuring
    /// everything do, and leave out the readings they were not asked for: the
    /// range meter is not run, no momentary reading is taken.
    func testStretchesMeasureOnlyWhatIsAskedFor() throws {
        let channels = programme(seconds: 40, rate: 48_000)
        let frames = Int64(channels[0].count)
        let ranges = LoudnessStretch.ranges(frameCount: frames, sampleRate: 48_000, count: 3)
        let all = LoudnessFigures(merging: try measureConcurrently(channels, ranges: ranges, frameCount: frames, rate: 48_000))
        let some = LoudnessFigures(merging: try measureConcurrently(channels, ranges: ranges, frameCount: frames, rate: 48_000,
                                                                     measures: [.integrated, .truePeak]))
        XCTAssertEqual(try XCTUnwrap(some.integrated), try XCTUnwrap(all.integrated), accuracy: 1e-9)
        XCTAssertEqual(some.truePeak, all.truePeak)
        XCTAssertEqual(some.truePeakTime, all.truePeakTime)
        XCTAssertGreaterThan(all.range, 1)
        XCTAssertEqual(some.range, 0, "no range meter")
        XCTAssertEqual(some.maxShortTerm, -.infinity, "no short-term readings")
        XCTAssertEqual(some.maxMomentary, -.infinity, "no momentary readings")
        XCTAssertGreaterThan(all.maxMomentary, -20)
    }

    /// A silent programme stays silent when merged.
    func testMergedSilenceIsSilent() throws {
        let silence = [Float](repeating: 0, count: 6 * 48_000)
        let stretches = try measureConcurrently([silence, silence], ranges: [0..<144_000, 144_000..<288_000],
                                                frameCount: 288_000, rate: 48_000)
        let merged = LoudnessFigures(merging: stretches)
        XCTAssertTrue(merged.isSilent)
        XCTAssertEqual(merged.truePeak, -.infinity)
    }

    /// One stretch per range, each made and fed on its own thread.
    private func measureConcurrently(_ channels: [[Float]], ranges: [Range<Int64>], frameCount: Int64,
                                     rate: SampleRate, measures: LoudnessMeter.Measures = .all) throws -> [LoudnessStretch] {
        let results = StretchResults(count: ranges.count)
        let interleaved = interleave(channels)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            do {
                let stretch = try LoudnessStretch(range: ranges[index], frameCount: frameCount, channels: channels.count,
                                                  sampleRate: rate, measures: measures)
                let feed = Int(stretch.feedRange.lowerBound)..<Int(stretch.feedRange.upperBound)
                if index % 2 == 0 {
                    try stretch.feed(channels, blocks: [999, 4801, 16_384], range: feed)
                } else {
                    try interleaved.withUnsafeBufferPointer { samples in
                        var start = feed.lowerBound
                        while start < feed.upperBound {
                            let count = min(7001, feed.upperBound - start)
                            try stretch.add(interleaved: UnsafeBufferPointer(rebasing: samples[start * 2..<(start + count) * 2]))
                            start += count
                        }
                    }
                }
                results.set(index, stretch)
            } catch {
                results.fail("\(error)")
            }
        }
        XCTAssertEqual(results.failures, [])
        return try results.stretches.map { try XCTUnwrap($0) }
    }

    /// Integrated loudness of plain meters fed exactly their ranges, pooled: what the split rule avoids.
    private func naiveIntegrated(_ channels: [[Float]], ranges: [Range<Int64>], rate: SampleRate) throws -> Double {
        let meters = try ranges.map { range in
            let meter = try LoudnessMeter(channels: channels.count, sampleRate: rate, measures: .integrated)
            try meter.feed(channels, range: Int(range.lowerBound)..<Int(range.upperBound))
            return meter
        }
        return try XCTUnwrap(LoudnessMeter.integrated(of: meters))
    }
}

/// Stretches and errors collected from several threads.
private final class StretchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [LoudnessStretch?]
    private var errors: [String] = []

    init(count: Int) { list = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ stretch: LoudnessStretch) { lock.withLock { list[index] = stretch } }
    func fail(_ message: String) { lock.withLock { errors.append(message) } }
    var stretches: [LoudnessStretch?] { lock.withLock { list } }
    var failures: [String] { lock.withLock { errors } }
}
