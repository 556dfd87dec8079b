import Foundation
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownTestSupport
import MixdownTime
import XCTest

/// Media whose header promises more than the file holds plays what is there, with a word.
final class CutShortMediaTests: XCTestCase {
    /// A WAV whose header says 1 s and whose file holds 0.3 s of it (a copy cut
    /// short): the item lasts what ffmpeg decodes, and the plan warns once,
    /// naming the file and both lengths. The whole file warns of nothing.
    func testWAVWhoseDataChunkIsCutShortPlaysWhatIsThereWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let whole = folder + "/whole.wav", cut = folder + "/cut.wav"
        _ = try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "sine=f=440:r=48000", "-t", "1",
                                    "-bitexact", "-c:a", "pcm_s16le", whole])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let dataStart = try XCTUnwrap(bytes.range(of: Data("data".utf8))).upperBound + 4
        try bytes.prefix(dataStart + 2 * 14_400).write(to: URL(fileURLWithPath: cut))
        let decoded = try Tool.ffmpegDecode(cut).count
        XCTAssertEqual(decoded, 14_400, "ffmpeg reads what is there")

        var project = Project()
        project.music = [.init(path: cut)]
        let plan = try project.plan()
        XCTAssertEqual(plan.duration, MediaTime(sampleIndex: Int64(decoded), sampleRate: 48_000))
        XCTAssertEqual(plan.warnings, ["\(cut): its header says its audio lasts 1s, but the file holds 0.3s of it (cut short); what is there plays"])
        let info = try MediaProbe.probe(path: cut, depth: .quick)
        XCTAssertEqual(info.audioStream?.statedSampleCount, 48_000)
        XCTAssertEqual(info.audioStream?.sampleCount, 14_400)

        project.music = [.init(path: whole)]
        XCTAssertEqual(try project.plan().warnings, [])
        XCTAssertNil(try MediaProbe.probe(path: whole, depth: .quick).audioStream?.statedSampleCount)
    }
}
