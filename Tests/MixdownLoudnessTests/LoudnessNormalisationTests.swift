import Foundation
import MixdownDSP
import MixdownDynamics
import MixdownExport
import MixdownLoudness
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// Normalisation's parts on a 40 s mix of WAV takes over a looped MP3 (no AAC, so
/// a seek gives the samples of a decode from the start): the mastered render in
/// stretches against one piece, the scan against the written file, the dry runs.
final class LoudnessNormalisationTests: XCTestCase {
    private func plan() throws -> MixPlan {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: try MediaTime(parsing: "9.9")),
                              .init(path: Fixture.path("vo-pauses.wav"), start: try MediaTime(parsing: "24.2"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.output.duration = try MediaTime(parsing: "40")
        return try project.plan()
    }

    /// A limiter that acts (+10 dB into −1 dBTP) gives the same file rendered in
    /// three stretches as in one piece: each stretch's limiter settles before it.
    func testAMasteredRenderInStretchesIsTheSameFileAsOnePiece() throws {
        var plan = try plan()
        plan.mastering = Mastering(gain: Gain.decibelsToFactor(10), limiter: .standard)
        var files: [Data] = []
        var limited: [LimiterStatistics] = []
        for parallel in [false, true] {
            let path = temporaryPath("mastered.wav")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let session = try PreviewSession(plan: plan, outputPath: path, format: .f32, parallel: parallel, threads: 3)
            XCTAssertEqual(session.stretches.count, parallel ? 3 : 1)
            let summary = try session.render()
            limited.append(try XCTUnwrap(summary.limiting))
            XCTAssertGreaterThan(limited.last!.largestGainReduction, 3, "the limiter acts")
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertTrue(files[0] == files[1], "the files differ")
        XCTAssertEqual(limited[0], limited[1], "the stretches' statistics add up to one piece's")
    }

    /// The scan's figures, in stretches on three threads, against libebur128 over
    /// the written file and against ffmpeg's meter.
    func testTheScanMeasuresWhatIsWritten() throws {
        var plan = try plan()
        plan.mastering = Mastering(gain: Gain.decibelsToFactor(6), limiter: .standard)
        let scan = try LoudnessScan(plan: plan, threads: 3)
        let path = temporaryPath("scanned.wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try PreviewSession(plan: plan, outputPath: path, format: .f32, threads: 3).render()
        let file = try LoudnessFigures(measuringFile: path)
        XCTAssertEqual(try XCTUnwrap(scan.figures.integrated), try XCTUnwrap(file.integrated), accuracy: 0.001)
        XCTAssertEqual(scan.figures.truePeak, file.truePeak, accuracy: 0.001)
        XCTAssertLessThanOrEqual(scan.figures.truePeak, -1.0)
        XCTAssertGreaterThan(try XCTUnwrap(scan.limiting).samplesInGainReduction, 0)
    }

    /// The first pass records the bus: renders that read it write the same file,
    /// bit for bit, as renders of the plan (pass 1's stretches record from the
    /// block grid); its figures are the scan's (the true peak by the limiter's
    /// detector, which reads at least what libebur128 reads); and the recording
    /// is a file nobody sees.
    func testARecordedBusRendersTheSameFile() throws {
        let plan = try plan()
        let folder = try TemporaryFolder()
        let bus = try ScratchAudioFile(frameCount: plan.frameCount, folder: folder.path)
        let recorded = try LoudnessScan(recording: plan, into: bus, threads: 3, measures: [.integrated, .truePeak],
                                        truePeakBy: .limiterDetector).figures
        XCTAssertEqual(try folder.contents(), [], "the scratch file has no name")
        let scanned = try LoudnessScan(plan: plan, threads: 3, measures: [.integrated, .truePeak]).figures
        XCTAssertEqual(try XCTUnwrap(recorded.integrated), try XCTUnwrap(scanned.integrated), accuracy: 0.001)
        XCTAssertGreaterThanOrEqual(recorded.truePeak, scanned.truePeak - 1e-6)
        XCTAssertEqual(recorded.truePeak, scanned.truePeak, accuracy: 0.1)
        var mastered = plan
        mastered.mastering = Mastering(gain: Gain.decibelsToFactor(10), limiter: .standard)
        var files: [Data] = []
        for recordedBus in [nil, bus] {
            let path = folder.file("mastered.wav")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let summary = try PreviewSession(plan: mastered, outputPath: path, format: .f32, threads: 3, recordedBus: recordedBus).render()
            XCTAssertGreaterThan(try XCTUnwrap(summary.limiting).largestGainReduction, 3, "the limiter acts")
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertTrue(files[0] == files[1], "the files differ")
        let dry = try LoudnessScan(plan: mastered, threads: 2, measures: .integrated).figures
        let replayed = try LoudnessScan(plan: mastered, threads: 2, measures: .integrated, recordedBus: bus).figures
        XCTAssertEqual(try XCTUnwrap(replayed.integrated), try XCTUnwrap(dry.integrated), accuracy: 0.001)
    }

    /// The limiter's detector reads a file's true peak in stretches as in one
    /// piece: a full-scale-ish sample at the last frame of a stretch (14 s of a
    /// 40 s file on three threads), whose peak only the 16 frames after it
    /// reveal, and one at the file's last frame.
    func testTheDetectorReadsPeaksAtTheEdgesOfStretches() throws {
        let folder = try TemporaryFolder()
        let frames = 40 * 48_000
        let quiet = (0..<frames).map { Float(0.05 * sin(Double($0) * 0.031)) }
        for (spike, value) in [(14 * 48_000 - 1, 0.9 as Float), (frames - 1, 0.8)] {
            var left = quiet
            left[spike] = value
            let path = folder.file("spike\(spike).wav")
            let writer = try WAVWriter(path: path, sampleRate: 48_000, format: .f32, frameCount: Int64(frames))
            let audio = AudioBuffer(copying: [left, quiet])
            try writer.write(audio.slice(0..<frames))
            try writer.finish()
            let figures = try LoudnessScan(file: path, frameCount: Int64(frames), sampleRate: 48_000, threads: 3,
                                           measures: [.integrated, .truePeak], truePeakBy: .limiterDetector).figures
            XCTAssertEqual(figures.truePeak, Measure.dB(Double(value)), accuracy: 1e-6, "spike at \(spike)")
            XCTAssertEqual(figures.truePeakTime, MediaTime(sampleIndex: Int64(spike) / 4800 * 4800, sampleRate: 48_000))
        }
    }

    /// A normalisation records the mix beside the output, where nothing is left
    /// when it ends, cancelled or not; without room for the recording (a folder
    /// that does not exist) every run renders the mix, to the same mastering.
    func testTheRecordingLeavesNothingAndIsNotNeeded() throws {
        let plan = try plan()
        let delivery = DeliveryLoudness(target: LoudnessLevel(uncheckedDecibels: -10), ceiling: TruePeakCeiling(uncheckedDecibels: -1))
        let folder = try TemporaryFolder()
        let recorded = try LoudnessNormalisation(plan: plan, delivery: delivery, lossy: false, threads: 2, scratchFolder: folder.path)
        XCTAssertNotNil(recorded.recordedBus)
        XCTAssertEqual(try folder.contents(), [])
        let rendered = try LoudnessNormalisation(plan: plan, delivery: delivery, lossy: false, threads: 2,
                                                 scratchFolder: folder.file("missing"))
        XCTAssertNil(rendered.recordedBus)
        XCTAssertGreaterThan(recorded.limiting.largestGainReduction, 1, "dry runs")
        XCTAssertEqual(try XCTUnwrap(recorded.plan.mastering).gainDecibels, try XCTUnwrap(rendered.plan.mastering).gainDecibels,
                       accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(recorded.expected.integrated), try XCTUnwrap(rendered.expected.integrated), accuracy: 1e-6)
        let polls = Counter()
        XCTAssertThrowsError(try LoudnessNormalisation(plan: plan, delivery: delivery, lossy: false, threads: 2,
                                                        scratchFolder: folder.path, isCancelled: { polls.next() > 40 })) { error in
            XCTAssertEqual(error as? MediaIOError, .cancelled)
        }
        XCTAssertEqual(try folder.contents(), [])
    }

    /// Where the limiter costs loudness, the dry runs still land on the target.
    func testDryRunsReachTheTargetWhenTheLimiterActs() throws {
        let plan = try plan()
        for (target, ceiling) in [(-10.0, -1.0), (-16.0, -1.0), (-23.0, -1.0), (-14.0, -6.0)] {
            let delivery = DeliveryLoudness(target: LoudnessLevel(uncheckedDecibels: target),
                                            ceiling: TruePeakCeiling(uncheckedDecibels: ceiling))
            let normalised = try LoudnessNormalisation(plan: plan, delivery: delivery, lossy: false, threads: 2)
            let check = try LoudnessScan(plan: normalised.plan, threads: 2).figures
            XCTAssertEqual(try XCTUnwrap(check.integrated), target, accuracy: 0.06, "\(delivery)")
            XCTAssertLessThanOrEqual(check.truePeak, ceiling, "\(delivery)")
            print("\(delivery): measured \(normalised.measured.integrated ?? -.infinity), gain \(normalised.plan.mastering?.gainDecibels ?? 0) dB, "
                  + "limiting \(normalised.limiting.largestGainReduction) dB")
        }
    }

    /// After an encoding that came out 0.3 LU quiet and 0.5 dB over the ceiling,
    /// the correction aims the PCM 0.3 LU louder with the limiter 0.6 dB lower.
    func testACorrectionAfterAMissedEncoding() throws {
        let delivery = DeliveryLoudness(target: LoudnessLevel(uncheckedDecibels: -12), ceiling: TruePeakCeiling(uncheckedDecibels: -1))
        let first = try LoudnessNormalisation(plan: try plan(), delivery: delivery, lossy: true, threads: 2)
        let limiter = try XCTUnwrap(first.plan.mastering).limiter
        XCTAssertEqual(limiter.ceiling, -2, "AAC aims 1 dB under the ceiling")
        var written = first.measured
        written.integrated = -12.3
        written.truePeak = -0.5
        XCTAssertFalse(first.accepts(written))
        let next = try first.corrected(for: written, threads: 2)
        XCTAssertEqual(try XCTUnwrap(next.plan.mastering).limiter.ceiling, -2.6, accuracy: 1e-9)
        let check = try LoudnessScan(plan: next.plan, threads: 2).figures
        XCTAssertEqual(try XCTUnwrap(check.integrated), -11.7, accuracy: 0.06)
        XCTAssertLessThanOrEqual(check.truePeak, -2.6)
        written.integrated = -12.1
        written.truePeak = -1.05
        XCTAssertTrue(first.accepts(written))
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int { lock.withLock { count += 1; return count } }
}
