/// The second half of rule 4 of ``SpeechDetector``: a frame that extends speech
/// is speech when a core frame lies within `coreReach` frames of it; and speech,
/// once started, carries on through the frames right after it that `continues`
/// (the hysteresis), up to `continueLimit` frames after the last one that started.
struct SpeechDecisions {
    private let reach = SpeechDetector.coreReach
    private let limit = SpeechDetector.continueLimit
    /// Decisions of frames `start ..< received`.
    private var pending: [SpeechFloors.Decision] = []
    private var start = 0
    private var received = 0
    private var next = 0
    /// Whether the last frame decided was speech.
    private var previous = false
    /// Frames since the last one that was speech by the first test, saturating past `limit`.
    private var sinceStart = SpeechDetector.continueLimit + 1

    /// Takes the next frame's decision; whether the frames it completes are speech.
    mutating func add(_ decision: SpeechFloors.Decision) -> [Bool] {
        pending.append(decision)
        received += 1
        return decide(final: false)
    }

    /// Whether the frames still undecided are speech, the reach clipped at the end.
    mutating func finish() -> [Bool] {
        decide(final: true)
    }

    private mutating func decide(final: Bool) -> [Bool] {
        var speech: [Bool] = []
        while next < received && (final || next + reach < received) {
            let near = max(start, next - reach)...min(received - 1, next + reach)
            let decision = pending[next - start]
            let isSpeech: Bool
            if decision.extends && near.contains(where: { pending[$0 - start].isCore }) {
                sinceStart = 0
                isSpeech = true
            } else {
                sinceStart = min(sinceStart, limit) + 1
                isSpeech = previous && sinceStart <= limit && decision.continues
            }
            previous = isSpeech
            speech.append(isSpeech)
            next += 1
            if next - reach - start > 4 * reach {
                let drop = next - reach - start
                pending.removeFirst(drop)
                start += drop
            }
        }
        return speech
    }
}
