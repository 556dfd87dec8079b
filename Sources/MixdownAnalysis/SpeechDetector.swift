import Foundation
import MixdownAudioMix
import MixdownTime
import MixdownUnits

/// Finds where someone speaks in a mono signal, over wind, traffic, crowds and
/// music: for ducking under the people on camera, whose audio is rarely clean.
///
/// Feed samples in chunks of any size with `process(_:)`, then call ``finish()``
/// for the regions; the result depends only on the samples, never on how they
/// were chunked. Memory stays bounded however long the signal; the regions come
/// about 2.6 s behind the input (the look-ahead of the rules below). The rules
/// (docs/audio-mix.md, "Speech detection", has the measurements):
///
/// 1. **Frames.** Hops of `H = rate / 100` samples (10 ms); frame j stands for
///    hop `[jH, (j+1)H)` and analyses the `4H` samples centred on it, weighted by
///    `sin²`, with an FFT of the next power of two.
/// 2. **Features.** The level of the speech band (300–3400 Hz) and of the
///    fricative band (3400 Hz to 8 kHz), in dBFS; and the harmonicity, the peak
///    of the band-limited autocorrelation over pitch lags (80–400 Hz), corrected
///    for the window: vowels read 0.8–0.9, noise below 0.45.
/// 3. **Noise floors.** Per band, the 10th percentile of its level over ±2.5 s,
///    never below −70 dBFS; a frame's level above its floor is what counts. The
///    floor's *spread*, the 20th percentile less the 10th (both never below
///    −70 dBFS), grows with how much the noise fluctuates: steady room noise
///    0.4 dB, babble about 2, wind 3.
/// 4. **Decisions.** A frame is speech when its speech band stands 5 dB above
///    its floor (or its fricative band 6 dB), and a *core* frame (harmonicity at
///    least 0.7 and the speech band 10 dB above its floor) lies within 100 ms.
///    Speech, once started, carries on over lower bars (hysteresis): a frame
///    right after a speech frame is speech while its speech band stands 2.5 dB
///    above its floor (or its fricative band 4 dB), or four times the band's
///    spread where that is more, up to 150 ms after the last frame that met the
///    first test. So a word's decaying end is followed down towards the floor,
///    where at low SNR it ends, but not into noise that fluctuates as high.
///    A frame whose speech band is below ``threshold`` is never speech.
///    Noise is not harmonic and music is loud all along (its floor rises with
///    it); speech is both harmonic and above its floor, and only speech carries on.
/// 5. **Regions.** Runs of speech frames, as their hops; gaps shorter than
///    ``maxPause`` bridged; then ``preRoll`` before and ``hangover`` after,
///    within the signal. The pre-roll is look-ahead: a duck built on the regions
///    is fully down when the first syllable starts.
///
/// Every feature is computed in `Double` (the transforms are FFmpeg's), so the
/// regions equal those of the reference implementation the rules were measured
/// with. Not thread-safe: one detector per signal and thread.
public final class SpeechDetector {
    /// Sample rate of the input.
    public let sampleRate: SampleRate
    /// The lowest speech-band level that can be speech.
    public let threshold: SpeechThreshold
    /// Speech regions closer than this are bridged.
    public let maxPause: MediaTime
    /// How much earlier than its first speech frame a region starts.
    public let preRoll: MediaTime
    /// How much later than its last speech frame a region ends.
    public let hangover: MediaTime

    /// Bumped whenever a change of the rules changes the regions of some signal:
    /// findings kept from an earlier version are not this detector's.
    public static let rulesVersion = 2

    static let speechBand = (300.0, 3400.0)
    static let fricativeBand = (3400.0, 8000.0)
    static let pitchRange = (80.0, 400.0)
    static let floorQuantile = 0.1
    static let floorRadius = 250
    static let floorMinimum = -70.0
    static let spreadQuantile = 0.2
    static let spreadFactor = 4.0
    static let extendThreshold = 5.0
    static let fricativeThreshold = 6.0
    static let coreThreshold = 10.0
    static let harmonicityThreshold = 0.7
    static let coreReach = 10
    static let continueThreshold = 2.5
    static let fricativeContinueThreshold = 4.0
    static let continueLimit = 15

    private var analysis: SpeechFrameAnalysis
    private var floors: SpeechFloors
    private var decisions: SpeechDecisions
    private var regions: SpeechRegions
    /// The same frames bridged over shorter pauses only: the phrases, when asked for.
    private var phraseRegions: SpeechRegions?
    /// The phrases ``finish()`` found when the detector was made with a `phrasePause`:
    /// speech frames bridged over gaps shorter than it, with the same pre-roll and
    /// hangover; nil otherwise, and before ``finish()``.
    public private(set) var phrases: [MediaTimeRange]?
    private var isFinished = false

    /// Makes a detector for a signal at `sampleRate`.
    ///
    /// - Parameters:
    ///   - sampleRate: Input rate (8 kHz at the least, as every `SampleRate` is).
    ///   - threshold: The lowest speech-band level that can be speech.
    ///   - maxPause: Shortest gap that separates regions; not negative.
    ///   - preRoll: How much earlier than the speech a region starts; not negative.
    ///   - hangover: How much later than the speech a region ends; not negative.
    ///   - phrasePause: When given, ``phrases`` holds the same speech bridged over
    ///     gaps shorter than this only (the dialogue leveler's phrases, beside the
    ///     duck's regions, from one analysis); not negative.
    /// - Throws: `AudioMixError.invalidSetting(name:reason:)` (MixdownAudioMix).
    public init(sampleRate: SampleRate, threshold: SpeechThreshold = .standard, maxPause: MediaTime = .milliseconds(500),
                preRoll: MediaTime = .milliseconds(30), hangover: MediaTime = .milliseconds(30),
                phrasePause: MediaTime? = nil) throws(AudioMixError) {
        for (name, length) in [("speech max pause", maxPause), ("speech pre-roll", preRoll), ("speech hangover", hangover),
                               ("speech phrase pause", phrasePause ?? .zero)]
        where length < .zero {
            throw .invalidSetting(name: name, reason: "must not be negative, got \(length)")
        }
        self.sampleRate = sampleRate
        self.threshold = threshold
        self.maxPause = maxPause
        self.preRoll = preRoll
        self.hangover = hangover
        do {
            analysis = try SpeechFrameAnalysis(sampleRate: Int(sampleRate.hertz))
        } catch {
            throw .invalidSetting(name: "speech detector", reason: error.description)
        }
        floors = SpeechFloors(minimumLevel: threshold.decibels, harmonicity: analysis.harmonicity)
        decisions = SpeechDecisions()
        let samples = { (time: MediaTime) throws(AudioMixError) -> Int64 in
            do throws(MediaTimeError) { return try time.sampleIndex(sampleRate: sampleRate) } catch { throw .time(error) }
        }
        regions = SpeechRegions(hop: Int64(analysis.hop), pause: try samples(maxPause),
                                preRoll: try samples(preRoll), hangover: try samples(hangover))
        if let phrasePause {
            phraseRegions = SpeechRegions(hop: Int64(analysis.hop), pause: try samples(phrasePause),
                                          preRoll: try samples(preRoll), hangover: try samples(hangover))
        }
    }

    /// Analyses the next `samples` of the signal.
    ///
    /// - Precondition: ``finish()`` has not been called.
    public func process(_ samples: UnsafeBufferPointer<Float>) {
        precondition(!isFinished, "process(_:) after finish()")
        for features in analysis.append(samples) { pass(features) }
    }

    /// Analyses the next `samples` of the signal.
    ///
    /// - Precondition: ``finish()`` has not been called.
    public func process(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Ends the signal and returns every speech region, in time order, exact
    /// sample times (timescale `sampleRate`, sample 0 at 0 s).
    ///
    /// - Precondition: called once.
    public func finish() -> [MediaTimeRange] {
        precondition(!isFinished, "finish() called twice")
        isFinished = true
        let total = analysis.sampleCount
        for features in analysis.finish() { pass(features) }
        for decision in floors.finish() { decide(decision) }
        for speech in decisions.finish() { frame(speech) }
        if var phraseRegions { phrases = times(of: phraseRegions.finish(signalEnd: Int64(total))) }
        return times(of: regions.finish(signalEnd: Int64(total)))
    }

    /// Sample ranges as exact times (timescale `sampleRate`).
    private func times(of ranges: [Range<Int64>]) -> [MediaTimeRange] {
        ranges.map { range in
            do {
                return try MediaTimeRange(start: MediaTime(sampleIndex: range.lowerBound, sampleRate: sampleRate),
                                          end: MediaTime(sampleIndex: range.upperBound, sampleRate: sampleRate))
            } catch {
                // Sample indices at a validated rate make valid, ordered times.
                preconditionFailure("\(error)")
            }
        }
    }

    private func pass(_ features: SpeechFrameAnalysis.Features) {
        for decision in floors.add(features) { decide(decision) }
    }

    private func decide(_ decision: SpeechFloors.Decision) {
        for speech in decisions.add(decision) { frame(speech) }
    }

    private func frame(_ speech: Bool) {
        regions.frame(speech)
        phraseRegions?.frame(speech)
    }
}
