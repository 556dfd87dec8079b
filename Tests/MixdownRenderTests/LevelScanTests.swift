import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// `LevelScan` (inspect's clipping warning), in one piece and in stretches on
/// several threads, against the samples of the render itself.
final class LevelScanTests: XCTestCase {
    /// 40 s of looped music at +12 dB under two takes: it clips, often.
    func loudProject() throws -> Project {
        var project = Project()
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].loop = true
        project.music[0].volume = 4
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: t("3.3")),
                              .init(path: Fixture.path("vo-pauses.wav"), start: t("27.9"))]
        project.output.duration = t("40")
        return project
    }

    func testStretchesOnThreadsFindWhatOnePieceFinds() throws {
        let project = try loudProject()
        let plan = try project.plan()
        let one = try LevelScan(plan: plan, threads: 1)
        let three = try LevelScan(plan: plan, threads: 3)
        XCTAssertEqual(three.peak, one.peak)
        XCTAssertEqual(three.peakSample, one.peakSample)
        XCTAssertEqual(three.overFullScale, one.overFullScale)

        // The independent count: every sample of the same render.
        let rendered = try render(project, blockSize: 16_384)
        let samples = rendered.left + rendered.right
        XCTAssertEqual(one.overFullScale, samples.count { abs($0) > 1 })
        XCTAssertGreaterThan(one.overFullScale, 1_000)
        let peak = samples.map { abs($0) }.max() ?? 0
        XCTAssertEqual(one.peak, peak)
        let at = Int(one.peakSample)
        XCTAssertTrue(abs(rendered.left[at]) == peak || abs(rendered.right[at]) == peak)
    }
}
