import Foundation

/// A progress line redrawn in place on a terminal: percent, × realtime, time left.
final class ProgressLine {
    let total: Int64
    let sampleRate: Int32
    let enabled: Bool
    private let started = Date()
    private var lastDraw = Date.distantPast

    init(total: Int64, sampleRate: Int32, enabled: Bool) {
        self.total = total
        self.sampleRate = sampleRate
        self.enabled = enabled
    }

    func update(_ done: Int64) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = Date()
        let elapsed = Date().timeIntervalSince(started)
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let speed = elapsed > 0 ? Double(done) / Double(sampleRate) / elapsed : 0
        let left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let line = String(format: "\r%5.1f%%  %.0f× realtime  %.0f s left ", fraction * 100, speed, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
