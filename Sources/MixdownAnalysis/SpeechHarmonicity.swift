import Foundation

/// Rule 2's harmonicity of ``SpeechDetector``, worked out only for the frames
/// whose answer can matter: `max over lags of r(τ) / rw(τ) / r(0)`, where r is
/// the autocorrelation of the speech band (the inverse transform of its power),
/// rw the window's; 0 when the band is silent.
///
/// Only a frame whose speech band stands ``SpeechDetector``'s core threshold
/// above its floor can be a core frame, and that is known once the floors are
/// (``SpeechFloors``): asking then, instead of for every frame as it is
/// analysed, saves the inverse transform of most frames of noise and music.
/// Not thread-safe: one per detector.
final class SpeechHarmonicity {
    private let bins: Range<Int>
    private let lags: ClosedRange<Int>
    /// The window's circular autocorrelation at each of `lags`, normalised to 1 at lag 0.
    private let windowCorrelation: [Double]
    private let spectrum: RealSpectrum
    private var bandPower: [Double]
    private var correlation: [Double]

    /// For frames of `size` samples (a power of two) weighted by `window`
    /// (zero-padded to `size`), at `rate`, whose speech band is `bins`.
    init(size: Int, window: [Double], rate: Int, bins: Range<Int>) throws(RealSpectrum.Unavailable) {
        self.bins = bins
        lags = Int((Double(rate) / SpeechDetector.pitchRange.1 + 0.5).rounded(.down))
            ... Int((Double(rate) / SpeechDetector.pitchRange.0 + 0.5).rounded(.down))
        var padded = [Double](repeating: 0, count: size)
        padded.replaceSubrange(0..<window.count, with: window)
        let energy = padded.reduce(0) { $0 + $1 * $1 }
        windowCorrelation = lags.map { lag in
            (0..<size).reduce(0.0) { $0 + padded[$1] * padded[($1 + lag) % size] } / energy
        }
        spectrum = try RealSpectrum(length: size)
        bandPower = [Double](repeating: 0, count: size / 2 + 1)
        correlation = [Double](repeating: 0, count: size)
    }

    /// The harmonicity of a frame whose speech-band power, bin by bin over the
    /// band, is `band` (`SpeechFrameAnalysis.Features.speechBand`); 0 for an empty band.
    func of(_ band: [Double]) -> Double {
        guard !band.isEmpty else { return 0 }
        // Outside the band the power stays 0 from init: only the band's bins change.
        for (k, power) in zip(bins, band) { bandPower[k] = power }
        bandPower.withUnsafeBufferPointer { power in
            correlation.withUnsafeMutableBufferPointer { spectrum.autocorrelation(ofPower: power.baseAddress!, into: $0.baseAddress!) }
        }
        let zero = correlation[0]
        guard zero > 0 else { return 0 }
        var best = -Double.infinity
        for (n, lag) in lags.enumerated() { best = max(best, correlation[lag] / windowCorrelation[n]) }
        return best / zero
    }
}
