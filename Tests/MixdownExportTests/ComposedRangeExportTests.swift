import Foundation
import MixdownComposition
import MixdownExport
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// An export of a range of a composed timeline (`export --range` with
/// transitions, fades, conformed clips), as AVFoundation exports a `timeRange`
/// of a video composition: smart-rendered, its frames the full export's, its
/// sound the full mix's, checked with ffmpeg.
final class ComposedRangeExportTests: XCTestCase {
    /// clip-a (6 s) dissolving into clip-b (5 s) over 1 s, the picture fading out
    /// over the last second, with a take and a bed: frames at 30 fps, keyframes
    /// (IDR) every second in both clips.
    func project() throws -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        project.video.transition = try Transition(parsing: "dissolve:1")
        project.video.fadeOut = t("1")
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("4"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        return project
    }

    func testTheRangeIsTakenOutToWholeFramesOnTheSampleGrid() throws {
        let plan = try project().plan(for: .export)
        let excerpt = try plan.excerpt(forExportOf: try MediaTimeRange(parsing: "2.51-8.21"))
        // Frame 75 (2.5 s) to the end of frame 246 (247/30 s), both on the 48 kHz grid.
        XCTAssertEqual(excerpt.timelineRange.start, t("2.5"))
        XCTAssertEqual(excerpt.timelineRange.end, try MediaTime(value: 247, timescale: 30))
        XCTAssertEqual(excerpt.plan.duration, try MediaTime(value: 247 - 75, timescale: 30))
        XCTAssertTrue(excerpt.snaps.isEmpty)
        guard case let .composed(video) = excerpt.plan.video else { return XCTFail("the excerpt's picture is composed") }
        XCTAssertEqual(video.timeline.duration, excerpt.plan.duration)
        XCTAssertEqual(video.timeline.placements.map(\.index), [0, 1])
        // Clip a from 2.5 s, clip b from its start: their places and sources cut together.
        XCTAssertEqual(video.timeline.placements[0].sourceRange, try MediaTimeRange(parsing: "2.5-6"))
        XCTAssertEqual(video.timeline.placements[1].timeRange.start, t("2.5"))
        XCTAssertEqual(video.timeline.videoComposition.instructions.first?.timeRange.start, .zero)
    }

    func testARangeOfAComposedTimelineIsSmartRenderedWithTheFullExportsFramesAndSound() throws {
        let folder = try TemporaryFolder()
        let full = try project().plan(for: .export)
        let excerpt = try full.excerpt(forExportOf: try MediaTimeRange(parsing: "2.5-9.6"))
        XCTAssertEqual(excerpt.timelineRange, try MediaTimeRange(parsing: "2.5-9.6"))
        let fullPath = folder.file("full.mp4"), rangePath = folder.file("range.mp4")
        _ = try ExportSession(plan: full, outputPath: fullPath).exportDecodingCleanly()
        _ = try ExportSession(plan: excerpt.plan, outputPath: rangePath).exportDecodingCleanly()

        // The plan: clip a re-encoded from 2.5 s to its IDR at 3 s, copied to 5 s; the
        // dissolve re-encoded; clip b copied from its IDR at 1 s to its keyframe at 4 s,
        // where the fade starts; the fade re-encoded to the range's end.
        guard case let .composed(video) = excerpt.plan.video, let smart = video.smartRender else { return XCTFail("composed") }
        let spans = smart.spans.map { span -> String in
            switch span {
            case let .copy(segment): "copy \(segment.timelineRange.start.readable)-\(segment.timelineRange.end.readable)"
            case let .encode(range, _): "encode \(range.start.readable)-\(range.end.readable)"
            }
        }
        XCTAssertEqual(spans, ["encode 0s-0.5s", "copy 0.5s-2.5s", "encode 2.5s-3.5s", "copy 3.5s-6.5s", "encode 6.5s-7.1s"])

        // Packets outside the re-encoded stretches are the sources' own, byte for byte.
        let written = try Tool.videoPacketHashes(rangePath)
        XCTAssertEqual(written.count, 213, "7.1 s at 30 fps")
        let a = try Tool.videoPacketHashes(Fixture.path("clip-a.mp4")), b = try Tool.videoPacketHashes(Fixture.path("clip-b.mp4"))
        XCTAssertTrue(Array(written[15..<75]) == Array(a[90..<150]), "clip a's packets from its IDR at 3 s")
        XCTAssertTrue(Array(written[105..<195]) == Array(b[30..<120]), "clip b's packets from its IDR at 1 s to 4 s")

        // Clean decodes, from the start and after seeks into each kind of stretch.
        XCTAssertEqual(try Tool.decodeErrors(rangePath), "")
        for seek in ["0.2", "1.1", "2.9", "4.2", "6.8"] {
            let errors = try Tool.runCapturingErrors("ffmpeg", ["-v", "error", "-nostdin", "-ss", seek, "-i", rangePath, "-f", "null", "-"]).errors
            XCTAssertEqual(errors, "", "after a seek to \(seek) s")
        }

        // Frame k of the range is the full export's frame 75 + k: the same bytes where
        // both copy, as good where both re-encode (against the sources composed by
        // hand), and close to the source where only the range re-encodes.
        let rangeFrames = try Tool.videoFrames(rangePath, 0...212), fullFrames = try Tool.videoFrames(fullPath, 75...287)
        let sourceA = try Tool.videoFrames(Fixture.path("clip-a.mp4"), 75...179), sourceB = try Tool.videoFrames(Fixture.path("clip-b.mp4"), 0...149)
        for k in 15..<75 { XCTAssertEqual(rangeFrames[k], fullFrames[k], "frame \(k): copied in both") }
        for k in 105..<195 { XCTAssertEqual(rangeFrames[k], fullFrames[k], "frame \(k): copied in both") }
        for k in 0..<15 {
            XCTAssertEqual(fullFrames[k], sourceA[k], "frame \(k): the full export copies clip a here")
            XCTAssertGreaterThan(Measure.psnr(rangeFrames[k], sourceA[k]), 40, "frame \(k): re-encoded up to the IDR")
        }
        var rangePSNR: [Double] = [], fullPSNR: [Double] = []
        for k in Array(75..<105) + Array(195..<213) {
            let reference = composed(at: 75 + k, a: sourceA, b: sourceB)
            rangePSNR.append(Measure.psnr(rangeFrames[k], reference))
            fullPSNR.append(Measure.psnr(fullFrames[k], reference))
        }
        let rangeMean = rangePSNR.reduce(0, +) / Double(rangePSNR.count), fullMean = fullPSNR.reduce(0, +) / Double(fullPSNR.count)
        XCTAssertGreaterThanOrEqual(rangePSNR.min() ?? 0, 35, "\(rangePSNR)")
        XCTAssertEqual(rangeMean, fullMean, accuracy: 0.5, "range \(rangeMean) dB, full \(fullMean) dB")

        // The sound is the full mix's over the range: the excerpt's own mix to within
        // the envelopes' tolerance, and the decoded AAC lined up with it.
        let samples = try excerpt.timelineRange.sampleRange(sampleRate: full.sampleRate)
        let reference = try render(full, samples)
        let own = try render(excerpt.plan, 0..<Int64(samples.count))
        XCTAssertEqual(own.count, reference.count)
        XCTAssertLessThan(Measure.maxDifference(own[...], reference[...]), 1e-5)
        let decoded = try Tool.decodedLeft(rangePath)
        let match = Measure.bestLag(reference, decoded, lags: -48...48, range: 24_000..<312_000)
        XCTAssertLessThanOrEqual(abs(match.lag), 2)
        XCTAssertGreaterThan(match.correlation, 0.99)
    }

    /// What the full timeline shows at frame `n` (30 fps), composed from the sources'
    /// frames by the rules the compositor follows: clip a (from its frame 75), the
    /// dissolve over frames 150-179 (clip a's opacity 1 − k/30 in 256ths), clip b,
    /// and the fade to black over frames 270-299 (opacity in 256ths over video black).
    private func composed(at n: Int, a: [[UInt8]], b: [[UInt8]]) -> [UInt8] {
        func blend(_ top: [UInt8], over bottom: [UInt8], opacity: Double) -> [UInt8] {
            let weight = Int((opacity * 256).rounded())
            return zip(top, bottom).map { UInt8((Int($0) * weight + Int($1) * (256 - weight) + 128) >> 8) }
        }
        let size = 640 * 360
        let black = [UInt8](repeating: 16, count: size) + [UInt8](repeating: 128, count: size / 2)
        switch n {
        case ..<150: return a[n - 75]
        case 150..<180: return blend(a[n - 75], over: b[n - 150], opacity: Double(180 - n) / 30)
        case 270...: return blend(b[n - 150], over: black, opacity: Double(300 - n) / 30)
        default: return b[n - 150]
        }
    }

    /// The left channel of `samples` of `plan`'s mix.
    private func render(_ plan: MixPlan, _ samples: Range<Int64>) throws -> [Float] {
        var left: [Float] = []
        _ = try AudioRenderer(plan: plan).render(range: samples) { block throws(MediaIOError) in
            left.append(contentsOf: block.left)
        }
        return left
    }
}
