import Foundation

/// ITU-R BT.2100's and BT.709/BT.1886's formulas in Double, written from the
/// standards for the tests (independent of zimg and of `ToneCurve`).
enum BT2100 {
    // PQ, SMPTE ST 2084.
    static let m1 = 0.1593017578125, m2 = 78.84375, c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875
    // HLG, ARIB STD-B67.
    static let a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277)

    /// PQ inverse EOTF: cd/m² to signal.
    static func pq(_ nits: Double) -> Double {
        let y = pow(max(nits, 0) / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    /// PQ EOTF: signal to cd/m².
    static func pqNits(_ signal: Double) -> Double {
        let e = pow(max(signal, 0), 1 / m2)
        return 10_000 * pow(max(e - c1, 0) / (c2 - c3 * e), 1 / m1)
    }

    /// HLG OETF: scene light 0…1 to signal.
    static func hlgOETF(_ e: Double) -> Double {
        e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    /// HLG inverse OETF: signal to scene light 0…1.
    static func hlgInverseOETF(_ signal: Double) -> Double {
        signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12
    }

    /// HLG signal of a neutral grey shown at `nits` on the nominal 1000 cd/m² display
    /// (inverse EOTF: inverse OOTF with γ = 1.2, then the OETF; black at 0).
    static func hlg(displayNits nits: Double) -> Double {
        hlgOETF(pow(nits / 1000, 1 / 1.2))
    }

    /// Display light of a neutral HLG signal on the 1000 cd/m² display (EOTF: OOTF of the inverse OETF).
    static func hlgNits(_ signal: Double) -> Double {
        1000 * pow(hlgInverseOETF(signal), 1.2)
    }

    /// BT.1886's EOTF with black at 0: signal to relative light (1 = white).
    static func bt1886(_ signal: Double) -> Double { pow(max(signal, 0), 2.4) }

    /// BT.709's OETF: scene light to signal.
    static func bt709OETF(_ e: Double) -> Double { e < 0.018 ? 4.5 * e : 1.099 * pow(e, 0.45) - 0.099 }

    /// Video-range code of a 0…1 luma signal at `bits`.
    static func lumaCode(_ signal: Double, bits: Int) -> Double { Double(1 << (bits - 8)) * (16 + 219 * signal) }

    /// The 0…1 luma signal of a video-range code at `bits`.
    static func lumaSignal(_ code: Double, bits: Int) -> Double { (code / Double(1 << (bits - 8)) - 16) / 219 }

    /// BT.2390's EETF on cd/m², 0 black, written from the recommendation's
    /// section 5.4.1 (for the pipeline's tests; `ToneCurveTests` check `ToneCurve` against it too).
    static func eetf(_ nits: Double, sourcePeak: Double, targetPeak: Double) -> Double {
        let peak = pq(sourcePeak)
        let e1 = pq(nits) / peak
        let maxLum = pq(targetPeak) / peak
        let ks = 1.5 * maxLum - 0.5
        var e2 = e1
        if e1 >= 1 {
            e2 = maxLum
        } else if e1 >= ks {
            let t = (e1 - ks) / (1 - ks)
            e2 = (2 * pow(t, 3) - 3 * pow(t, 2) + 1) * ks + (pow(t, 3) - 2 * pow(t, 2) + t) * (1 - ks) + (-2 * pow(t, 3) + 3 * pow(t, 2)) * maxLum
        }
        return pqNits(e2 * peak)
    }
}
