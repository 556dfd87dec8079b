import MixdownAudioMix
import MixdownComposition
import MixdownMediaIO
import MixdownPlan
import MixdownPlanning
import MixdownProject
import MixdownProjectFile
import MixdownRender
import MixdownTime
import MixdownTestSupport
import XCTest

/// `MixPlan.keepingAudio(of:)` (the stems `mixdown loudness` measures) and
/// `MixPlan.voiceRanges()` (where it measures the dialogue), on the demo project.
final class StemTests: XCTestCase {
    private func demo() throws -> Project {
        try Project.load(contentsOf: Fixture.packageRoot.appendingPathComponent("fixtures/demo/project.json").path)
    }

    private func render(_ plan: MixPlan) throws -> [Float] {
        var samples: [Float] = []
        _ = try AudioRenderer(plan: plan).render(threads: 1) { block throws(MediaIOError) in
            samples += block.left
            samples += block.right
        }
        return samples
    }

    func testStemsKeepTheirTracksAndSumToTheMix() throws {
        let plan = try demo().plan()
        let roles: [MixPart] = [.clips, .voiceovers, .music]
        let stems = roles.map { role in plan.keepingAudio(of: [role]) }
        for (role, stem) in zip(roles, stems) {
            // The part's tracks, whole: ids, segments, items, envelopes; no other track.
            XCTAssertEqual(stem.audioTracks, plan.audioTracks.filter { $0.part == role }, "\(role)")
            XCTAssertFalse(stem.audioTracks.isEmpty, "\(role)")
            guard case let .stitched(video) = stem.video, case let .stitched(original) = plan.video else {
                return XCTFail("the demo's clips are stitched")
            }
            XCTAssertEqual(video.segments.map(\.timelineRange), original.segments.map(\.timelineRange))
            XCTAssertEqual(stem.duration, plan.duration)
        }
        let mix = try render(plan)
        let parts = try stems.map(render)
        XCTAssertTrue(parts.allSatisfy { $0.count == mix.count })
        var largest: Float = 0
        for i in mix.indices { largest = max(largest, abs(parts[0][i] + parts[1][i] + parts[2][i] - mix[i])) }
        XCTAssertLessThan(largest, 1e-6, "the stems' sum differs from the mix")
        for (role, part) in zip(roles, parts) {
            XCTAssertGreaterThan(part.map { abs($0) }.max() ?? 0, 0.01, "\(role) stem is silent")
        }
    }

    /// The music stem is the mix with the other parts at volume 0, sample for
    /// sample: its duck follows the takes, which it keeps.
    func testMusicStemIsTheMixWithTheOthersSilenced() throws {
        var project = try demo()
        let stem = try render(project.plan().keepingAudio(of: [.music]))
        project.clipVolume = 0
        project.voiceoverVolume = 0
        let silenced = try render(project.plan())
        XCTAssertEqual(stem, silenced)
    }

    func testVoiceRangesAreTheTakesOrTheSpeechFoundInThem() throws {
        var project = try demo()
        let plan = try project.plan()
        let takes = plan.audioTracks(of: .voiceovers).flatMap(\.segments).map(\.timelineRange)
        XCTAssertEqual(takes.count, 2)
        XCTAssertEqual(try plan.voiceRanges(), takes)

        project.ducking.mode = .signal
        let listened = try project.plan()
        let speech = listened.audioTracks.flatMap(\.items).compactMap(\.speech).joined().sorted { $0.start < $1.start }
        let ranges = try listened.voiceRanges()
        XCTAssertGreaterThan(ranges.count, 2, "vo-pauses.wav speaks in several phrases")
        XCTAssertEqual(ranges.first?.start, speech.first?.start)
        XCTAssertEqual(ranges.last?.end, speech.last?.end)
        for (range, next) in zip(ranges, ranges.dropFirst()) { XCTAssertLessThan(range.end, next.start, "merged and sorted") }
        for region in speech { XCTAssertTrue(ranges.contains { $0.start <= region.start && region.end <= $0.end }) }
        let covered = ranges.map(\.duration.seconds).reduce(0, +)
        XCTAssertLessThan(covered, takes.map(\.duration.seconds).reduce(0, +), "the pauses are left out")
    }
}
