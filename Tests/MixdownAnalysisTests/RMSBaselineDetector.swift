import Foundation

/// The detector Mixdown had before `SpeechDetector`, as the baseline its figures
/// are compared with: 20 ms windows every 10 ms loud at −30 dBFS RMS or more,
/// merged; regions under 50 ms dropped; gaps under `maxPause` bridged; 100 ms of
/// hangover. (Offline: the whole signal at once.)
enum RMSBaselineDetector {
    static func regions(_ x: [Float], rate: Int, maxPause: Double) -> [Range<Int>] {
        let hop = rate / 100
        let threshold = pow(10, -30.0 / 10)
        var raw: [Range<Int>] = []
        var start = 0
        while start < x.count {
            let window = start..<min(x.count, start + 2 * hop)
            let meanSquare = x[window].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(window.count)
            if meanSquare >= threshold {
                if let last = raw.last, window.lowerBound <= last.upperBound {
                    raw[raw.count - 1] = last.lowerBound..<window.upperBound
                } else {
                    raw.append(window)
                }
            }
            start += hop
        }
        var regions: [Range<Int>] = []
        for region in raw where region.count >= rate / 20 {
            if let last = regions.last, region.lowerBound - last.upperBound < Int(maxPause * Double(rate)) {
                regions[regions.count - 1] = last.lowerBound..<region.upperBound
            } else {
                regions.append(region)
            }
        }
        return regions.map { $0.lowerBound..<min(x.count, $0.upperBound + rate / 10) }
    }
}
