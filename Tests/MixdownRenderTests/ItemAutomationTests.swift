import Foundation
import MixdownAudioMix
import MixdownPlanning
import MixdownProject
import MixdownTime
import MixdownUnits
import MixdownTestSupport
import XCTest

/// Volume ramps on clips and voice-over takes, and pan on any item, as rendered:
/// each sample of the render with automation (or pan) against the same sample
/// without it times the formula, computed here from docs/audio-mix.md's table.
final class ItemAutomationTests: XCTestCase {
    let rate = 48_000.0

    /// A clip (`clip`) or two takes at 3 and 5.2 s, rendered as is and with `change` applied.
    private func renders(clip: Bool, _ change: (inout Project) -> Void) throws -> (plain: Rendered, changed: Rendered) {
        var project = Project()
        if clip {
            project.clips = [.init(path: Fixture.path("clip-a.mp4"))]
        } else {
            project.voiceovers = [.init(path: Fixture.path("sine-1k-22050.wav"), start: t("3")),
                                  .init(path: Fixture.path("sine-1k-22050.wav"), start: t("5.2"))]
        }
        var changed = project
        change(&changed)
        return (try render(project), try render(changed))
    }

    /// Checks `changed = plain × gain(t)` on both channels at every 97th sample of `seconds`
    /// where the plain render is not near zero.
    private func assertScaled(_ renders: (plain: Rendered, changed: Rendered), over seconds: ClosedRange<Double>,
                              channel: (left: Double, right: Double) = (1, 1), gain: (Double) -> Double,
                              file: StaticString = #filePath, line: UInt = #line) {
        var checked = 0
        for n in stride(from: Int(seconds.lowerBound * rate), to: Int(seconds.upperBound * rate), by: 97) {
            let g = gain(Double(n) / rate)
            for (plain, changed, factor) in [(renders.plain.left, renders.changed.left, channel.left),
                                             (renders.plain.right, renders.changed.right, channel.right)] {
                guard abs(plain[n]) > 0.01 else { continue }
                XCTAssertEqual(Double(changed[n]), Double(plain[n]) * g * factor, accuracy: 2e-6,
                               "sample \(n) (t = \(Double(n) / rate) s)", file: file, line: line)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100, file: file, line: line)
    }

    func testRampsOnAClipRenderToTheirFormula() throws {
        let r = try renders(clip: true) { project in
            project.clips[0].automation = [
                VolumeRamp(startVolume: 1, endVolume: 0.25, timeRange: try! MediaTimeRange(start: t("0.5"), end: t("1.5"))),
                VolumeRamp(startVolume: 0.25, endVolume: 2, timeRange: try! MediaTimeRange(start: t("2"), end: t("2.5")), curve: .sCurve),
            ]
        }
        assertScaled(r, over: 0.1...0.49) { _ in 1 }
        assertScaled(r, over: 0.5...1.5) { t in 1 + (0.25 - 1) * (t - 0.5) }
        assertScaled(r, over: 1.5...1.99) { _ in 0.25 }
        assertScaled(r, over: 2.0...2.5) { t in 0.25 + (2 - 0.25) * (1 - cos(Double.pi * (t - 2) / 0.5)) / 2 }
        assertScaled(r, over: 2.51...2.99) { _ in 2 }
    }

    func testRampsOnATakeRenderToTheirFormulaAndEndWithTheTake() throws {
        // The first take plays 3–5 s (a 2 s file): a dB ramp from −6 dB to −20 dB over 3.5–4.5 s.
        let r = try renders(clip: false) { project in
            project.voiceovers[0].automation = [
                VolumeRamp(startVolume: 0.5, endVolume: 0.1, timeRange: try! MediaTimeRange(start: t("3.5"), end: t("4.5")), curve: .decibel),
            ]
        }
        let (da, db) = (20 * log10(0.5), 20 * log10(0.1))
        assertScaled(r, over: 3.01...3.49) { _ in 1 }
        assertScaled(r, over: 3.5...4.5) { t in pow(10, (da + (db - da) * (t - 3.5)) / 20) }
        assertScaled(r, over: 4.51...4.99) { _ in 0.1 }
        // The next take on the track starts at 1 again: automation belongs to its item.
        assertScaled(r, over: 5.21...5.99) { _ in 1 }
    }

    func testPanLawAtBothEndsAndTheCentre() throws {
        var take = Project()
        take.voiceovers = [.init(path: Fixture.path("sine-1k-22050.wav"), start: t("0.5"))]
        var clip = Project()
        clip.clips = [.init(path: Fixture.path("clip-c.mp4"))]
        let root2 = 2.0.squareRoot()
        for base in [take, clip] {
            let centred = try render(base)
            for (pan, left, right) in [(-1.0, root2, 0.0), (0, 1, 1), (1, 0, root2),
                                       (0.5, root2 * cos(3 * Double.pi / 8), root2 * sin(3 * Double.pi / 8))] {
                var panned = base
                panned.voiceovers.indices.forEach { panned.voiceovers[$0].pan = try! Pan(position: pan) }
                panned.clips.indices.forEach { panned.clips[$0].pan = try! Pan(position: pan) }
                assertScaled((centred, try render(panned)), over: 0.51...2.49, channel: (left, right)) { _ in 1 }
                XCTAssertEqual(left * left + right * right, 2, accuracy: 1e-12, "constant power at \(pan)")
            }
        }
    }
}
