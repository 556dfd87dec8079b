import Foundation
import MixdownComposition
import MixdownProject
import MixdownProjectFile
import MixdownTime
import MixdownTestSupport
import XCTest

/// A gap among the clips, `{"gap": 2.5}`: read, written back, refused with
/// its JSON path when it holds what a gap cannot.
final class ProjectFileGapTests: XCTestCase {
    func testAGapReadsAsAGapClipWithItsTransition() throws {
        let loaded = try load(#"{"version": 1, "clips": [{"gap": "1:02.25"}, {"path": "a.mp4"}, {"gap": 0.1, "transition": {"type": "dissolve", "duration": 0.5}}]}"#)
        XCTAssertEqual(loaded.clips.count, 3)
        XCTAssertEqual(loaded.clips[0].gapDuration, try MediaTime(value: 6225, timescale: 100))
        XCTAssertEqual(loaded.clips[0].path, "")
        XCTAssertNil(loaded.clips[0].inPoint)
        XCTAssertNil(loaded.clips[1].gapDuration)
        XCTAssertEqual(loaded.clips[2].gapDuration, try MediaTime(value: 1, timescale: 10), "0.1 is exactly a tenth")
        XCTAssertEqual(loaded.transition(into: 2), try Transition(kind: .dissolve, duration: t("0.5")))
        // Gaps name no media: `validate` checks only the clip's file.
        XCTAssertEqual(loaded.mediaPaths.map(\.jsonPath), ["clips[1].path"])
    }

    func testGapsRoundTripThroughTheWriter() throws {
        var project = Project()
        project.clips = [Project.Clip(gap: try MediaTime(value: 5, timescale: 2)), Project.Clip(path: "/proj/a.mp4"),
                         Project.Clip(gap: try MediaTime(value: 1, timescale: 3)), Project.Clip(path: "/proj/b.mp4")]
        project.clips[2].transition = .transition(try Transition(kind: .wipeLeft, duration: t("0.25")))
        project.clips[3].transition = .cut
        let data = project.jsonData(relativeTo: "/proj")
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""gap" : 2.5"#) || text.contains(#""gap": 2.5"#), text)
        XCTAssertFalse(text.contains(#""path" : """#) || text.contains(#""path": """#), "a gap writes no path:\n\(text)")
        let read = try Project(json: data, baseDirectory: "/proj")
        // 1/3 s has no decimal form: written to the nanosecond, as every time is.
        XCTAssertEqual(read.clips[2].gapDuration, try MediaTime(value: 333_333_333, timescale: 1_000_000_000))
        project.clips[2].gapDuration = read.clips[2].gapDuration
        XCTAssertEqual(read, project)
    }

    func testAGapWithAPathOrTrimOrAudioIsRefusedWhereItStands() {
        assertIssue(#"{"version": 1, "clips": [{"path": "a.mp4"}, {"gap": 2.5, "path": "b.mp4"}]}"#,
                    path: "clips[1].path", #"found "path" beside "gap", expected a gap holding only "gap" and "transition""#)
        guard let error = loadError(#"{"version": 1, "clips": [{"path": "a.mp4"}, {"gap": 1, "in": 0, "out": 2, "volume": 0.5}]}"#) else { return }
        XCTAssertEqual(error.issues.map(\.path), ["clips[1].in", "clips[1].out", "clips[1].volume"])
        // A typo is still a typo, not a gap's problem.
        assertIssue(#"{"version": 1, "clips": [{"gap": 1, "transiton": null}, {"path": "a.mp4"}]}"#,
                    path: "clips[0].transiton", "did you mean transition?")
    }

    func testAGapOfZeroOrLessIsRefused() {
        guard let error = loadError(#"{"version": 1, "clips": [{"gap": 0}, {"path": "a.mp4"}, {"gap": -2}, {"gap": "-1"}, {"gap": null}]}"#) else {
            return
        }
        XCTAssertEqual(error.issues.map(\.path), ["clips[0].gap", "clips[2].gap", "clips[3].gap", "clips[4].gap"])
        XCTAssertTrue(error.description.contains("clips[0].gap: found 0, expected a duration greater than zero"), "\(error)")
        XCTAssertTrue(error.description.contains("clips[2].gap: found -2, expected a time that is not negative"), "\(error)")
    }

    func testNoTransitionLeadsIntoAFirstGap() {
        assertIssue(#"{"version": 1, "clips": [{"gap": 1, "transition": {"type": "dissolve"}}, {"path": "a.mp4"}]}"#,
                    path: "clips[0].transition", "none on the first clip")
    }

    func testTheDocumentedGapExampleLoads() throws {
        let example = try XCTUnwrap(documentedExamples().first { $0.contains(#""gap""#) })
        let project = try load(example, base: "/work/film")
        XCTAssertEqual(project.clips.map(\.gapDuration), [t("10"), nil, t("1.5"), nil])
        XCTAssertEqual(project.transition(into: 2)?.kind, .dissolve)
    }
}
