import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// Media that ends before its planned end (cut short after planning, or while
/// it is read) is an error naming the file and the time it ended, never silence
/// (issue 12, item 15).
final class ShrinkingMediaTests: XCTestCase {
    /// A copy of fixture `name` in `folder`, planned as a voice-over at 1 s.
    private func plannedTake(_ name: String, in folder: TemporaryFolder) throws -> (path: String, plan: MixPlan) {
        let path = folder.file(name)
        try FileManager.default.copyItem(atPath: Fixture.path(name), toPath: path)
        var project = Project()
        project.voiceovers = [.init(path: path, start: .milliseconds(1_000))]
        project.output.duration = .milliseconds(12_000)
        return (path, try project.plan())
    }

    private func truncate(_ path: String, toFraction fraction: Double) throws {
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(Double(size) * fraction))
        try handle.close()
    }

    private func assertEndsEarly(_ plan: MixPlan, _ path: String, before planned: Double, during: (() throws -> Void)? = nil,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let renderer = try AudioRenderer(plan: plan, blockSize: 4096)
        var blocks = 0
        XCTAssertThrowsError(try renderer.render(threads: 1) { _ throws(MediaIOError) in
            blocks += 1
            if blocks == 16 { try? during?() }
        }, file: file, line: line) { error in
            guard case let .decodeFailed(errorPath, reason) = error as? MediaIOError else {
                return XCTFail("\(error)", file: file, line: line)
            }
            XCTAssertEqual(errorPath, path, file: file, line: line)
            let pattern = #"^its audio ends at (\d+\.\d{3}) s, before the (\d+\.\d{3}) s planned: the file has changed or is damaged$"#
            let match = try? XCTUnwrap(reason.firstMatch(of: try Regex(pattern)), reason, file: file, line: line)
            let ended = Double(match?.output[1].substring ?? "") ?? -1
            let expected = Double(match?.output[2].substring ?? "") ?? -1
            XCTAssertEqual(expected, planned, accuracy: 0.0005, reason, file: file, line: line)
            XCTAssertGreaterThan(ended, 0, reason, file: file, line: line)
            XCTAssertLessThan(ended, planned, reason, file: file, line: line)
        }
    }

    /// Planned at its full length, then cut to 40 % before the render.
    func testWAVCutShortAfterPlanning() throws {
        let folder = try TemporaryFolder()
        let (path, plan) = try plannedTake("vo-pauses.wav", in: folder)
        try truncate(path, toFraction: 0.4)
        try assertEndsEarly(plan, path, before: 152_511.0 / 22_050)
    }

    /// The MP3 the report cut between `validate` and `mix`: a 20 s take, cut to 6 s.
    func testMP3CutShortAfterPlanning() throws {
        let folder = try TemporaryFolder()
        let (path, plan) = try plannedTake("music.mp3", in: folder)
        try truncate(path, toFraction: 0.3)
        try assertEndsEarly(plan, path, before: 20)
    }

    /// Cut while the render reads it (after 16 blocks of 4096 samples, 1.4 s).
    func testWAVCutWhileRead() throws {
        let folder = try TemporaryFolder()
        let (path, plan) = try plannedTake("vo-pauses.wav", in: folder)
        try assertEndsEarly(plan, path, before: 152_511.0 / 22_050) {
            try self.truncate(path, toFraction: 0.5)
        }
    }
}
