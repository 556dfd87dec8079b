internal import MixdownFFmpeg

/// Power spectra and autocorrelations of real signals of one length, by FFmpeg's
/// Fourier transforms (double precision, `RealTransformContext`): for signal
/// analysis such as speech detection, which should not hand-write what FFmpeg does.
///
/// Not thread-safe: it owns its transforms and scratch; use one per thread.
final class RealSpectrum {
    /// FFmpeg has no transform of the length asked for.
    struct Unavailable: Error, CustomStringConvertible {
        /// The length asked for.
        let length: Int

        /// One line: `spectrum: unsupported: no real Fourier transform of 6 samples`.
        var description: String { "spectrum: unsupported: no real Fourier transform of \(length) samples" }
    }

    /// The signal length, a power of two of at least 4.
    let length: Int
    private let forward: RealTransformContext
    private let inverse: RealTransformContext
    /// `length + 2` doubles: the spectrum, interleaved re, im.
    private let spectrum: UnsafeMutablePointer<Double>
    private let input: UnsafeMutablePointer<Double>

    /// Prepares the transforms for signals of `length` samples.
    ///
    /// - Throws: `Unavailable` unless `length` is a power of two of at least 4
    ///   that FFmpeg's transform accepts.
    init(length: Int) throws(Unavailable) {
        guard length >= 4, length & (length - 1) == 0,
              let forward = RealTransformContext(length: length, inverse: false),
              let inverse = RealTransformContext(length: length, inverse: true)
        else { throw Unavailable(length: length) }
        self.length = length
        self.forward = forward
        self.inverse = inverse
        spectrum = .allocate(capacity: length + 2)
        input = .allocate(capacity: length + 2)
    }

    deinit {
        spectrum.deallocate()
        input.deallocate()
    }

    /// `|X_k|²` of the DFT of `signal` (`length` samples; not changed), for
    /// k = 0 … length / 2, into `power` (`length / 2 + 1` values).
    func power(of signal: UnsafePointer<Double>, into power: UnsafeMutablePointer<Double>) {
        input.update(from: signal, count: length)
        forward.run(input, into: spectrum)
        for k in 0...length / 2 {
            let re = spectrum[2 * k], im = spectrum[2 * k + 1]
            power[k] = re * re + im * im
        }
    }

    /// The inverse DFT of a real, even spectrum `power` (`length / 2 + 1` values,
    /// not changed) into `output` (`length` values), unnormalised:
    /// `output[τ] = Σ_k P_k e^{2πikτ/length}` over the full spectrum, the circular
    /// autocorrelation of a signal whose power spectrum is `power`, times `length`.
    func autocorrelation(ofPower power: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>) {
        for k in 0...length / 2 {
            spectrum[2 * k] = power[k]
            spectrum[2 * k + 1] = 0
        }
        inverse.run(spectrum, into: output)
    }
}
