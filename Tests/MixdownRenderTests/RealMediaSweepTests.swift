import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import MixdownUnits
import XCTest

/// Every corpus file with audio (../shared/realmedia), read the way users use
/// it, against ffprobe and ffmpeg (`AudioOracle`):
///
/// - `MediaProbe`: codec, rate, channels, start, first sample and exact sample count;
/// - mixed as music and as a voice-over at the file's own rate: the same samples
///   as ffmpeg's decode placed by the documented rule, to the sample (mid channel);
/// - at 48 kHz, renders of parts (a `--range`, a stretch of a parallel render)
///   equal the same samples of a render in one piece, but for AAC's noise
///   substitution (other noise of the same energy after a seek).
///
/// In eight parts, so the parallel suite runs them side by side.
final class RealMediaSweepTests: XCTestCase {
    static let parts = 8

    func testPart1() throws { try sweep(part: 0) }
    func testPart2() throws { try sweep(part: 1) }
    func testPart3() throws { try sweep(part: 2) }
    func testPart4() throws { try sweep(part: 3) }
    func testPart5() throws { try sweep(part: 4) }
    func testPart6() throws { try sweep(part: 5) }
    func testPart7() throws { try sweep(part: 6) }
    func testPart8() throws { try sweep(part: 7) }

    /// Corpus files with an audio stream, but the two FFmpeg 5.1 cannot decode
    /// (their refusal: `RealMediaProbeTests` and `CLIRealMediaTests`).
    static func filesWithAudio() throws -> [String] {
        let undecodable = ["ax-bear-flac-32bit.mka", "ax-bear_32bit.flac"]
        return try Fixture.realMediaManifest().keys.sorted().filter { name in
            guard !undecodable.contains(name) else { return false }
            return try Tool.streams(try Fixture.realMedia(name)).contains { $0["codec_type"] as? String == "audio" }
        }
    }

    private func sweep(part: Int) throws {
        let files = try Self.filesWithAudio()
        XCTAssertGreaterThanOrEqual(files.count, 50, "the corpus's files with audio")
        for (i, name) in files.enumerated() where i % Self.parts == part {
            let path = try Fixture.realMedia(name)
            let oracle = try AudioOracle(path: path)
            try checkProbe(name, path, oracle)
            try checkMix(name, path, oracle)
            try checkParts(name, path, codec: oracle.codec)
        }
    }

    private func checkProbe(_ name: String, _ path: String, _ oracle: AudioOracle) throws {
        let audio = try XCTUnwrap(try MediaProbe.probe(path: path).audioStream, name)
        XCTAssertEqual(audio.codec, oracle.codec, "\(name) codec")
        XCTAssertEqual(audio.sampleRate, oracle.sampleRate, "\(name) rate")
        XCTAssertEqual(audio.channels, oracle.channels, "\(name) channels")
        XCTAssertEqual(audio.startTime == nil, oracle.startTime == nil, "\(name) start")
        if let ours = audio.startTime, let theirs = oracle.startTime { XCTAssertEqual(ours, theirs, accuracy: 0.000_000_6, "\(name) start") }
        XCTAssertEqual(audio.firstSample, Int64(oracle.firstSample), "\(name) first sample")
        XCTAssertEqual(audio.sampleCount, Int64(oracle.sampleCount),
                       "\(name) exact sample count (ffmpeg decodes \(oracle.decodedCount), \(oracle.droppedAtStart) before 0)")
        // The quick probe: the same first sample, and an exact count only where it is the real one.
        let quick = try XCTUnwrap(try MediaProbe.probe(path: path, depth: .quick).audioStream, name)
        XCTAssertEqual(quick.firstSample, audio.firstSample, "\(name) quick first sample")
        if let count = quick.sampleCount { XCTAssertEqual(count, audio.sampleCount, "\(name) quick sample count") }
    }

    /// As music (the timeline is the bed) and as a voice-over at 0 on a longer
    /// timeline, at the file's own rate: no resampling, so ffmpeg's samples exactly.
    private func checkMix(_ name: String, _ path: String, _ oracle: AudioOracle) throws {
        let expected = try oracle.mid()
        let tolerance: Float = oracle.channels > 2 ? 1e-5 : 1e-6
        var project = Project()
        project.output.sampleRate = try SampleRate(hertz: oracle.sampleRate)
        project.music = [.init(path: path)]
        let bed = try renderAll(project)
        XCTAssertEqual(bed.count, expected.count, "\(name) as music: length")
        let n = min(bed.count, expected.count)
        XCTAssertLessThanOrEqual(Measure.maxDifference(bed[0..<n], expected[0..<n]), tolerance, "\(name) as music: samples")

        // The take's item is the bed's: its head and its end (with silence after) suffice.
        project.music = []
        project.voiceovers = [.init(path: path, start: .zero)]
        let tail = oracle.sampleRate / 4
        project.output.duration = MediaTime(sampleIndex: Int64(expected.count + tail), sampleRate: project.output.sampleRate)
        let plan = try project.plan()
        XCTAssertEqual(try plan.samples(in: nil).count, expected.count + tail, "\(name) as a voice-over: timeline")
        let head = 0..<min(expected.count, 4_800)
        let end = max(0, expected.count - 4_800)..<(expected.count + tail)
        for range in [head, end] {
            let take = try renderMid(plan, range: Int64(range.lowerBound)..<Int64(range.upperBound))
            let heard = range.clamped(to: 0..<expected.count)
            assertSame(Array(take[0..<heard.count]), expected[heard], codec: oracle.codec, tolerance: tolerance,
                       "\(name) as a voice-over: samples \(heard)")
            XCTAssertEqual(take[heard.count...].first { $0 != 0 }, nil, "\(name) as a voice-over: silence after its end")
        }
    }

    /// At 48 kHz, a part rendered alone (it seeks) equals the same samples of the
    /// whole: two thirds of the way in (a stretch of a parallel render) and a
    /// short range in the first half.
    private func checkParts(_ name: String, _ path: String, codec: String) throws {
        var project = Project()
        project.music = [.init(path: path)]
        let plan = try project.plan()
        let full = try renderMid(plan, range: nil)
        let n = full.count
        for range in [(2 * n / 3)..<n, (n / 4)..<min(n, n / 4 + 9_600)] where !range.isEmpty {
            let part = try renderMid(plan, range: Int64(range.lowerBound)..<Int64(range.upperBound))
            XCTAssertEqual(part.count, range.count, "\(name) part \(range): length")
            assertSame(part, full[range], codec: codec, tolerance: 1e-6, "\(name) part \(range)")
        }
    }

    /// The same samples, or, for AAC decoded after a seek, the same but for its
    /// noise substitution: other noise of the same energy, in the same place.
    private func assertSame(_ ours: [Float], _ reference: ArraySlice<Float>, codec: String, tolerance: Float, _ label: String) {
        let worst = Measure.maxDifference(ours[...], reference)
        guard codec == "aac", worst > tolerance, ours.count > 32 else {
            return XCTAssertLessThanOrEqual(worst, tolerance, "\(label): samples")
        }
        print("\(label): AAC noise substitution after the seek, max difference \(worst)")
        let energy = Measure.dB(Measure.rms(ours[...]) / max(Measure.rms(reference), 1e-30))
        XCTAssertEqual(energy, 0, accuracy: 0.1, "\(label): energy (max difference \(worst))")
        XCTAssertEqual(Measure.bestLag(ours, Array(reference), lags: -4...4, range: 8..<(ours.count - 8)).lag, 0, "\(label): placement")
    }

    private func renderAll(_ project: Project) throws -> [Float] {
        try renderMid(try project.plan(), range: nil)
    }

    private func renderMid(_ plan: MixPlan, range: Range<Int64>?) throws -> [Float] {
        let renderer = try AudioRenderer(plan: plan)
        var mid: [Float] = []
        _ = try renderer.render(range: range, threads: 1) { block throws(MediaIOError) in
            for i in 0..<block.count { mid.append((block.left[i] + block.right[i]) / 2) }
        }
        return mid
    }
}
