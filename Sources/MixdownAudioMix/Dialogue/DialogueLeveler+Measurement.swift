import MixdownTime

extension DialogueLeveler {
    /// What the leveler reads off one item's hops: which are speech, which phrase
    /// each belongs to, and the speech loudness.
    internal struct Measurement {
        /// Hops whose window ends inside the item.
        let hopCount: Int
        /// Whether any hop reaches the absolute gate.
        let isAudible: Bool
        /// Hops whose window is at least half speech, in order.
        let speechHops: [Int]
        /// For each hop, the phrase (index into `speech`) holding at least half its window.
        let phraseOfHop: [Int?]
        /// BS.1770 gated loudness of the speech hops, LUFS; nil when none passes.
        let speechLoudness: Double?

        init(_ hops: DialogueHops) throws(AudioMixError) {
            hopCount = try hops.usableHopCount()
            let energies = hops.energies.prefix(hopCount)
            isAudible = energies.contains(where: DialogueLeveler.isAudible)
            var speechHops: [Int] = []
            var phraseOfHop: [Int?] = []
            var first = 0
            for k in 0..<hopCount {
                let window = try hops.window(of: k)
                // Phrases are sorted: skip those that ended before this window, for good.
                while first < hops.speech.count, hops.speech[first].end <= window.start { first += 1 }
                var inSpeech = MediaTime.zero
                var phrase: Int?
                var p = first
                while p < hops.speech.count, hops.speech[p].start < window.end {
                    if let overlap = hops.speech[p].intersection(window) {
                        inSpeech = try withTimeArithmetic { () throws(MediaTimeError) in try inSpeech + overlap.duration }
                        if try Self.isHalf(overlap.duration, of: window.duration), phrase == nil { phrase = p }
                    }
                    p += 1
                }
                if try Self.isHalf(inSpeech, of: window.duration) { speechHops.append(k) }
                phraseOfHop.append(phrase)
            }
            self.speechHops = speechHops
            self.phraseOfHop = phraseOfHop
            speechLoudness = DialogueLeveler.gatedLoudness(speechHops.map { hops.energies[$0] })
        }

        /// Whether `part` is at least half of `whole`, exactly.
        private static func isHalf(_ part: MediaTime, of whole: MediaTime) throws(AudioMixError) -> Bool {
            try withTimeArithmetic { () throws(MediaTimeError) in try part.multiplied(by: 2) >= whole }
        }
    }
}
