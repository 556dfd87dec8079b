package import MixdownUnits

/// Dialogue cleanup's filters as libavfilter's filter text: the rumble
/// high-pass, the hum notches, and the noise reduction between a level shift
/// down and back up.
///
/// Every biquad runs in double precision as a transposed direct form II:
/// narrow notches at 50 Hz put their poles within 0.3 % of the unit circle,
/// where single precision would leave a noisy, drifting notch.
package struct CleanupChain: Hashable, Sendable {
    /// The corner of the rumble high-pass (2 poles, Butterworth: 12 dB/octave), or none.
    package var highpass: HighpassFrequency?
    /// The mains frequency whose fundamental and harmonics up to the 6th are notched, or none.
    package var humFrequency: Int?
    /// How far afftdn turns noise down, or none.
    package var denoise: NoiseReduction?
    /// The level shift around afftdn, in dB: afftdn's sampled profile is only a
    /// spectral shape, its level is the noise floor option (−50 dB), so the audio
    /// is shifted to put the learned noise at that floor (`NoiseBands`) and the output shifted back.
    package var denoiseShift: Double = 0
    /// Whether the audio is a mono source's, the same samples in both channels
    /// (`AudioDecoder` puts mono on both sides at unity): the filters then run on
    /// the left channel alone and their output goes to both, exactly what they
    /// give each channel of the stereo, at half the cost.
    package var mono = false
    /// afftdn's adaptivity: measured, 0.3 kept STOI a little higher than the default 0.5
    /// at the same reduction in the pauses.
    package static let adaptivity = 0.3
    /// The highest harmonic notched (the fundamental is the first).
    package static let harmonics = 6
    /// Each notch's Q (centre over width): 2.5 Hz wide at 50 Hz, 15 Hz at 300 Hz,
    /// so harmonics that drift with the mains stay inside their notch.
    package static let notchQ = 20.0
    /// The instance name commands reach afftdn by.
    package static let denoiser = "afftdn@denoise"

    package init(highpass: HighpassFrequency?, humFrequency: Int?, denoise: NoiseReduction?, denoiseShift: Double = 0) {
        self.highpass = highpass
        self.humFrequency = humFrequency
        self.denoise = denoise
        self.denoiseShift = denoiseShift
    }

    /// The filters before noise reduction: high-pass and notches (`anull` when neither).
    package var preFilters: String {
        var filters: [String] = []
        if let highpass {
            filters.append("highpass=f=\(Self.number(highpass.hertz)):p=2:t=q:w=0.707107:a=tdii:r=f64")
        }
        if let humFrequency {
            for harmonic in 1...Self.harmonics {
                filters.append("bandreject=f=\(humFrequency * harmonic):t=q:w=\(Self.number(Self.notchQ)):a=tdii:r=f64")
            }
        }
        return filters.isEmpty ? "anull" : filters.joined(separator: ",")
    }

    /// The whole chain; with `passThrough`, afftdn only windows and overlaps
    /// (`om=i`), delaying the audio exactly as it does when it reduces noise:
    /// the chain to measure the latency with.
    package func text(passThrough: Bool = false) -> String {
        var chain = preFilters
        if let denoise {
            let shift = Self.number(denoiseShift)
            let back = Self.number(-denoiseShift)
            chain += ",volume=\(shift)dB:precision=double,"
                + "\(Self.denoiser)=nr=\(Self.number(denoise.decibels)):ad=\(Self.number(Self.adaptivity))\(passThrough ? ":om=i" : ""),"
                + "volume=\(back)dB:precision=double"
        }
        // Pure channel mappings: pan copies the samples, it does not mix them.
        return mono ? "pan=mono|c0=c0," + chain + ",pan=stereo|c0=c0|c1=c0" : chain
    }

    /// `value` in plain decimal with at most 6 decimals, as filter options take it (never `1e-05`).
    static func number(_ value: Double) -> String {
        let micro = Int64((value * 1_000_000).rounded())
        let sign = micro < 0 ? "-" : ""
        let whole = abs(micro) / 1_000_000
        let fraction = abs(micro) % 1_000_000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }
}
