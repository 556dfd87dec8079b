import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// Items land on the sample MediaTime's rule says: round(s × rate), half up.
final class PlacementTests: XCTestCase {
    func testClipClicksLandOnTheirTimelineSamples() throws {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-c.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        let out = try render(project)
        // clip-a 6 s, clip-c 4 s, clip-b 5 s (44.1 kHz audio, resampled): 15 s exactly.
        XCTAssertEqual(out.left.count, 720_000)
        XCTAssertEqual(out.peakIndex(in: 90_000..<100_000), 96_000)            // clip-a click at 2.000 s
        XCTAssertEqual(out.peakIndex(in: 440_000..<450_000), 444_000)          // clip-c click at 6 + 3.250 s
        let clipB = out.peakIndex(in: 550_000..<570_000)                       // clip-b click at 10 + 1.500 s
        XCTAssertLessThanOrEqual(abs(clipB - 552_000), 1)
    }

    func testFractionalPlacementIsSampleExact() throws {
        // The item lasts what ffmpeg decodes of the 3 s file at 48 kHz: its last AAC frame whole.
        let length = try Tool.ffmpegDecode(Fixture.path("click-48k.m4a"), extraArguments: ["-ac", "1"]).count
        for start in ["0.123456", "0.0000104", "1.00001", "2.5"] {
            var project = Project()
            project.voiceovers = [.init(path: Fixture.path("click-48k.m4a"), start: t(start))]
            let out = try render(project)
            let first = try t(start).sampleIndex(sampleRate: 48_000)
            XCTAssertEqual(out.peakIndex(in: 0..<out.left.count), Int(first) + 48_000, "placed at \(start)")
            // Nothing before the item's first sample.
            XCTAssertEqual(out.left[..<Int(first)].map(abs).max() ?? 0, 0)
            XCTAssertEqual(out.left.count, Int(first) + length, "3 s item placed at \(start)")
        }
    }

    func testMonoTakeIsAtUnityOnBothSides() throws {
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: .zero)]
        let out = try render(project)
        XCTAssertTrue(out.left == out.right, "left and right differ")
        let again = try render(project)   // determinism: the same render twice is identical
        XCTAssertTrue(again.left == out.left, "two renders differ")
        XCTAssertGreaterThan(out.left.map(abs).max()!, 0.5)  // the take peaks near -3 dBFS, not -6
    }

    func testHourLongTimelineHasExactlyAnHourOfSamples() throws {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.output.duration = t("1:00:00")
        let plan = try project.plan()
        let renderer = try AudioRenderer(plan: plan)
        XCTAssertEqual(renderer.frameCount, 172_800_000)
        // Looped segments tile the hour with no gap and no overlap.
        let segments = plan.audioTracks[0].segments
        for (a, b) in zip(segments, segments.dropFirst()) {
            XCTAssertEqual(a.timelineRange.end, b.timelineRange.start)
        }
        XCTAssertEqual(segments.last?.timelineRange.end, t("3600"))
    }

    /// A bed looped in 0.3 s pieces: every piece is the first one again, sample
    /// for sample, so the renderer found each block's pieces (by binary search,
    /// since a looped bed has thousands) and none was skipped.
    func testShortLoopPiecesAreEachRenderedWhole() throws {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.music[0].outPoint = t("0.3")
        project.output.duration = t("6")
        let out = try render(project, blockSize: 4096)
        XCTAssertEqual(out.left.count, 288_000)
        let piece = Array(out.left[0..<14_400])
        XCTAssertGreaterThan(piece.map(abs).max() ?? 0, 0.1)
        for k in 1..<20 {
            XCTAssertEqual(Array(out.left[(k * 14_400)..<((k + 1) * 14_400)]), piece, "piece \(k)")
        }
    }

    /// A bed whose length is no whole number of samples (ADTS AAC at 44.1 kHz,
    /// 12.33 s at 48 kHz), looped: each round's ends round on their own, so a
    /// round may span one sample more than the file decodes, which is silence,
    /// not an error; every round is the first one again.
    func testLoopOffTheSampleGridRendersEveryRound() throws {
        let bed = try Fixture.realMedia("lena.aac")
        let length = Int(try AudioDecoder(path: bed).forEachBlock { _ in })
        var project = Project()
        project.music = [.init(path: bed)]
        project.music[0].loop = true
        project.output.duration = t("40")
        let plan = try project.plan()
        let spans = try plan.audioTracks[0].segments.map { try $0.timelineRange.sampleRange(sampleRate: 48_000) }
        XCTAssertTrue(spans.dropLast().contains { $0.count == length + 1 }, "a round spans one sample more: \(spans.map(\.count)) against \(length)")
        let out = try render(project)
        XCTAssertEqual(out.left.count, 1_920_000)
        let first = Array(out.left[0..<length])
        for span in spans.dropFirst().dropLast() {
            let start = Int(span.lowerBound)
            XCTAssertEqual(Array(out.left[start..<start + length]), first, "the round at \(start)")
        }
    }

    func testCutsDoNotClick() throws {
        // clip-b's 554.37 Hz tone ends at phase 0.85 (−0.081); clip-a's starts at 0: a hard cut jumps.
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-b.mp4")), .init(path: Fixture.path("clip-a.mp4"))]
        let cut = 4_800   // 5.0 s, inside the rendered range 4.9–5.1 s
        func worstStep(_ cutFade: MediaTime) throws -> Float {
            project.cutFade = cutFade
            let out = try render(project, range: try MediaTimeRange(parsing: "4.9-5.1"))
            let local = Array(out.left[(cut - 480)..<(cut + 480)])
            return zip(local, local.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        }
        let tone = Float(0.1 * 2 * Double.pi * 659.25 / 48_000)   // the steepest step a tone here takes
        XCTAssertLessThan(try worstStep(.milliseconds(10)), 1.5 * tone)
        XCTAssertGreaterThan(try worstStep(.zero), 0.05, "without the cut fade the cut jumps")
    }
}
