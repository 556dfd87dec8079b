internal import Foundation
internal import MixdownDSP
internal import MixdownFFmpeg

/// The noise level afftdn should be told, from the pause audio's spectrum in
/// afftdn's 15 profile bands.
///
/// afftdn's sampled profile is only a shape: its absolute level is the noise
/// floor option (`nf`, −50 dB by default), and the shape is clipped to ±24 dB
/// around its mean. So the audio is shifted until the noise's band levels
/// match that floor: their mean in dB, raised by whatever the loudest band
/// stands more than 24 dB over the mean (brown, low-passed noise: the clip would
/// otherwise leave its loudest bands under-estimated), plus a calibration.
/// Measured (speech at 10 dB SNR over pink, white and air-conditioning-like
/// noise): 1.6 dB over that level keeps STOI at or above the input's and takes
/// 11 to 20 dB out of the pauses; an estimate 8 dB lower left 6 dB of reduction on
/// pink noise, one 2.4 dB higher lowered STOI on the air-conditioning noise.
struct NoiseBands {
    /// How far afftdn's profile may stand from its mean, in dB (its clip).
    static let shapeClip = 24.0
    /// Added to the band estimate, in dB: the measured calibration.
    static let calibration = 1.6
    /// afftdn's noise floor option as the chain leaves it, in dB.
    static let afftdnFloor = -50.0

    private let length = 2048
    private let sampleRate: Int
    private let transform: RealTransformContext
    private var power: [Double]
    private var frames = 0
    /// The samples of the frame being gathered, per channel, with half a frame of overlap.
    private var pending: [[Double]] = [[], []]
    private let window: [Double]

    /// An analysis at `sampleRate` Hz; nil when FFmpeg refuses the transform.
    init?(sampleRate: Int) {
        guard let transform = RealTransformContext(length: length, inverse: false) else { return nil }
        self.transform = transform
        self.sampleRate = sampleRate
        power = [Double](repeating: 0, count: length / 2 + 1)
        let length = length
        window = (0..<length).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length)) }
    }

    /// Adds `audio` (stereo) to the average spectrum.
    mutating func add(_ audio: AudioSlice) {
        for channel in 0..<2 {
            for sample in audio.channel(channel) {
                pending[channel].append(Double(sample))
                if pending[channel].count == length {
                    accumulate(pending[channel])
                    pending[channel].removeFirst(length / 2)
                }
            }
        }
    }

    private mutating func accumulate(_ samples: [Double]) {
        var input = zip(samples, window).map { $0 * $1 }
        var output = [Double](repeating: 0, count: length + 2)
        input.withUnsafeMutableBufferPointer { i in
            output.withUnsafeMutableBufferPointer { o in transform.run(i.baseAddress!, into: o.baseAddress!) }
        }
        for bin in 0...length / 2 {
            power[bin] += output[2 * bin] * output[2 * bin] + output[2 * bin + 1] * output[2 * bin + 1]
        }
        frames += 1
    }

    /// afftdn's profile band centres at this rate, in Hz (80 Hz, then ×1.5 rounded as afftdn rounds them).
    static var centres: [Int] {
        var centres = [80]
        while centres.count < 15 {
            let next = Int((1.5 * Double(centres.last!) + 5).rounded())
            switch next {
            case ..<1000: centres.append(10 * (next / 10))
            case ..<5000: centres.append(50 * ((next + 20) / 50))
            case ..<15000: centres.append(100 * ((next + 45) / 100))
            default: centres.append(1000 * ((next + 495) / 1000))
            }
        }
        return centres
    }

    /// The level to tell afftdn, in dB of the spectrum's own scale (see the type); nil without a whole frame.
    var estimate: Double? {
        guard frames > 0 else { return nil }
        let scale = Double(frames) * window.reduce(0) { $0 + $1 * $1 }
        let binWidth = Double(sampleRate) / Double(length)
        let nyquist = Double(sampleRate) / 2
        let levels = Self.centres.compactMap { centre -> Double? in
            let low = Double(centre) / 1.224745, high = min(Double(centre) * 1.224745, nyquist)
            let bins = (0...length / 2).filter { Double($0) * binWidth >= low && Double($0) * binWidth < high }
            guard !bins.isEmpty else { return nil }
            let mean = bins.reduce(0) { $0 + power[$1] } / Double(bins.count) / scale
            return 10 * log10(max(mean, 1e-20))
        }
        guard !levels.isEmpty else { return nil }
        let mean = levels.reduce(0, +) / Double(levels.count)
        let excess = max(0, levels.max()! - mean - Self.shapeClip)
        return mean + excess + Self.calibration
    }
}
