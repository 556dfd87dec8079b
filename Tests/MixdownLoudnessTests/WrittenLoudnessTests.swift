import Foundation
import MixdownDSP
import MixdownLoudness
import MixdownMediaIO
import MixdownUnits
import MixdownTestSupport
import XCTest

/// A WAV metered as its writers write it (`WrittenLoudness`), against the
/// same file read back by `LoudnessScan(file:…)` and by ffmpeg's `ebur128`.
final class WrittenLoudnessTests: XCTestCase {
    /// 14 s of music-like noise, louder on the left, with a peak near full scale
    /// close to the stretch boundaries of the layouts below.
    private func programme() -> [[Float]] {
        var left = LoudnessSignal.noise(seconds: 14, seed: 3), right = LoudnessSignal.noise(seconds: 14, seed: 8)
        for i in left.indices { left[i] *= 1.6 }
        left[250_000] = 0.97
        right[250_001] = -0.95
        return [left, right]
    }

    /// Writes `channels` to a WAV in the writers' stretches (the first through
    /// the writer, the others through parts), each in blocks of `block` frames,
    /// metering what is written (in the writing thread, or on the meter's
    /// own); the meter's figures, nil when it cannot meter them.
    private func write(_ channels: [[Float]], to path: String, format: WAVSampleFormat, writers: [Range<Int64>],
                       block: Int = 3_000, onThreadsOfItsOwn: Bool = false) throws -> LoudnessFigures? {
        let frameCount = Int64(channels[0].count)
        guard let meter = try WrittenLoudness(frameCount: frameCount, writers: writers, sampleRate: .standard,
                                              onThreadsOfItsOwn: onThreadsOfItsOwn) else { return nil }
        let writer = try WAVWriter(path: path, sampleRate: .standard, format: format, frameCount: frameCount)
        let audio = AudioBuffer(copying: channels)
        for (index, stretch) in writers.enumerated() {
            let part = index == 0 ? nil : try writer.part(startingAt: stretch.lowerBound)
            for first in stride(from: stretch.lowerBound, to: stretch.upperBound, by: block) {
                let frames = audio.slice(Int(first)..<Int(min(first + Int64(block), stretch.upperBound)))
                let meterIt = { (written: AudioSlice) throws(MediaIOError) in try meter.add(written, at: first, writer: index) }
                if let part { try part.write(frames, readingBack: meterIt) } else { try writer.write(frames, readingBack: meterIt) }
            }
            try part?.close()
        }
        try writer.finish()
        return try meter.finish()
    }

    private func scan(_ path: String, frameCount: Int64, threads: Int) throws -> LoudnessFigures {
        try LoudnessScan(file: path, frameCount: frameCount, sampleRate: .standard, threads: threads,
                         measures: [.integrated, .truePeak], truePeakBy: .limiterDetector).figures
    }

    /// One writer, and stretches of a render (block-grid boundaries, off the
    /// one-second grid; the last short): the figures are the file's, read back
    /// in one piece or in stretches, and ffmpeg's.
    func testFiguresAreTheWrittenFilesAsItReadsBack() throws {
        let channels = programme()
        let frameCount = Int64(channels[0].count)
        let layouts: [(WAVSampleFormat, [Int64])] = [(.s16, [0, frameCount]), (.s24, [0, 344_064, frameCount]),
                                                      (.s16, [0, 229_376, 458_752, 600_000, frameCount])]
        for (format, cuts) in layouts {
            do {
                let label = "\(format), writers from \(cuts.dropLast())"
                let path = temporaryPath("written-\(format)-\(cuts.count).wav")
                defer { try? FileManager.default.removeItem(atPath: path) }
                let writers = zip(cuts, cuts.dropFirst()).map { $0..<$1 }
                // The meter's own threads for the many writers.
                let written = try XCTUnwrap(write(channels, to: path, format: format, writers: writers,
                                                  onThreadsOfItsOwn: cuts.count > 3), label)
                for threads in cuts.count == 3 ? [1, 2] : [2] {
                    let file = try scan(path, frameCount: frameCount, threads: threads)
                    XCTAssertEqual(try XCTUnwrap(written.integrated), try XCTUnwrap(file.integrated), accuracy: 0.001, label)
                    XCTAssertEqual(written.truePeak, file.truePeak, accuracy: 1e-9, "\(label): the same detector on the same samples")
                    XCTAssertEqual(written.truePeakTime, file.truePeakTime, label)
                }
                let ffmpeg = try FFmpegLoudness(path: path)
                XCTAssertEqual(try XCTUnwrap(written.integrated), ffmpeg.integrated, accuracy: 0.01, "\(label): ffmpeg")
                // The detector reads at least ffmpeg's true peak, within the limiter's margin of it.
                XCTAssertEqual(written.truePeak, ffmpeg.truePeak, accuracy: 0.1, "\(label): ffmpeg's true peak")
            }
        }
    }

    /// Writers too short for a scan stretch to start in them are not metered:
    /// the caller reads the file instead. Blocks of any size meter the same, in
    /// the writers' threads or the meter's.
    func testShortWritersAreRefusedAndBlockSizesDoNotMatter() throws {
        let channels = programme()
        let frameCount = Int64(channels[0].count)
        XCTAssertNil(try WrittenLoudness(frameCount: frameCount, writers: [0..<300_000, 300_000..<330_000, 330_000..<frameCount],
                                         sampleRate: .standard))
        // A stretch that ends in the next writer's copy, two writers on: not refused, and the same figures.
        let path = temporaryPath("blocks.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let narrow = try XCTUnwrap(write(channels, to: path, format: .s24, writers: [0..<300_000, 300_000..<340_000, 340_000..<frameCount]))
        XCTAssertNil(try WrittenLoudness(frameCount: frameCount, writers: [0..<650_000, 650_000..<frameCount],
                                         sampleRate: .standard), "the last writer is too short")
        let file = try scan(path, frameCount: frameCount, threads: 1)
        XCTAssertEqual(try XCTUnwrap(narrow.integrated), try XCTUnwrap(file.integrated), accuracy: 0.001)
        XCTAssertEqual(narrow.truePeak, file.truePeak, accuracy: 1e-9)
        let writers = [0..<344_064, 344_064..<frameCount]
        let small = try XCTUnwrap(write(channels, to: path, format: .s24, writers: writers, block: 777))
        let large = try XCTUnwrap(write(channels, to: path, format: .s24, writers: writers, block: 65_536, onThreadsOfItsOwn: true))
        XCTAssertEqual(small.integrated, large.integrated)
        XCTAssertEqual(small.truePeak, large.truePeak)
    }

    /// A writer that did not write all of its stretch (a render that stopped)
    /// gives no figures, and does not trap.
    func testAnUnfinishedWriterGivesNoFigures() throws {
        for own in [false, true] {
            let meter = try XCTUnwrap(WrittenLoudness(frameCount: 480_000, writers: [0..<240_000, 240_000..<480_000],
                                                      sampleRate: .standard, onThreadsOfItsOwn: own))
            let silence = AudioBuffer(capacity: 240_000)
            try meter.add(silence.slice(0..<240_000), at: 0, writer: 0)
            try meter.add(silence.slice(0..<1_000), at: 240_000, writer: 1)
            XCTAssertNil(try meter.finish(), "own threads: \(own)")
            XCTAssertNil(try meter.finish(), "own threads: \(own)")
        }
    }
}
