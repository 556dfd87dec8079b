import ArgumentParser
import Foundation
import MixdownUnits

/// How progress is shown on stderr.
enum ProgressStyle: String, ExpressibleByArgument, CaseIterable {
    /// A bar redrawn in place, on a terminal only.
    case bar
    /// One JSON object per line, once a second, for scripts.
    case json
    case none
}

/// Progress on stderr: percent, × realtime and time left, as a bar or JSON lines.
final class ProgressReporter {
    let total: Int64
    let sampleRate: SampleRate
    let style: ProgressStyle
    private let started = Date()
    private var lastReport = Date.distantPast

    init(total: Int64, sampleRate: SampleRate, style: ProgressStyle, quiet: Bool) {
        self.total = total
        self.sampleRate = sampleRate
        self.style = quiet ? .none : (style == .bar && isatty(2) != 1 ? .none : style)
    }

    func update(_ done: Int64) {
        let interval = style == .json ? 1.0 : 0.2
        guard style != .none, Date().timeIntervalSince(lastReport) >= interval else { return }
        lastReport = Date()
        write(done)
    }

    /// Clears the bar, or prints the final JSON line.
    func finish() {
        switch style {
        case .bar: writeToStandardError("\r\u{1B}[K")
        case .json: write(total)
        case .none: break
        }
    }

    private func write(_ done: Int64) {
        let elapsed = Date().timeIntervalSince(started)
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let speed = elapsed > 0 ? Double(done) / Double(sampleRate.hertz) / elapsed : 0
        let left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let text: String
        if style == .json {
            text = String(format: "{\"progress\":%.4f,\"seconds\":%.3f,\"speed\":%.1f,\"remaining\":%.1f}\n",
                          fraction, Double(done) / Double(sampleRate.hertz), speed, left)
        } else {
            let width = 30, filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            text = String(format: "\r[%@] %5.1f%%  %.0f× realtime  %.0f s left ", bar, fraction * 100, speed, left)
        }
        writeToStandardError(text)
    }
}
