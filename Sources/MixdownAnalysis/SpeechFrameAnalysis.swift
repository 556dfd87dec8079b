import Foundation

/// Rules 1 and 2 of ``SpeechDetector``: the signal cut into frames, and each
/// frame's band levels, computed once its samples are in, with FFmpeg's
/// transforms (`RealSpectrum`), and what its harmonicity is worked out from
/// when it is needed (``SpeechHarmonicity``).
struct SpeechFrameAnalysis {
    /// What rule 2 measures in one frame.
    struct Features {
        /// Speech-band level in dBFS.
        var speechLevel: Double
        /// Fricative-band level in dBFS.
        var fricativeLevel: Double
        /// The speech band's power, bin by bin, for ``SpeechHarmonicity``; empty
        /// when the band is too quiet for the frame to be a core frame whatever
        /// its floor (`speechLevel` under `floorMinimum + coreThreshold`).
        var speechBand: [Double]
    }

    /// Works out the harmonicity of this analysis's frames.
    let harmonicity: SpeechHarmonicity

    /// Samples per hop, and per frame window.
    let hop: Int
    private let windowLength: Int
    /// How far before its hop a frame's window starts.
    private let offset: Int
    private let window: [Double]
    /// `2 / (N Σ w²)`: band power in mean-square units of the signal.
    private let scale: Double
    private let speechBins: Range<Int>
    private let fricativeBins: Range<Int>
    private let spectrum: RealSpectrum

    /// Samples received.
    private(set) var sampleCount = 0
    private var nextFrame = 0
    /// Samples from absolute index `bufferStart` on (negative at first: the zeros before the signal).
    private var buffer: [Double]
    private var bufferStart: Int
    private var frame: [Double]
    private var power: [Double]

    init(sampleRate rate: Int) throws(RealSpectrum.Unavailable) {
        hop = rate / 100
        windowLength = 4 * hop
        offset = (3 * hop) / 2
        var size = 4
        while size < windowLength { size *= 2 }
        let count = windowLength
        window = (0..<count).map { i in
            let s = sin(Double.pi * (Double(i) + 0.5) / Double(count))
            return s * s
        }
        scale = 2 / (Double(size) * window.reduce(0) { $0 + $1 * $1 })
        let frequency = { (bin: Int) in Double(bin) * Double(rate) / Double(size) }
        let bins = { (low: Double, high: Double) -> Range<Int> in
            let first = (0...size / 2).first { frequency($0) >= low } ?? size / 2 + 1
            let end = (0...size / 2).first { frequency($0) >= high } ?? size / 2 + 1
            return first..<max(first, end)
        }
        speechBins = bins(SpeechDetector.speechBand.0, SpeechDetector.speechBand.1)
        fricativeBins = bins(SpeechDetector.fricativeBand.0, min(SpeechDetector.fricativeBand.1, Double(rate) / 2))
        harmonicity = try SpeechHarmonicity(size: size, window: window, rate: rate, bins: speechBins)
        spectrum = try RealSpectrum(length: size)
        buffer = [Double](repeating: 0, count: offset)
        bufferStart = -offset
        frame = [Double](repeating: 0, count: size)
        power = [Double](repeating: 0, count: size / 2 + 1)
    }

    /// Takes the next samples; the features of the frames they complete.
    mutating func append(_ samples: UnsafeBufferPointer<Float>) -> [Features] {
        buffer.append(contentsOf: samples.lazy.map(Double.init))
        sampleCount += samples.count
        var complete: [Features] = []
        while nextFrame * hop - offset + windowLength <= sampleCount { complete.append(analyseNextFrame()) }
        return complete
    }

    /// The features of the frames still to come, their windows padded with zeros
    /// after the end: one frame per hop, the last hop possibly short.
    mutating func finish() -> [Features] {
        let total = (sampleCount + hop - 1) / hop
        var rest: [Features] = []
        while nextFrame < total { rest.append(analyseNextFrame()) }
        return rest
    }

    private mutating func analyseNextFrame() -> Features {
        let start = nextFrame * hop - offset - bufferStart
        for i in 0..<windowLength {
            let index = start + i
            frame[i] = (index < buffer.count ? buffer[index] : 0) * window[i]
        }
        nextFrame += 1
        // Samples before the next frame's window are not needed again.
        let keep = nextFrame * hop - offset - bufferStart
        if keep > 8 * windowLength {
            buffer.removeFirst(keep)
            bufferStart += keep
        }
        frame.withUnsafeBufferPointer { x in
            power.withUnsafeMutableBufferPointer { spectrum.power(of: x.baseAddress!, into: $0.baseAddress!) }
        }
        var speech = 0.0, fricative = 0.0
        for k in speechBins { speech += power[k] }
        for k in fricativeBins { fricative += power[k] }
        let speechLevel = 10 * log10(speech * scale + 1e-12)
        let canBeCore = speechLevel >= SpeechDetector.floorMinimum + SpeechDetector.coreThreshold
        return Features(speechLevel: speechLevel, fricativeLevel: 10 * log10(fricative * scale + 1e-12),
                        speechBand: canBeCore ? Array(power[speechBins]) : [])
    }
}
