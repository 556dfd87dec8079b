/// Rule 5 of ``SpeechDetector``: runs of speech frames become regions of
/// samples, bridged over short pauses and widened by the pre-roll and hangover.
struct SpeechRegions {
    let hop: Int64
    let pause: Int64
    let preRoll: Int64
    let hangover: Int64
    private var frame: Int64 = 0
    private var runStart: Int64?
    private var pending: Range<Int64>?
    private var found: [Range<Int64>] = []

    init(hop: Int64, pause: Int64, preRoll: Int64, hangover: Int64) {
        self.hop = hop
        self.pause = pause
        self.preRoll = preRoll
        self.hangover = hangover
    }

    /// Takes whether the next frame is speech.
    mutating func frame(_ isSpeech: Bool) {
        if isSpeech {
            if runStart == nil { runStart = frame }
        } else if let start = runStart {
            add(start * hop..<frame * hop)
            runStart = nil
        }
        frame += 1
    }

    /// Every region, clipped to the signal's `signalEnd` samples.
    mutating func finish(signalEnd: Int64) -> [Range<Int64>] {
        if let start = runStart {
            add(start * hop..<min(frame * hop, signalEnd))
            runStart = nil
        }
        close()
        return found.compactMap { region in
            let end = min(region.upperBound, signalEnd)
            return region.lowerBound < end ? region.lowerBound..<end : nil
        }
    }

    /// A raw region: bridged into the pending one, or the pending one lets go.
    private mutating func add(_ region: Range<Int64>) {
        if let current = pending, region.lowerBound - current.upperBound < pause {
            pending = current.lowerBound..<region.upperBound
        } else {
            close()
            pending = region
        }
    }

    /// The pending region widened and kept, merged with the last one if they now meet.
    private mutating func close() {
        guard let region = pending else { return }
        pending = nil
        let widened = max(0, region.lowerBound - preRoll)..<(region.upperBound + hangover)
        if let last = found.last, widened.lowerBound <= last.upperBound {
            found[found.count - 1] = last.lowerBound..<max(last.upperBound, widened.upperBound)
        } else {
            found.append(widened)
        }
    }
}
