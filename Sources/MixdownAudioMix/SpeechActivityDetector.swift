import Foundation
import MixdownTime
import MixdownUnits

/// Finds where someone speaks in a mono signal, for signal-driven ducking.
///
/// Feed samples in chunks of any size with `process(_:)`, then call
/// ``finish()`` for the regions. Memory stays constant however long the
/// signal (apart from the regions found). The rules, in order:
///
/// 1. **Windows.** The signal is cut into hops of `sampleRate / 100` samples
///    (10 ms); each window is two consecutive hops (20 ms), so windows start
///    every hop and overlap by half. A window is *loud* when its RMS level,
///    `10·log10(mean of x²)` dBFS (a full-scale sine reads −3 dB), is at or
///    above ``threshold``. At the end of the signal the last window is
///    measured over the samples it has.
/// 2. **Raw regions.** Overlapping or touching loud windows merge into one
///    raw region spanning them, so edges are accurate to about one window.
/// 3. **Clicks.** Raw regions shorter than ``minimumDuration`` are dropped.
/// 4. **Bridging.** Regions whose gap is shorter than ``maxPause`` merge.
/// 5. **Hangover.** Each region's end is extended by ``hangover``, but not
///    beyond the end of the signal, so a trailing consonant or breath below
///    the threshold does not bring the music back up too early.
///
/// Regions are exact sample times: timescale `sampleRate`, sample 0 at 0 s.
public struct SpeechActivityDetector: Sendable {
    /// Sample rate of the input in Hz.
    public let sampleRate: Int32

    /// RMS level at or above which a window counts as speech.
    public let threshold: SpeechThreshold

    /// Loud stretches shorter than this are clicks, not speech.
    public let minimumDuration: MediaTime

    /// Gaps between speech regions shorter than this are bridged.
    public let maxPause: MediaTime

    /// How long a region lasts past its last loud window.
    public let hangover: MediaTime

    private let hopLength: Int64
    private let minimumSamples: Int64
    private let pauseSamples: Int64
    private let hangoverSamples: Int64
    private let meanSquareThreshold: Double

    private var hopStart: Int64 = 0
    private var hopSum = 0.0
    private var hopCount: Int64 = 0
    private var previousHopSum: Double?
    private var raw: Range<Int64>?
    private var pending: Range<Int64>?
    private var found: [Range<Int64>] = []
    private var isFinished = false

    /// Makes a detector for a signal at `sampleRate`.
    ///
    /// - Parameters:
    ///   - sampleRate: Input rate in Hz; at least 100, so a hop holds a sample.
    ///   - threshold: Speech threshold in dBFS.
    ///   - minimumDuration: Shortest region kept; not negative.
    ///   - maxPause: Shortest gap that separates regions; not negative.
    ///   - hangover: Extension of each region's end; from 0 to `maxPause`.
    /// - Throws: ``AudioMixError/invalidSetting(name:reason:)``.
    public init(
        sampleRate: Int32, threshold: SpeechThreshold = .standard, minimumDuration: MediaTime = .milliseconds(50),
        maxPause: MediaTime = .milliseconds(500), hangover: MediaTime = .milliseconds(100)
    ) throws(AudioMixError) {
        guard sampleRate >= 100 else {
            throw .invalidSetting(name: "speech detector sample rate", reason: "must be at least 100 Hz, got \(sampleRate)")
        }
        for (name, length) in [("speech minimum duration", minimumDuration), ("speech max pause", maxPause), ("speech hangover", hangover)]
        where length < .zero {
            throw .invalidSetting(name: name, reason: "must not be negative, got \(length.readable)")
        }
        guard hangover <= maxPause else {
            throw .invalidSetting(name: "speech hangover", reason: "must not exceed the max pause \(maxPause.readable), got \(hangover.readable)")
        }
        self.sampleRate = sampleRate
        self.threshold = threshold
        self.minimumDuration = minimumDuration
        self.maxPause = maxPause
        self.hangover = hangover
        hopLength = Int64(sampleRate) / 100
        minimumSamples = try withTimeArithmetic { () throws(MediaTimeError) in try minimumDuration.sampleIndex(sampleRate: sampleRate) }
        pauseSamples = try withTimeArithmetic { () throws(MediaTimeError) in try maxPause.sampleIndex(sampleRate: sampleRate) }
        hangoverSamples = try withTimeArithmetic { () throws(MediaTimeError) in try hangover.sampleIndex(sampleRate: sampleRate) }
        meanSquareThreshold = pow(10, threshold.decibels / 10)
    }

    /// Analyses the next `samples` of the signal.
    ///
    /// - Precondition: ``finish()`` has not been called.
    public mutating func process(_ samples: UnsafeBufferPointer<Float>) {
        precondition(!isFinished, "process(_:) after finish()")
        for sample in samples {
            let x = Double(sample)
            hopSum += x * x
            hopCount += 1
            if hopCount == hopLength { completeHop() }
        }
    }

    /// Analyses the next `samples` of the signal.
    ///
    /// - Precondition: ``finish()`` has not been called.
    public mutating func process(_ samples: [Float]) {
        samples.withUnsafeBufferPointer { process($0) }
    }

    /// Ends the signal and returns every speech region, in time order.
    ///
    /// - Precondition: called once.
    public mutating func finish() -> [MediaTimeRange] {
        precondition(!isFinished, "finish() called twice")
        isFinished = true
        if let previousHopSum {
            // The last window: the last full hop and whatever followed it.
            classify(hopStart - hopLength..<signalEnd, sum: previousHopSum + hopSum, count: hopLength + hopCount)
        }
        if hopCount > 0 {
            classify(hopStart..<signalEnd, sum: hopSum, count: hopCount)
        }
        closeRaw()
        closePending()
        return found.map { samples in
            do {
                return try MediaTimeRange(
                    start: MediaTime(sampleIndex: samples.lowerBound, sampleRate: sampleRate),
                    end: MediaTime(sampleIndex: samples.upperBound, sampleRate: sampleRate))
            } catch {
                // Sample indices at a validated rate make valid, ordered times.
                preconditionFailure("\(error)")
            }
        }
    }

    /// Rule 1: the window of the previous and the just-completed hop.
    private mutating func completeHop() {
        let hopEnd = hopStart + hopLength
        if let previousHopSum {
            classify(hopEnd - 2 * hopLength..<hopEnd, sum: previousHopSum + hopSum, count: 2 * hopLength)
        }
        previousHopSum = hopSum
        hopStart = hopEnd
        hopSum = 0
        hopCount = 0
    }

    /// Rule 2: grows or starts the raw region with a loud window.
    private mutating func classify(_ window: Range<Int64>, sum: Double, count: Int64) {
        guard sum >= meanSquareThreshold * Double(count) else { return }
        if let current = raw, window.lowerBound <= current.upperBound {
            raw = current.lowerBound..<max(current.upperBound, window.upperBound)
        } else {
            closeRaw()
            raw = window
        }
    }

    /// Rules 3 and 4: drops a click, or bridges the raw region into the
    /// pending one, or lets the pending one go.
    private mutating func closeRaw() {
        guard let region = raw else { return }
        raw = nil
        guard region.count >= minimumSamples else { return }
        if let current = pending, region.lowerBound - current.upperBound < pauseSamples {
            pending = current.lowerBound..<region.upperBound
        } else {
            closePending()
            pending = region
        }
    }

    /// Rule 5: extends the pending region by the hangover and keeps it.
    private mutating func closePending() {
        guard let region = pending else { return }
        pending = nil
        found.append(region.lowerBound..<min(region.upperBound + hangoverSamples, signalEnd))
    }

    /// The number of samples processed so far.
    private var signalEnd: Int64 {
        hopStart + hopCount
    }
}
