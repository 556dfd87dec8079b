import Foundation
import MixdownTestSupport
import XCTest

/// Ducking by signal under speech at 6 dB SNR, end to end: espeak-ng answers over
/// pink room noise (`SpokenAnswers`, 48 kHz) as a take, a music bed that is one
/// 13 kHz tone, mixed by the CLI; a lock-in on the tone reads the music's gain.
/// The duck must stay down until each answer's last sample above −50 dBFS (found
/// in the clean speech), and come back up in the 2 s pauses between answers.
final class CLIDuckOverRoomNoiseTests: XCTestCase {
    let rate = 48_000
    let tone = 13_000.0
    let amplitude = 0.25
    let depth = -12.0

    /// The tone's gain in dB over `window` of `left`: 2·|Σ x·e^(−iωn)| / N against its amplitude.
    private func gain(_ left: [Float], _ window: Range<Int>) -> Double {
        Measure.dB(Measure.tone(left, frequency: tone, rate: Double(rate), range: window).amplitude / amplitude)
    }

    func testTheDuckStaysDownToTheEndOfEachAnswerAt6dBSNR() throws {
        let folder = try TemporaryFolder()
        let answers = try SpokenAnswers(rate: rate, folder: folder)
        let take = folder.file("answers.wav"), bed = folder.file("tone.wav"), out = folder.file("mix.wav")
        try answers.write(answers.mixture(snr: 6), to: take)
        let seconds = String(format: "%.6f", Double(answers.speech.count) / Double(rate))
        let wave = "\(amplitude)*sin(2*PI*\(Int(tone))*t)"
        _ = try Tool.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "aevalsrc=\(wave)|\(wave):s=48000:d=\(seconds)", "-c:a", "pcm_f32le", bed])
        let arguments = ["--voiceover", take + "@0", "--music", bed, "--duck-mode", "signal"]

        // The speech planning found: each region reaches its answer's last audible sample.
        let json = try CLIRunner.run(["automation", "--json"] + arguments)
        XCTAssertEqual(json.status, 0, json.stderr)
        let tracks = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let voice = try XCTUnwrap(tracks.first { ($0["speech"] as? [Any])?.isEmpty == false })
        let found = try XCTUnwrap((voice["speech"] as? [[String: Any]])?.first?["regions"] as? [[Double]])
        XCTAssertEqual(found.count, answers.audible.count, "one region per answer: \(found)")
        let margins = zip(found, answers.audible).map { region, audible in
            Int(((region[1] - Double(audible.upperBound + 1) / Double(rate)) * 1000).rounded(.down))
        }
        print("6 dB SNR, planned: each region ends \(margins) ms after its answer's last sample above −50 dBFS")
        XCTAssertTrue(margins.allSatisfy { $0 >= 0 }, "\(margins)")

        let result = try CLIRunner.run(["mix"] + arguments + ["--format", "f32", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let left = try Tool.decodeStereo(out).left
        XCTAssertEqual(left.count, answers.speech.count)
        // Down, within 0.5 dB of the depth, over the last 20 ms (260 cycles) up to each answer's last audible sample.
        for audible in answers.audible {
            let last = audible.upperBound + 1 - 960..<audible.upperBound + 1
            XCTAssertEqual(gain(left, last), depth, accuracy: 0.5, "the 20 ms before the end of \(audible)")
        }
        // Up, within 0.5 dB of unity, in the middle of each 2 s pause: the regions still end.
        for (a, b) in zip(answers.audible, answers.audible.dropFirst()) {
            let middle = (a.upperBound + b.lowerBound) / 2
            XCTAssertEqual(gain(left, middle - 480..<middle + 480), 0, accuracy: 0.5, "the pause after \(a)")
        }
    }
}
