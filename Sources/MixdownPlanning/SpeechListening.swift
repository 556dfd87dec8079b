import MixdownAnalysis
import MixdownAudioMix
import MixdownMediaIO
import MixdownTime
internal import MixdownUnits

/// Listening to one stretch of an input with the speech detector: what to
/// decode, with which settings, and the note the conform cache keeps of it.
///
/// A listening decodes on its own (its own demuxer and decoder), so several
/// run side by side (``hearAll(_:threads:cache:)``).
struct SpeechListening: Sendable {
    let path: String
    /// The stretch, in samples at ``SpeechListening/rate``.
    let samples: Range<Int64>
    let threshold: SpeechThreshold
    let maxPause: MediaTime
    /// The pause the phrases bridge, when they are asked for.
    let phrasePause: MediaTime?
    /// The rate the render reads the input at: the detector hears that audio
    /// when the input is already at it (``hear(cache:)``).
    let sessionRate: SampleRate

    /// Rate the speech detector hears the items at: its bands stop at 8 kHz, and at
    /// 16 kHz it runs three times faster than at 48 kHz with the same regions
    /// (docs/audio-mix.md, "Speech detection").
    static let rate: SampleRate = 16_000

    /// What the detector finds depends on the samples and these settings only:
    /// the note's key beside the file's.
    var processing: String {
        """
        speech analysis
        rules \(SpeechDetector.rulesVersion) threshold \(threshold.decibels) max pause \(maxPause) \
        phrase pause \(phrasePause.map { "\($0)" } ?? "none") samples \(samples.lowerBound)..<\(samples.upperBound) \
        session rate \(sessionRate.hertz)
        """
    }

    /// The detector's findings: the cache's note when it has one, else heard
    /// (decoded and detected) and noted in the cache.
    ///
    /// A stretch from the input's start, of an input at the session rate, is
    /// heard through the render's own audio (`DownsampledInput`): the cache's
    /// entry when there is one, and else the decode stores the entry as it goes,
    /// which the conform pass then finds rather than decoding the input again.
    /// The same samples either way, and without a cache.
    func hear(cache: ConformCache?) throws(PlanningError) -> SpeechNote {
        let rate = Self.rate
        if let note = cache?.note(path: path, sampleRate: rate, processing: processing).flatMap(SpeechNote.init(bytes:)) {
            return note
        }
        let detector: SpeechDetector
        do {
            detector = try SpeechDetector(sampleRate: rate, threshold: threshold, maxPause: maxPause, phrasePause: phrasePause)
        } catch {
            throw .audioMix(error)
        }
        do throws(MediaIOError) {
            let input = samples.lowerBound == 0 ? try DownsampledInput(path: path, sessionRate: sessionRate, rate: rate, cache: cache) : nil
            let source: any AudioSampleSource
            if let input {
                source = input
            } else {
                source = try MediaFile(path: path).makeDecoder(sampleRate: rate)
                if samples.lowerBound > 0 { try source.seek(toSample: samples.lowerBound) }
            }
            try MediaCatalog.forEachMonoBlock(source, count: samples.count) { detector.process($0) }
            input?.storeEntry()
        } catch {
            throw .media(error)
        }
        let speech = detector.finish()
        let note = SpeechNote(speech: speech, phrases: detector.phrases, sampleRate: rate)
        cache?.storeNote(note.bytes, path: path, sampleRate: rate, processing: processing)
        return note
    }

    /// What each of `listenings` hears, in order, `threads` at a time (the
    /// calling thread's among them): the findings do not depend on how many.
    static func hearAll(_ listenings: [SpeechListening], threads: Int, cache: ConformCache?) throws(PlanningError) -> [SpeechNote] {
        // Longest first: a long clip heard last would keep one thread busy while the others wait.
        let order = listenings.indices.sorted { listenings[$0].samples.count > listenings[$1].samples.count }
        return try SideBySide.run(order, threads: threads) { n throws(PlanningError) in try listenings[n].hear(cache: cache) }
    }
}
