import Foundation
import MixdownTestSupport

/// Speech over noise with known speech regions, made at test time by espeak-ng,
/// sox and ffmpeg (the same tools on every machine, so the same signals), at
/// 16 kHz mono: the rate planning runs the detector at.
///
/// - **Takes**: espeak-ng voices reading sentences, halved in level and resampled
///   by sox, joined by fixed pauses of 0.3–3 s, with 1 s of silence at both ends.
/// - **Truth**: on the clean take, 10 ms frames whose level is within 40 dB of
///   the loudest frame; non-speech runs shorter than 150 ms between speech filled
///   (stop closures, gaps between words), speech runs shorter than 30 ms dropped.
///   So regions run from word onset to word end; pauses of 150 ms or more are not speech.
/// - **Noises**: pink; babble (eight other voices, six languages and two accents of
///   English, level-matched and summed: crowd-like and speech-shaped); music (the fixture's chords, and
///   the real recording mdn-viper.mp3 with its quiet intro and loud build-up);
///   wind (low-passed brown noise in gusts, with a whistle band that swings
///   twice as far); traffic (a rumble, and a vehicle passing every 3–9 s: band
///   noise and engine harmonics under a bell-shaped envelope).
/// - **SNR**: the RMS of the speech over its truth frames against the RMS of
///   the noise over the whole take.
///
/// Built once per machine into the temporary folder (a folder per recipe version).
enum SpeechCorpus {
    static let rate = 16_000
    /// Samples per 10 ms frame, the unit of the truth and of the scores.
    static let frame = rate / 100

    struct Take {
        var voice: String
        var samples: [Float]
        /// Per 10 ms frame: speech or not.
        var truth: [Bool]
    }

    enum Noise: String, CaseIterable {
        case pink, babble, music1, music2, wind, traffic
    }

    static let takes: [(voice: String, sentences: [String])] = [
        ("en-us", [
            "Welcome back to the channel, today we are going to test the new camera.",
            "I picked it up last week at a small shop downtown.",
            "The battery lasts about three hours, which is more than I expected.",
            "Let me show you the menu.",
            "Here you can change the frame rate and the resolution.",
            "Honestly, the autofocus is the best part, it never hunts.",
            "Okay.",
            "Now let's walk outside and see how it handles the wind.",
            "See you next time, and thanks for watching.",
        ]),
        ("en-gb+f3", [
            "Good morning, and thank you for joining us on such short notice.",
            "Could you tell us a little about how the project started?",
            "Well, it began as a weekend hobby, nothing more.",
            "We had no money, no office, just a kitchen table and two laptops.",
            "Right.",
            "And when did you realise it could become a real business?",
            "Probably the day our first customer paid us twice by mistake.",
            "What advice would you give to someone starting out today?",
        ]),
    ]
    /// Pauses after each sentence, in seconds, in turn.
    static let pauses = [0.4, 1.6, 0.3, 2.4, 0.8, 3.0, 0.5, 1.2, 0.6]

    static let babble: [(voice: String, text: String)] = [
        ("es", "El tiempo de hoy será soleado por la mañana y con algunas nubes por la tarde. "
            + "Los vecinos del barrio se reunieron en la plaza para celebrar la fiesta de verano. "
            + "Mi hermano trabaja en una tienda de bicicletas cerca de la estación."),
        ("it", "La cucina italiana è famosa in tutto il mondo per la sua semplicità. "
            + "Ogni domenica la famiglia si riunisce per un lungo pranzo insieme. "
            + "Il treno per Milano parte dal binario tre tra dieci minuti."),
        ("nl", "Vanochtend fietste ik langs de gracht naar mijn werk in het centrum. "
            + "De markt is elke zaterdag open van acht uur tot vijf uur. "
            + "Wij hebben gisteren een nieuwe tafel gekocht voor de keuken."),
        ("pt", "O restaurante da esquina serve o melhor peixe grelhado da cidade. "
            + "No fim de semana vamos visitar os nossos avós no campo. "
            + "A biblioteca fecha mais cedo durante as férias de verão."),
        ("sv", "Det var en kall morgon när vi gick ner till hamnen för att titta på båtarna. "
            + "Min syster bor i en liten stuga vid sjön. "
            + "Vi ska äta middag hos grannarna på fredag kväll."),
        ("pl", "W tym roku zima była bardzo długa i śnieżna w całym kraju. "
            + "Mój kolega z pracy kupił nowy samochód w zeszłym tygodniu. "
            + "Sklep na rogu jest otwarty do późnego wieczora."),
        ("en-gb-scotland", "The meeting has been moved to Thursday afternoon because of the holiday. "
            + "Please remember to bring your reports and the budget figures. "
            + "The coffee machine on the second floor is broken again."),
        ("en-us+f2", "My grandmother used to bake bread every Sunday morning before church. "
            + "The whole house smelled of cinnamon and warm butter. "
            + "We would sit on the porch and watch the cars go by."),
    ]

    // MARK: Building

    private static let folder: String = {
        let path = NSTemporaryDirectory() + "/mixdown-speech-corpus-v2"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The samples cached under `name`, or made by `make` and cached.
    private static func cached(_ name: String, _ make: () throws -> [Float]) throws -> [Float] {
        let path = folder + "/" + name + ".f32"
        if let data = FileManager.default.contents(atPath: path) { return Tool.floats(data) }
        let samples = try make()
        // Atomic, so tests building the same file at once each see it whole.
        try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: path), options: .atomic)
        return samples
    }

    /// One utterance by espeak-ng at `rate`, halved in level.
    private static func speak(_ voice: String, _ text: String) throws -> [Float] {
        let raw = folder + "/espeak-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        _ = try Tool.run("espeak-ng", ["-v", voice, "-w", raw, text])
        return Tool.floats(try Tool.run("sox", ["-D", raw, "-t", "raw", "-e", "floating-point", "-b", "32", "-c", "1", "-",
                                                "vol", "0.5", "rate", "-v", String(rate)]))
    }

    static func take(_ index: Int) throws -> Take {
        let (voice, sentences) = takes[index]
        let samples = try cached("take-\(voice)") {
            var samples = [Float](repeating: 0, count: rate)
            for (i, sentence) in sentences.enumerated() {
                samples += try speak(voice, sentence)
                let pause = i + 1 < sentences.count ? pauses[i % pauses.count] : 1.0
                samples += [Float](repeating: 0, count: Int(pause * Double(rate)))
            }
            return samples
        }
        return Take(voice: voice, samples: samples, truth: truth(samples))
    }

    /// Speech frames of a clean take (see the type's summary).
    static func truth(_ samples: [Float]) -> [Bool] {
        let count = (samples.count + frame - 1) / frame
        let levels = (0..<count).map { i -> Double in
            let part = samples[(i * frame)..<min(samples.count, (i + 1) * frame)]
            return 10 * log10(part.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(part.count) + 1e-12)
        }
        let threshold = max(levels.max()! - 40, -110)
        var speech = levels.map { $0 >= threshold }
        runs(of: false, in: &speech, shorterThan: 15, between: true)
        runs(of: true, in: &speech, shorterThan: 3, between: false)
        return speech
    }

    /// Flips runs of `value` shorter than `frames`; with `between`, only those with the other value on both sides.
    private static func runs(of value: Bool, in flags: inout [Bool], shorterThan frames: Int, between: Bool) {
        var i = 0
        while i < flags.count {
            guard flags[i] == value else { i += 1; continue }
            var j = i
            while j < flags.count && flags[j] == value { j += 1 }
            let inside = i > 0 && j < flags.count
            if j - i < frames && (!between || inside) {
                for k in i..<j { flags[k] = !value }
            }
            i = j
        }
    }

    /// `kind` of noise, `count` samples long, different for each take.
    static func noise(_ kind: Noise, count: Int, take: Int) throws -> [Float] {
        try cached("noise-\(kind.rawValue)-\(take)-\(count)") {
            let seconds = String(format: "%.3f", Double(count) / Double(rate) + 0.1)
            let seed = 100 * take + Noise.allCases.firstIndex(of: kind)!
            let samples: [Float]
            switch kind {
            case .pink:
                samples = try generate("anoisesrc=color=pink:seed=\(seed):sample_rate=\(rate):duration=\(seconds)")
            case .babble:
                samples = try crowd(count: count, take: take)
            case .music1:
                samples = try looped(Fixture.path("music.mp3"), count: count, from: 3.7 * Double(take + 1))
            case .music2:
                samples = try looped(try Fixture.realMedia("mdn-viper.mp3"), count: count, from: 2.3 * Double(take))
            case .wind:
                let gusts = "(sin(2*PI*0.23*t+\(take))+0.7*sin(2*PI*0.41*t+1.3)+0.5*sin(2*PI*0.67*t+2.1))"
                samples = try generate("""
                    anoisesrc=color=brown:seed=\(seed):sample_rate=\(rate):duration=\(seconds),lowpass=f=500,lowpass=f=500[b];\
                    aevalsrc=exp(0.6*\(gusts)):sample_rate=\(rate):duration=\(seconds)[g];[b][g]amultiply[rumble];\
                    anoisesrc=color=pink:seed=\(seed + 50):sample_rate=\(rate):duration=\(seconds),highpass=f=300,lowpass=f=1500[p];\
                    aevalsrc=0.3*exp(1.2*\(gusts)):sample_rate=\(rate):duration=\(seconds)[h];[p][h]amultiply[whistle];\
                    [rumble][whistle]amix=inputs=2:normalize=0
                    """)
            case .traffic:
                // A vehicle every 3–9 s, each passing over 0.6–1.5 s (its bell's half width).
                var passes: [(Double, Double)] = []
                var t = 1.5 + Double(take)
                while t < Double(count) / Double(rate) + 5 {
                    passes.append((t, 0.6 + Double(passes.count * 7 % 10) / 10))
                    t += 3 + Double((passes.count * 5 + take) % 7)
                }
                let loudness = [1.0, 0.6, 0.8, 0.5]
                let bells = passes.enumerated().map { i, pass in
                    "\(loudness[i % loudness.count])/(1+pow((t-\(pass.0))/\(pass.1),2))"
                }.joined(separator: "+")
                samples = try generate("""
                    anoisesrc=color=brown:seed=\(seed):sample_rate=\(rate):duration=\(seconds),lowpass=f=150,lowpass=f=150[rumble];\
                    anoisesrc=color=pink:seed=\(seed + 50):sample_rate=\(rate):duration=\(seconds),highpass=f=80,lowpass=f=5000[band];\
                    aevalsrc=exprs='\(bells)':sample_rate=\(rate):duration=\(seconds)[e1];[band][e1]amultiply[cars];\
                    aevalsrc=exprs='0.02*(sin(2*PI*43*t)+0.7*sin(2*PI*86*t)+0.5*sin(2*PI*129*t)+0.3*sin(2*PI*172*t))*(\(bells))':\
                    sample_rate=\(rate):duration=\(seconds)[engines];\
                    [rumble][cars][engines]amix=inputs=3:normalize=0
                    """)
            }
            return Array(samples.prefix(count))
        }
    }

    private static func generate(_ graph: String) throws -> [Float] {
        Tool.floats(try Tool.run("ffmpeg", ["-v", "error", "-nostdin", "-filter_complex", graph,
                                            "-ac", "1", "-f", "f32le", "-c:a", "pcm_f32le", "-"]))
    }

    private static func looped(_ path: String, count: Int, from seconds: Double) throws -> [Float] {
        let music = try Tool.ffmpegDecode(path, extraArguments: ["-ac", "1", "-ar", String(rate)])
        let offset = Int(seconds * Double(rate)) % music.count
        return (0..<count).map { music[(offset + $0) % music.count] }
    }

    private static func crowd(count: Int, take: Int) throws -> [Float] {
        var sum = [Float](repeating: 0, count: count)
        for (k, (voice, text)) in babble.enumerated() {
            let talk = try speak(voice, text)
            let rms = (talk.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(talk.count)).squareRoot()
            let shift = (k * 37_117 + take * 91_331) % talk.count
            for i in 0..<count { sum[i] += talk[(i + shift) % talk.count] / Float(rms) }
        }
        return sum
    }

    // MARK: Mixing

    /// `take` with its speech peaking at −12 dBFS and `noise` under it at `snr` dB.
    static func mixture(_ take: Take, noise: [Float]?, snr: Double) -> [Float] {
        let peak = take.samples.map(abs).max()!
        let gain = Float(pow(10, -12.0 / 20)) / peak
        let speech = take.samples.map { $0 * gain }
        guard let noise else { return speech }
        var sum = 0.0, frames = 0
        for (i, isSpeech) in take.truth.enumerated() where isSpeech {
            for x in speech[(i * frame)..<min(speech.count, (i + 1) * frame)] { sum += Double(x) * Double(x) }
            frames += 1
        }
        let speechRMS = (sum / Double(frames * frame)).squareRoot()
        let noiseRMS = (noise.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(noise.count)).squareRoot()
        let scale = Float(speechRMS / noiseRMS / pow(10, snr / 20))
        return zip(speech, noise).map { $0 + $1 * scale }
    }
}
