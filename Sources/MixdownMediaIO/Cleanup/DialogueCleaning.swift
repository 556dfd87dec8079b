internal import Foundation
internal import MixdownDSP
internal import MixdownFFmpeg
internal import MixdownTime
public import MixdownUnits

/// Dialogue cleanup of one item's audio into a WAV: rumble high-pass, mains hum
/// notches, and broadband noise reduction learned from the item's own pauses.
public enum DialogueCleaning {
    /// Pause audio learned from, at most: the longest pauses up to this many seconds.
    public static let learningSeconds = 4
    /// Pause audio needed to learn the noise, at least, in milliseconds: afftdn
    /// needs dozens of its 50 ms windows for a steady profile.
    public static let minimumLearningMilliseconds = 500
    /// Pauses below this level (dBFS) are taken as digital silence: nothing to learn.
    public static let silenceLevel = -110.0

    /// Cleans frames `frames` of `path`'s audio (stereo at `sampleRate`, read as
    /// the renderer reads it) into a stereo 32-bit float WAV at `outputPath`:
    /// ``prepare(path:frames:sampleRate:highpass:dehum:denoise:pauses:)``, then
    /// ``Preparation/write(into:isCancelled:)``.
    ///
    /// - Parameters:
    ///   - path: the item's file, read as the renderer reads it.
    ///   - sampleRate: the session rate: what the file is read at and the WAV written at.
    ///   - frames: the item's frames at `sampleRate`; output frame 0 is source frame
    ///     `frames.lowerBound`, and the output holds `frames.count` frames (silence past the source's end).
    ///   - highpass: the rumble filter's corner, or none.
    ///   - dehum: which hum to notch: found, forced or none.
    ///   - denoise: how far to turn noise down, or none.
    ///   - pauses: ranges of frames at `sampleRate` with no speech, inside `frames` (clipped to it).
    ///   - outputPath: where the WAV appears, written beside it under a temporary name and renamed.
    ///   - isCancelled: polled once a block; true stops the work with `cancelled`, leaving no output.
    /// - Throws: the reader's and writer's errors, `unsupported` when FFmpeg refuses
    ///   the chain, `cancelled`.
    public static func clean(path: String, frames: Range<Int64>, sampleRate: SampleRate, highpass: HighpassFrequency?,
                             dehum: Dehum, denoise: NoiseReduction?, pauses: [Range<Int64>], to outputPath: String,
                             isCancelled: @Sendable () -> Bool) throws(MediaIOError) -> CleanupReport {
        let writer = try WAVWriter(path: outputPath, sampleRate: sampleRate, format: .f32, inputs: [path], frameCount: Int64(frames.count))
        let preparation = try prepare(path: path, frames: frames, sampleRate: sampleRate, highpass: highpass, dehum: dehum,
                                      denoise: denoise, pauses: pauses)
        try preparation.write(into: { (block) throws(MediaIOError) in try writer.write(block) }, isCancelled: isCancelled)
        try writer.finish()
        return preparation.report
    }

    /// What cleaning frames `frames` of `path`'s audio will do, found from its
    /// pauses: the chain and the report, before a sample is cleaned.
    ///
    /// The pauses are read first (the longest, up to ``learningSeconds`` in all):
    /// their level is the report's noise level, `Dehum.auto` looks for hum in
    /// them (`HumDetector`), and afftdn will learn its noise profile from them,
    /// through the high-pass and notches and shifted to afftdn's noise floor (`NoiseBands`).
    /// With less than ``minimumLearningMilliseconds`` of pauses, noise reduction
    /// is skipped and the report says why. The parameters are
    /// ``clean(path:frames:sampleRate:highpass:dehum:denoise:pauses:to:isCancelled:)``'s.
    ///
    /// - Throws: the reader's errors, `unsupported` when FFmpeg refuses the chain.
    public static func prepare(path: String, frames: Range<Int64>, sampleRate: SampleRate, highpass: HighpassFrequency?,
                               dehum: Dehum, denoise: NoiseReduction?, pauses: [Range<Int64>]) throws(MediaIOError) -> Preparation {
        let source = try ConformedAudio.source(path: path, sampleRate: sampleRate)
        let chosen = learningPauses(pauses, within: frames, sampleRate: sampleRate)
        let noise = try PauseAudio(reading: chosen, from: source)
        var report = CleanupReport(humFrequency: nil, humDetected: false, noiseLevel: noise.level, denoised: false, warning: nil)
        var warnings: [String] = []

        switch dehum {
        case .off: break
        case .mains(let hertz): report.humFrequency = hertz
        case .auto:
            if noise.count > 0 {
                var detector = HumDetector(sampleRate: Int(sampleRate.hertz))
                detector.add(noise.audio)
                report.humFrequency = detector.frequency
                report.humDetected = report.humFrequency != nil
            } else {
                warnings.append("no pauses to look for hum in: hum left in")
            }
        }

        var chain = CleanupChain(highpass: highpass, humFrequency: report.humFrequency, denoise: nil)
        chain.mono = try AudioDecoder.sourceFormat(of: path).channels == 1
        if let denoise {
            let needed = Int(sampleRate.hertz) * minimumLearningMilliseconds / 1000
            if noise.count < needed {
                let had = MediaTime(sampleIndex: Int64(noise.count), sampleRate: sampleRate).readable
                warnings.append("\(had) of pauses, too little to learn the noise from: noise reduction skipped")
            } else if let shift = try denoiseShift(for: noise, through: chain, sampleRate: sampleRate) {
                chain.denoise = denoise
                chain.denoiseShift = shift
                report.denoised = true
            } else {
                warnings.append("the pauses are silent: no noise to reduce")
            }
        }
        report.warning = warnings.isEmpty ? nil : warnings.joined(separator: "; ")
        return Preparation(source: source, frames: frames, sampleRate: sampleRate, chain: chain, noise: noise, report: report)
    }

    /// Bumped when a change in Mixdown's cleanup changes its samples or its report for the same settings.
    static let version = 1

    /// Everything the cleaned samples of `frames` of an input, and the report,
    /// depend on beside the input's own samples: the code's version,
    /// libavfilter's, the settings, the frames and the pauses (which decide what
    /// the noise and hum are learned from). A cache key's text; the parameters
    /// are ``prepare(path:frames:sampleRate:highpass:dehum:denoise:pauses:)``'s.
    public static func processing(frames: Range<Int64>, highpass: HighpassFrequency?, dehum: Dehum, denoise: NoiseReduction?,
                                  pauses: [Range<Int64>]) -> String {
        let hash = SHA256()
        hash.update(pauses.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " "))
        return """
            dialogue cleanup
            version \(version) \(FFmpegLibraries.filteringVersions)
            highpass \(highpass.map { "\($0.hertz)" } ?? "off") dehum \(dehum) denoise \(denoise.map { "\($0.decibels)" } ?? "off")
            frames \(frames.lowerBound)..<\(frames.upperBound) pauses \(hash.finish())
            """
    }

    /// Reads `frames` from `source` through `cleaner` into `write`, block by block.
    static func stream(_ frames: Range<Int64>, from source: any AudioSampleSource, through cleaner: DialogueCleaner,
                       into write: (AudioSlice) throws(MediaIOError) -> Void, isCancelled: @Sendable () -> Bool) throws(MediaIOError) {
        let blockLength = 8192
        var input = AudioBuffer(capacity: blockLength)
        var output = AudioBuffer(capacity: blockLength)
        try source.seek(toSample: frames.lowerBound)
        var read: Int64 = 0
        var written: Int64 = 0
        let total = Int64(frames.count)
        var ended = false
        func drain() throws(MediaIOError) {
            while written < total {
                let count = cleaner.pull(into: output.mutableSlice(0..<Int(min(Int64(blockLength), total - written))))
                if count == 0 { return }
                try write(output.slice(0..<count))
                written += Int64(count)
            }
        }
        while read < total {
            if isCancelled() { throw .cancelled }
            let wanted = Int(min(Int64(blockLength), total - read))
            let block = input.mutableSlice(0..<wanted)
            var got = 0
            while !ended, got < wanted {
                let count = try source.read(into: block.slice(got..<wanted))
                if count == 0 { ended = true }
                got += count
            }
            // Past the source's end the item is silence.
            for channel in 0..<2 { block.channel(channel).extracting(got..<wanted).update(repeating: 0) }
            try cleaner.push(input.slice(0..<wanted))
            read += Int64(wanted)
            try drain()
        }
        try cleaner.finish()
        try drain()
        guard written == total else {
            throw .unsupported(path: "the dialogue cleanup", reason: "its chain gave \(written) of \(total) frames")
        }
    }

    /// The longest of `pauses` (clipped to `frames`) up to ``learningSeconds`` in all, in time order.
    static func learningPauses(_ pauses: [Range<Int64>], within frames: Range<Int64>, sampleRate: SampleRate) -> [Range<Int64>] {
        var budget = Int64(learningSeconds) * Int64(sampleRate.hertz)
        var chosen: [Range<Int64>] = []
        let clipped = pauses.map { $0.clamped(to: frames) }.filter { !$0.isEmpty }
        for pause in clipped.sorted(by: { ($0.count, $1.lowerBound) > ($1.count, $0.lowerBound) }) where budget > 0 {
            let length = min(Int64(pause.count), budget)
            chosen.append(pause.lowerBound..<pause.lowerBound + length)
            budget -= length
        }
        return chosen.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// The shift that puts `noise`, after `chain`'s high-pass and notches, at afftdn's
    /// noise floor (``NoiseBands``), in dB; nil when the filtered pauses are silent.
    private static func denoiseShift(for noise: PauseAudio, through chain: CleanupChain,
                                     sampleRate: SampleRate) throws(MediaIOError) -> Double? {
        let filter = try DialogueCleaner(chain: chain, sampleRate: sampleRate)
        guard var bands = NoiseBands(sampleRate: Int(sampleRate.hertz)) else {
            throw .unsupported(path: "afftdn", reason: "FFmpeg refused a 2048-point transform")
        }
        try filter.push(noise.audio)
        try filter.finish()
        var buffer = AudioBuffer(capacity: 8192)
        var energy = 0.0
        var count = 0
        while true {
            let got = filter.pull(into: buffer.mutableSlice(0..<8192))
            if got == 0 { break }
            energy += PauseAudio.energy(of: buffer.slice(0..<got))
            bands.add(buffer.slice(0..<got))
            count += got
        }
        guard count > 0, PauseAudio.decibels(energy: energy, frames: count) > silenceLevel, let estimate = bands.estimate else { return nil }
        return min(max(NoiseBands.afftdnFloor - estimate, -80), 60)
    }
}
