/// Precision and recall by duration: 10 ms frames, a frame detected when its
/// centre lies in a detected region, pooled over takes.
struct SpeechScore {
    var hits = 0
    var detected = 0
    var truth = 0

    var precision: Double { detected == 0 ? 0 : Double(hits) / Double(detected) }
    var recall: Double { truth == 0 ? 0 : Double(hits) / Double(truth) }

    /// Adds a take: its `regions` (sample ranges) against its `truth` (per frame).
    mutating func add(_ regions: [Range<Int>], truth: [Bool], frame: Int) {
        for (i, isSpeech) in truth.enumerated() {
            let centre = i * frame + frame / 2
            let found = regions.contains { $0.contains(centre) }
            if found { detected += 1 }
            if isSpeech { self.truth += 1 }
            if found && isSpeech { hits += 1 }
        }
    }

    /// `0.980 / 0.965`
    var text: String { String(format: "%.3f / %.3f", precision, recall) }
}
