import Foundation
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import MixdownTime
import MixdownUnits
import XCTest

/// Overlays are checked when planned: their images opened, their fonts looked
/// up, their drawn size bounded, with or without a picture under them.
final class OverlayPlanningTests: XCTestCase {
    private func range(_ start: Int64, _ end: Int64) throws -> MediaTimeRange {
        try MediaTimeRange(start: .milliseconds(start * 1000), end: .milliseconds(end * 1000))
    }

    func testAnOverlayScaledPastTheLargestSideIsRefusedNamingIt() throws {
        var project = Project()
        project.clips = [.init(path: Fixture.path("clip-a.mp4"))]
        var box = Project.Overlay(content: .box(BoxStyle(colour: .white)))
        (box.width, box.height) = (400, 100)
        box.animations = [OverlayAnimation(property: .scale, from: 1, to: 30, timeRange: try range(0, 2))]
        project.overlays = [Project.Overlay(content: .box(BoxStyle(colour: .black))), box]
        project.overlays[0].width = 10
        project.overlays[0].height = 10
        do {
            _ = try project.plan(for: .export)
            XCTFail("a 12000 px overlay was planned")
        } catch {
            XCTAssertEqual(error.description, "overlays[1]: drawn 12000 px across at its largest (400×100 px scaled by 30.0); an overlay is at most 8192 px a side")
        }
        project.overlays[1].animations[0].to = 20
        XCTAssertNoThrow(try project.plan(for: .export), "8000 px is drawn")
    }

    func testWithoutClipsAnOverlaysImageAndFontAreStillChecked() throws {
        let folder = try TemporaryFolder()
        var project = Project()
        project.voiceovers = [.init(path: Fixture.path("vo-short.wav"), start: .zero)]
        var text = Project.Overlay(content: .text([TextRun("Hello")], TextStyle(fontFamily: "No Such Family 2026")))
        text.end = .milliseconds(1000)
        project.overlays = [text]
        let plan = try project.plan(for: .preview)
        XCTAssertTrue(plan.warnings.contains { $0.hasPrefix("overlays[0]: font family") && $0.contains("No Such Family 2026") }, "\(plan.warnings)")
        project.overlays.append(Project.Overlay(content: .image(path: folder.file("missing.png"))))
        do {
            _ = try project.plan(for: .preview)
            XCTFail("a missing image was not noticed")
        } catch {
            guard case let .media(media) = error, case .missingInput = media else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("missing.png"), error.description)
        }
    }
}
