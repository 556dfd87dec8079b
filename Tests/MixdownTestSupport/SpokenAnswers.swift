import Foundation

/// Four answers spoken by espeak-ng (the interview fixture's voice), over pink
/// room noise from sox at a chosen SNR, kept apart so a test can hold what a
/// detector hears in the mixture against where the clean speech really ends.
///
/// The speech: 1.5 s of silence, then each answer (trimmed at −60 dB by sox)
/// followed by 2 s of silence; peak −6 dBFS. The SNR is the speech's RMS over
/// its words (10 ms frames within 40 dB of its loudest) against the noise's
/// RMS, as `SpeechCorpus` has it. Made at `rate` by the tools themselves, so the
/// same on every machine.
public struct SpokenAnswers {
    /// Answers ending in vowels, a diphthong and a nasal: endings that fade out.
    public static let sentences = [
        "Thanks for having me.",
        "Honestly, I would do it all again.",
        "What changed was the people we hired, and that is still true today.",
        "It was never about the money.",
    ]
    /// The level under which a sample of the clean speech no longer counts as heard, dBFS.
    public static let audibleLevel = -50.0

    /// Samples per second of everything here.
    public let rate: Int
    /// The clean speech, mono.
    public let speech: [Float]
    /// Pink noise as long as the speech, at the speech's RMS over its words (0 dB SNR).
    public let noise: [Float]
    /// Each answer's first and last sample above ``audibleLevel`` in ``speech``.
    public let audible: [ClosedRange<Int>]

    /// Speaks the answers and makes the noise at `rate`, with temporary files in `folder`.
    public init(rate: Int, folder: TemporaryFolder) throws {
        self.rate = rate
        var speech = [Float](repeating: 0, count: rate * 3 / 2)
        var answers: [Range<Int>] = []
        for (index, sentence) in Self.sentences.enumerated() {
            let raw = folder.file("answer-\(index).wav")
            _ = try Tool.run("espeak-ng", ["-v", "en-us+m3", "-s", "160", "-w", raw, sentence])
            let answer = Tool.floats(try Tool.run("sox", [
                "-R", "-D", raw, "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-",
                "silence", "1", "0", "-60d", "reverse", "silence", "1", "0", "-60d", "reverse", "rate", "-v", String(rate),
            ]))
            answers.append(speech.count..<speech.count + answer.count)
            speech += answer + [Float](repeating: 0, count: 2 * rate)
        }
        let gain = Float(pow(10, -6.0 / 20)) / speech.map(abs).max()!
        speech = speech.map { $0 * gain }
        let seconds = String(format: "%.3f", Double(speech.count) / Double(rate) + 0.1)
        let pink = Array(Tool.floats(try Tool.run("sox", [
            "-R", "-n", "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-r", String(rate), "-",
            "synth", seconds, "pinknoise",
        ])).prefix(speech.count))
        let scale = Self.wordRMS(speech, rate: rate) / Measure.rms(pink)
        self.speech = speech
        noise = pink.map { Float(Double($0) * scale) }
        let floor = Float(pow(10, Self.audibleLevel / 20))
        audible = answers.map { answer in
            let first = answer.first { abs(speech[$0]) > floor }!
            let last = answer.last { abs(speech[$0]) > floor }!
            return first...last
        }
    }

    /// The speech with the noise `snr` dB under it (nil: the clean speech).
    public func mixture(snr: Double?) -> [Float] {
        guard let snr else { return speech }
        let gain = Float(pow(10, -snr / 20))
        return zip(speech, noise).map { $0 + $1 * gain }
    }

    /// Writes mono `samples` at ``rate`` to a 32-bit float WAV file at `path` (by sox).
    public func write(_ samples: [Float], to path: String) throws {
        let raw = path + ".f32"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))
        _ = try Tool.run("sox", ["-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-r", String(rate), raw,
                                 "-e", "floating-point", "-b", "32", path])
    }

    /// RMS over the 10 ms frames within 40 dB of the loudest.
    private static func wordRMS(_ x: [Float], rate: Int) -> Double {
        let frame = rate / 100
        let powers = stride(from: 0, to: x.count - frame + 1, by: frame).map { start in
            pow(Measure.rms(x[start..<start + frame]), 2)
        }
        let loudest = powers.max()!
        let words = powers.filter { $0 >= loudest * 1e-4 }
        return (words.reduce(0, +) / Double(words.count)).squareRoot()
    }
}
