import Foundation
import MixdownDSP
import MixdownMediaIO
import MixdownUnits
import MixdownTestSupport
import XCTest

/// Dialogue cleanup (high-pass, hum notches, afftdn learned from the pauses) on
/// espeak-ng speech over sox noise, measured against the clean speech with
/// independent oracles: pystoi's STOI, the pesq module's wide-band PESQ, numpy's
/// cross-correlation for the alignment, a lock-in for the hum.
final class DialogueCleanupTests: XCTestCase {
    private static let rate = 48000
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDownWithError() throws { folder = nil }

    /// Two phrases with pauses of at least 1 s around them (mono, 48 kHz, speech at −20 dBFS RMS).
    private struct Scene {
        var speech: [Float]
        var phrases: [Range<Int>]
        var pauses: [Range<Int>]
        var count: Int { speech.count }
    }

    private func scene() throws -> Scene {
        var speech: [Float] = []
        var phrases: [Range<Int>] = []
        var pauses: [Range<Int>] = []
        func silence(_ seconds: Double) {
            let start = speech.count
            speech += [Float](repeating: 0, count: Int(seconds * Double(Self.rate)))
            pauses.append(start..<speech.count)
        }
        silence(1.2)
        for (index, text) in ["Dialogue that sounds finished.", "Noise is learned from the pauses."].enumerated() {
            let wav = folder.file("phrase\(index).wav")
            _ = try Tool.run("espeak-ng", ["-w", wav, text])
            let samples = Tool.floats(try Tool.run("sox", ["-V1", wav, "-t", "f32", "-e", "floating-point", "-r", "48000", "-"]))
            phrases.append(speech.count..<speech.count + samples.count)
            speech += samples
            silence(index == 0 ? 1.2 : 1.0)
        }
        let active = phrases.flatMap { speech[$0] }
        let gain = Float(pow(10, -20.0 / 20) / Measure.rms(active))
        return Scene(speech: speech.map { $0 * gain }, phrases: phrases, pauses: pauses)
    }

    /// Stereo noise from sox (`synth` with `effects`), repeatable, `count` frames.
    private func noise(_ kind: String, count: Int, effects: [String] = []) throws -> (left: [Float], right: [Float]) {
        let seconds = String(Double(count) / Double(Self.rate) + 0.1)
        let samples = Tool.floats(try Tool.run("sox", ["-V1", "-R", "-n", "-r", "48000", "-c", "2", "-t", "f32", "-e", "floating-point", "-",
                                                       "synth", seconds, kind] + effects))
        let channels = deinterleave(samples, channels: 2)
        return (Array(channels[0].prefix(count)), Array(channels[1].prefix(count)))
    }

    private func scaled(_ x: [Float], toDBFS level: Double) -> [Float] {
        let gain = Float(pow(10, level / 20) / Measure.rms(x))
        return x.map { $0 * gain }
    }

    private func writeWAV(_ left: [Float], _ right: [Float], _ name: String) throws -> String {
        let path = folder.file(name)
        let writer = try WAVWriter(path: path, sampleRate: .standard, format: .f32)
        let buffer = AudioBuffer(copying: [left, right])
        try writer.write(buffer.slice(0..<left.count))
        try writer.finish()
        return path
    }

    private func clean(_ input: String, frames: Int, pauses: [Range<Int>], highpass: HighpassFrequency? = .standard,
                       dehum: Dehum = .auto, denoise: NoiseReduction? = .standard) throws -> (report: CleanupReport, left: [Float], right: [Float]) {
        let output = input.replacingOccurrences(of: ".wav", with: "-clean.wav")
        let report = try DialogueCleaning.clean(path: input, frames: 0..<Int64(frames), sampleRate: .standard, highpass: highpass,
                                                dehum: dehum, denoise: denoise,
                                                pauses: pauses.map { Int64($0.lowerBound)..<Int64($0.upperBound) },
                                                to: output, isCancelled: { false })
        let (left, right) = try Tool.decodeStereo(output)
        XCTAssertEqual(left.count, frames)
        return (report, left, right)
    }

    /// STOI and wide-band PESQ (at 16 kHz) of `noisy` and `processed` against `clean`,
    /// and the lag (frames) at which `processed` best matches `clean` through scipy's
    /// 2-pole Butterworth high-pass at 80 Hz (the chain's rumble filter, whose phase lead
    /// would otherwise move the peak by a frame): Python oracles.
    private func oracles(clean: [Float], noisy: [Float], processed: [Float])
        throws -> (stoiNoisy: Double, stoiProcessed: Double, pesqNoisy: Double, pesqProcessed: Double, lag: Int) {
        var paths: [String] = []
        for (name, samples) in [("clean", clean), ("noisy", noisy), ("processed", processed)] {
            let path = folder.file(name + ".f32")
            try samples.withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: path)) }
            paths.append(path)
        }
        let script = """
            import sys, numpy as np
            from pystoi import stoi
            from pesq import pesq
            from scipy.signal import resample_poly
            from scipy.signal import butter, lfilter
            c, n, o = (np.fromfile(p, '<f4').astype(np.float64) for p in sys.argv[1:4])
            b, a = butter(2, 80 / 24000, 'high')
            def lag(a, b):
                size = 1 << (2 * len(a)).bit_length()
                r = np.fft.irfft(np.conj(np.fft.rfft(a, size)) * np.fft.rfft(b, size), size)
                window = np.concatenate([r[-3000:], r[:3001]])
                return int(np.argmax(window)) - 3000
            d = lambda x: resample_poly(x, 1, 3)
            print(stoi(c, n, 48000), stoi(c, o, 48000), pesq(16000, d(c), d(n), 'wb'), pesq(16000, d(c), d(o), 'wb'), lag(lfilter(b, a, c), o))
            """
        let text = String(decoding: try Tool.run("python3", ["-c", script] + paths), as: UTF8.self)
        let fields = text.split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(fields.count, 5, text)
        return (Double(fields[0])!, Double(fields[1])!, Double(fields[2])!, Double(fields[3])!, Int(fields[4])!)
    }

    /// `range` shrunk by `margin` frames at each end.
    private func inner(_ range: Range<Int>, margin: Int = 7200) -> Range<Int> {
        range.lowerBound + margin..<range.upperBound - margin
    }

    /// Denoising at the default 12 dB over `noise` at 10 dB SNR: pauses down ≥ 10 dB,
    /// STOI no worse, PESQ better, output aligned with the input (lag 0).
    private func checkDenoising(noise: (left: [Float], right: [Float]), name: String) throws {
        let scene = try scene()
        let left = scaled(noise.left, toDBFS: -30), right = scaled(noise.right, toDBFS: -30)
        let noisyLeft = zip(scene.speech, left).map { $0 + $1 }
        let noisyRight = zip(scene.speech, right).map { $0 + $1 }
        let input = try writeWAV(noisyLeft, noisyRight, name + ".wav")
        let result = try clean(input, frames: scene.count, pauses: scene.pauses)
        XCTAssertTrue(result.report.denoised)
        XCTAssertNil(result.report.warning)
        XCTAssertEqual(result.report.noiseLevel ?? 0, -30, accuracy: 1.5)

        let gap = inner(scene.pauses[1])
        let reduction = Measure.dB(Measure.rms(noisyLeft[gap]) / Measure.rms(result.left[gap]))
        let tail = inner(scene.pauses[2])
        let tailReduction = Measure.dB(Measure.rms(noisyLeft[tail]) / Measure.rms(result.left[tail]))
        let figures = try oracles(clean: scene.speech, noisy: noisyLeft, processed: result.left)
        print("""
            \(name): noise in pauses down \(String(format: "%.1f", reduction)) dB (tail \(String(format: "%.1f", tailReduction)) dB); \
            STOI \(String(format: "%.3f", figures.stoiNoisy)) → \(String(format: "%.3f", figures.stoiProcessed)); \
            PESQ wb \(String(format: "%.2f", figures.pesqNoisy)) → \(String(format: "%.2f", figures.pesqProcessed)); \
            lag \(figures.lag); hum \(result.report.humFrequency.map(String.init) ?? "none")
            """)
        XCTAssertGreaterThanOrEqual(reduction, 10)
        XCTAssertGreaterThanOrEqual(tailReduction, 10)
        XCTAssertGreaterThanOrEqual(figures.stoiProcessed, figures.stoiNoisy)
        XCTAssertGreaterThan(figures.pesqProcessed, figures.pesqNoisy)
        XCTAssertEqual(figures.lag, 0)
    }

    func testPinkNoiseAtTenDecibelsSNR() throws {
        let count = try scene().count
        try checkDenoising(noise: try noise("pinknoise", count: count), name: "pink")
    }

    /// Air-conditioning-like: brown noise low-passed at 1 kHz, with a fan tone at 145 Hz 10 dB under it.
    func testAirConditioningNoiseAtTenDecibelsSNR() throws {
        let count = try scene().count
        var noise = try noise("brownnoise", count: count, effects: ["lowpass", "1000"])
        let tone = Measure.rms(noise.left) * pow(10, -10.0 / 20) * 2.0.squareRoot()
        for i in 0..<count {
            let value = Float(tone * sin(2 * Double.pi * 145 * Double(i) / Double(Self.rate)))
            noise.left[i] += value
            noise.right[i] += value
        }
        try checkDenoising(noise: noise, name: "air conditioning")
    }

    /// Hum at 50 Hz and its harmonics to the 6th, found and notched: each down ≥ 30 dB, speech energy within 1 dB.
    func testHumAndHarmonicsRemoved() throws {
        let scene = try scene()
        var noisy = scene.speech
        for i in 0..<scene.count {
            for harmonic in 1...6 {
                noisy[i] += Float(0.01 * sin(2 * Double.pi * 50 * Double(harmonic) * Double(i) / Double(Self.rate)))
            }
        }
        let input = try writeWAV(noisy, noisy, "hum.wav")
        let result = try clean(input, frames: scene.count, pauses: scene.pauses, highpass: nil, denoise: nil)
        XCTAssertEqual(result.report.humFrequency, 50)
        XCTAssertTrue(result.report.humDetected)
        XCTAssertFalse(result.report.denoised)

        let gap = inner(scene.pauses[1], margin: 4800)
        var reductions: [Double] = []
        for harmonic in 1...6 {
            let frequency = 50.0 * Double(harmonic)
            let before = Measure.tone(noisy, frequency: frequency, rate: Double(Self.rate), range: gap).amplitude
            let after = Measure.tone(result.left, frequency: frequency, rate: Double(Self.rate), range: gap).amplitude
            reductions.append(Measure.dB(before / after))
        }
        let spoken = scene.phrases.flatMap { $0 }
        let speechChange = Measure.dB(Measure.rms(spoken.map { result.left[$0] }) / Measure.rms(spoken.map { scene.speech[$0] }))
        print("hum: harmonics 50…300 Hz down \(reductions.map { String(format: "%.1f", $0) }.joined(separator: ", ")) dB; "
              + "speech energy \(String(format: "%+.2f", speechChange)) dB")
        for reduction in reductions { XCTAssertGreaterThanOrEqual(reduction, 30) }
        XCTAssertEqual(speechChange, 0, accuracy: 1)
    }

    /// `Dehum.auto` on pink noise at −40 dBFS: hum at 50 Hz, at 60 Hz (harmonics at −46 dBFS each), or none.
    func testHumDetection() throws {
        let count = 3 * Self.rate
        let pink = try noise("pinknoise", count: count)
        let left = scaled(pink.left, toDBFS: -40), right = scaled(pink.right, toDBFS: -40)
        for mains in [50, 60, nil] as [Int?] {
            var l = left, r = right
            if let mains {
                for i in 0..<count {
                    for harmonic in 1...6 {
                        let value = Float(0.007 * sin(2 * Double.pi * Double(mains * harmonic) * Double(i) / Double(Self.rate)))
                        l[i] += value
                        r[i] += value
                    }
                }
            }
            let input = try writeWAV(l, r, "detect\(mains ?? 0).wav")
            let report = try clean(input, frames: count, pauses: [0..<count], highpass: nil, denoise: nil).report
            XCTAssertEqual(report.humFrequency, mains)
            XCTAssertEqual(report.humDetected, mains != nil)
        }
    }

    /// Too little pause audio: no noise reduction, a warning, the audio still written.
    func testTooLittlePauseSkipsNoiseReduction() throws {
        let count = Self.rate
        let pink = try noise("pinknoise", count: count)
        let input = try writeWAV(pink.left, pink.right, "short.wav")
        let result = try clean(input, frames: count, pauses: [1000..<5800])
        XCTAssertFalse(result.report.denoised)
        XCTAssertNotNil(result.report.warning)
    }

    /// The cleaner's output is bit-identical whatever the chunks pushed and pulled,
    /// and its measured latency is afftdn's 1200 frames at 48 kHz.
    func testChunkingIsBitIdentical() throws {
        let count = 3 * Self.rate
        let pink = try noise("pinknoise", count: count)
        var left = scaled(pink.left, toDBFS: -30), right = scaled(pink.right, toDBFS: -30)
        for i in Self.rate..<2 * Self.rate {
            left[i] += Float(0.1 * sin(2 * Double.pi * 440 * Double(i) / Double(Self.rate)))
            right[i] += Float(0.1 * sin(2 * Double.pi * 50 * Double(i) / Double(Self.rate)))
        }
        let audio = AudioBuffer(copying: [left, right])
        let chain = CleanupChain(highpass: .standard, humFrequency: 50, denoise: .standard, denoiseShift: -40)

        func run(chunks: [Int]) throws -> [Float] {
            let cleaner = try DialogueCleaner(chain: chain, sampleRate: .standard)
            XCTAssertEqual(cleaner.latency, 1200)
            try cleaner.learnNoise(from: audio.slice(0..<Self.rate / 2))
            var output = AudioBuffer(capacity: count)
            var pushed = 0, pulled = 0, turn = 0
            while pushed < count {
                let size = min(chunks[turn % chunks.count], count - pushed)
                try cleaner.push(audio.slice(pushed..<pushed + size))
                pushed += size
                turn += 1
                if turn % 3 == 0 { pulled += cleaner.pull(into: output.mutableSlice(pulled..<count)) }
            }
            try cleaner.finish()
            pulled += cleaner.pull(into: output.mutableSlice(pulled..<count))
            XCTAssertEqual(pulled, count)
            let result = output.slice(0..<count)
            return Array(result.left) + Array(result.right)
        }
        let whole = try run(chunks: [count])
        let blocks = try run(chunks: [4096])
        let odd = try run(chunks: [1, 37, 1023, 5001, 333, 2048])
        XCTAssertTrue(whole == blocks, "4096-frame chunks differ from one push")
        XCTAssertTrue(whole == odd, "irregular chunks differ from one push")
        XCTAssertGreaterThan(Measure.rms(whole), 0)
    }

    /// A mono take is cleaned on one channel (`CleanupChain.mono`) and its output
    /// copied to both: bit for bit what cleaning both channels gives, at half the cost.
    func testAMonoTakeIsCleanedExactlyAsItsStereoCopy() throws {
        let scene = try scene()
        let pink = scaled(try noise("pinknoise", count: scene.count).left, toDBFS: -30)
        let noisy = (0..<scene.count).map { i in
            scene.speech[i] + pink[i] + Float(0.01 * sin(2 * Double.pi * 50 * Double(i) / Double(Self.rate)))
        }
        let stereo = try writeWAV(noisy, noisy, "both.wav")
        let mono = folder.file("mono.wav")
        _ = try Tool.run("ffmpeg", ["-v", "error", "-i", stereo, "-af", "pan=mono|c0=c0", "-c:a", "pcm_f32le", mono])
        let chain = { (path: String) in
            try DialogueCleaning.prepare(path: path, frames: 0..<Int64(scene.count), sampleRate: .standard, highpass: .standard,
                                         dehum: .mains(50), denoise: .standard,
                                         pauses: scene.pauses.map { Int64($0.lowerBound)..<Int64($0.upperBound) }).chain
        }
        XCTAssertTrue(try chain(mono).mono, "the mono take is filtered on one channel")
        XCTAssertFalse(try chain(stereo).mono)
        let fromStereo = try clean(stereo, frames: scene.count, pauses: scene.pauses, dehum: .mains(50))
        let fromMono = try clean(mono, frames: scene.count, pauses: scene.pauses, dehum: .mains(50))
        XCTAssertEqual(fromMono.report.humFrequency, 50)
        XCTAssertTrue(fromMono.report.denoised)
        XCTAssertEqual(fromMono.report, fromStereo.report)
        XCTAssertTrue(fromMono.left == fromStereo.left, "the mono take's cleaned samples are the stereo copy's")
        XCTAssertTrue(fromMono.right == fromMono.left && fromStereo.right == fromStereo.left)
        XCTAssertLessThan(Measure.rms(fromMono.left[inner(scene.pauses[1])]), 0.5 * Measure.rms(noisy[inner(scene.pauses[1])]))
    }

    /// Output frame 0 is source frame `frames.lowerBound`, frames past the source's end
    /// are silence, and a cancelled clean leaves no output.
    func testFramesOffsetTailAndCancellation() throws {
        let count = Self.rate
        let pink = try noise("pinknoise", count: count)
        let input = try writeWAV(pink.left, pink.right, "offset.wav")
        let output = folder.file("offset-clean.wav")
        let report = try DialogueCleaning.clean(path: input, frames: 12_345..<Int64(count + 1000), sampleRate: .standard,
                                                highpass: nil, dehum: .off, denoise: nil, pauses: [], to: output,
                                                isCancelled: { false })
        XCTAssertEqual(report, CleanupReport(humFrequency: nil, humDetected: false, noiseLevel: nil, denoised: false, warning: nil))
        let (left, right) = try Tool.decodeStereo(output)
        XCTAssertEqual(left.count, count + 1000 - 12_345)
        XCTAssertTrue(Array(left.prefix(count - 12_345)) == Array(pink.left[12_345...]))
        XCTAssertTrue(Array(right.prefix(count - 12_345)) == Array(pink.right[12_345...]))
        XCTAssertTrue(left.suffix(1000).allSatisfy { $0 == 0 })

        let cancelled = folder.file("cancelled.wav")
        XCTAssertThrowsError(try DialogueCleaning.clean(path: input, frames: 0..<Int64(count), sampleRate: .standard, highpass: .standard,
                                                        dehum: .auto, denoise: .standard, pauses: [0..<Int64(count)], to: cancelled,
                                                        isCancelled: { true })) { error in
            XCTAssertEqual(error as? MediaIOError, .cancelled)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: cancelled))
        XCTAssertEqual(try folder.contents().filter { $0.hasPrefix(".cancelled") }, [])
    }
}

extension DialogueCleanupTests {
    /// A cleanup report kept as a note reads back exactly, every field; bytes that are not one are refused.
    func testTheReportReadsBackFromItsNote() {
        let reports = [
            CleanupReport(humFrequency: 50, humDetected: true, noiseLevel: -43.218_765_432_1, denoised: true, warning: nil),
            CleanupReport(humFrequency: nil, humDetected: false, noiseLevel: nil, denoised: false,
                          warning: "0.3 s of pauses, too little to learn the noise from: noise reduction skipped; no pauses"),
            CleanupReport(humFrequency: 60, humDetected: false, noiseLevel: -.ulpOfOne, denoised: false, warning: nil),
        ]
        for report in reports { XCTAssertEqual(CleanupReport(noteBytes: report.noteBytes), report) }
        XCTAssertNil(CleanupReport(noteBytes: Array("hum 50".utf8)))
        XCTAssertNil(CleanupReport(noteBytes: Array(reports[0].noteBytes.dropLast(30))))
        XCTAssertNil(CleanupReport(noteBytes: Array(String(decoding: reports[0].noteBytes, as: UTF8.self)
            .replacingOccurrences(of: "denoised 1", with: "denoised yes").utf8)))
    }
}
