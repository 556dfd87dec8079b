import Foundation

/// ITU-R BT.2390's EETF: the tone curve that fits HDR light with a peak of
/// `sourcePeak` cd/m² into a display whose peak is `targetPeak`, in the PQ domain.
///
/// BT.2390-10, section 5.4.1, with both blacks at 0 cd/m². Let PQ(L) be SMPTE ST
/// 2084's inverse EOTF (cd/m² → signal 0…1) and PQ⁻¹ its EOTF. A luminance `L`
/// is encoded and normalised to the source's peak:
///
///     E1 = PQ(L) / PQ(sourcePeak),  maxLum = PQ(targetPeak) / PQ(sourcePeak)
///
/// The knee starts at `KS = 1.5 · maxLum − 0.5`. Below it the curve is the
/// identity; from it to the source's peak a cubic Hermite spline runs from
/// (KS, KS) with slope 1 to (1, maxLum) with slope 0:
///
///     T  = (E1 − KS) / (1 − KS)
///     E2 = (2T³ − 3T² + 1) · KS + (T³ − 2T² + T) · (1 − KS) + (−2T³ + 3T²) · maxLum
///
/// and above the source's peak the curve stays at `maxLum` (E2 = maxLum for E1 > 1).
/// The result is denormalised, `L' = PQ⁻¹(E2 · PQ(sourcePeak))`; with black at
/// 0 the spec's black lift `E2 + b · (1 − E2)⁴` is the identity (b = 0).
/// The curve is continuous with its first derivative, non-decreasing, maps 0 to
/// 0 and the source's peak exactly to the target's. When the source's peak is at
/// most the target's (`maxLum ≥ 1`) nothing needs compressing and the curve is
/// the identity.
///
/// For 1000 cd/m² (HLG's nominal display, and HDR10's usual mastering peak) into
/// 100 cd/m²: PQ(1000) = 0.7518, PQ(100) = 0.5081, maxLum = 0.6758, KS = 0.5137,
/// so the knee starts at PQ 0.3862, 27.9 cd/m²: light below it is untouched;
/// HDR's reference white, 203 cd/m², becomes 88.2 and 1000 becomes 100.
///
/// Applied by `ColourConversion` to the largest of a pixel's linear R, G and B
/// (BT.2390's maxRGB variant), scaling all three by the same ratio, so hue and
/// the ratios between components are kept.
package struct ToneCurve: Hashable, Sendable {
    /// The source's peak luminance, cd/m².
    package let sourcePeak: Double
    /// The target display's peak luminance, cd/m².
    package let targetPeak: Double
    /// PQ(sourcePeak): the signal the normalisation divides by.
    package let sourcePeakSignal: Double
    /// maxLum: the target's peak in the normalised source domain.
    package let maximumLuminance: Double
    /// KS, where the knee starts in the normalised source domain (1.5 · maxLum − 0.5).
    package let kneeStart: Double

    /// The curve from a source peak to a target peak.
    /// - Parameters:
    ///   - sourcePeak: The source's peak luminance in cd/m² (its mastering display's
    ///     maximum, or 1000 for HLG or when unknown); positive.
    ///   - targetPeak: The target display's peak luminance in cd/m²; 100 for SDR.
    package init(sourcePeak: Double, targetPeak: Double = 100) {
        precondition(sourcePeak > 0 && targetPeak > 0, "peak luminances must be positive")
        self.sourcePeak = sourcePeak
        self.targetPeak = targetPeak
        sourcePeakSignal = Self.signal(luminance: sourcePeak)
        maximumLuminance = Self.signal(luminance: targetPeak) / sourcePeakSignal
        kneeStart = 1.5 * maximumLuminance - 0.5
    }

    /// Whether the curve changes anything: false when the source's peak is at most the target's.
    package var compresses: Bool { maximumLuminance < 1 }

    /// The curve in the PQ domain: an absolute PQ signal (0…1, 1 = 10 000 cd/m²) to the one it becomes.
    /// - Parameter signal: The source's PQ signal.
    package func callAsFunction(signal: Double) -> Double {
        guard compresses, signal > 0 else { return max(signal, 0) }
        let e1 = signal / sourcePeakSignal
        if e1 < kneeStart { return signal }
        if e1 >= 1 { return maximumLuminance * sourcePeakSignal }
        let t = (e1 - kneeStart) / (1 - kneeStart)
        let t2 = t * t, t3 = t2 * t
        let e2 = (2 * t3 - 3 * t2 + 1) * kneeStart + (t3 - 2 * t2 + t) * (1 - kneeStart) + (-2 * t3 + 3 * t2) * maximumLuminance
        return e2 * sourcePeakSignal
    }

    /// The curve on light: a luminance in cd/m² to the one it becomes.
    /// - Parameter luminance: The source's luminance, cd/m².
    package func callAsFunction(luminance: Double) -> Double {
        Self.luminance(signal: self(signal: Self.signal(luminance: luminance)))
    }

    // SMPTE ST 2084's constants, exact as the standard writes them.
    private static let m1 = 2610.0 / 16384
    private static let m2 = 2523.0 / 4096 * 128
    private static let c1 = 3424.0 / 4096
    private static let c2 = 2413.0 / 4096 * 32
    private static let c3 = 2392.0 / 4096 * 32

    /// SMPTE ST 2084's inverse EOTF: cd/m² (0…10 000) to the PQ signal (0…1).
    ///
    /// The curve is defined in this domain, so it carries PQ itself; pictures'
    /// transfers are zimg's, never this (it builds `ColourConversion`'s table).
    /// - Parameter luminance: Light in cd/m²; negative counts as 0.
    package static func signal(luminance: Double) -> Double {
        guard luminance > 0 else { return 0 }
        let y = pow(luminance / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// SMPTE ST 2084's EOTF: the PQ signal (0…1) to cd/m².
    /// - Parameter signal: The PQ signal; negative counts as 0.
    package static func luminance(signal: Double) -> Double {
        guard signal > 0 else { return 0 }
        let e = pow(signal, 1 / m2)
        return 10_000 * pow(max(e - c1, 0) / (c2 - c3 * e), 1 / m1)
    }
}
