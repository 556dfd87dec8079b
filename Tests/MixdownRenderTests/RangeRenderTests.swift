import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownTestSupport
import XCTest

/// A `--range` render seeks every input and equals the same slice of a full render.
final class RangeRenderTests: XCTestCase {
    func demoProject() -> Project {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4")), .init(path: Fixture.path("clip-b.mp4"))]
        project.voiceovers = [.init(path: Fixture.path("vo-pauses.wav"), start: t("1.25"))]
        project.music = [.init(path: Fixture.path("music.mp3"))]
        project.music[0].start = t("0.5")
        project.clipVolume = 0.5
        project.musicVolume = 0.8
        return project
    }

    func testRangeEqualsSliceOfFullRender() throws {
        let project = demoProject()
        let full = try render(project)
        XCTAssertEqual(full.left.count, 11 * 48_000)
        for text in ["3.3-7.7", "0.01-1", "6-6.5", "9.999-11"] {
            let range = try MediaTimeRange(parsing: text)
            let part = try render(project, range: range)
            let span = try range.sampleRange(sampleRate: 48_000)
            let slice = Array(full.left[Int(span.lowerBound)..<Int(span.upperBound)])
            XCTAssertEqual(part.left.count, slice.count, text)
            let worst = zip(part.left, slice).map { abs($0 - $1) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1e-6, "range \(text)")
        }
    }

    func testBlockSizeDoesNotChangeTheResult() throws {
        let project = demoProject()
        let a = try render(project, blockSize: 4096)
        let b = try render(project, blockSize: 1000)
        XCTAssertEqual(a.left.count, b.left.count)
        // Gains are computed per block from the exact formula, so blocks of other sizes agree within 1e-6.
        XCTAssertLessThanOrEqual(zip(a.left, b.left).map { abs($0 - $1) }.max() ?? 0, 1e-6)
        XCTAssertLessThanOrEqual(zip(a.right, b.right).map { abs($0 - $1) }.max() ?? 0, 1e-6)
    }
}
