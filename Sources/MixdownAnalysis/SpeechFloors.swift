/// Rules 3 and the first half of 4 of ``SpeechDetector``: each band's noise
/// floor (a low percentile of its level over the frames around) and its spread,
/// and what a frame's levels above their floors make of it.
///
/// A frame is decided once the frames `floorRadius` after it are known (or the
/// signal has ended); memory holds those frames and the window's sorted levels.
struct SpeechFloors {
    /// What a frame's levels, floors and harmonicity say, for rule 4.
    struct Decision {
        /// Loud enough above the floor to be part of speech.
        var extends: Bool
        /// Loud enough above the floor to carry on speech that has started: a lower
        /// bar than `extends`, unless the noise fluctuates as high.
        var continues: Bool
        /// Loud and harmonic enough to prove there is speech near.
        var isCore: Bool
    }

    private let radius = SpeechDetector.floorRadius
    /// Speech-band levels below this are never speech.
    private let minimumLevel: Double
    /// Features of frames `historyStart ..< received`.
    private var history: [SpeechFrameAnalysis.Features] = []
    private var historyStart = 0
    private var received = 0
    /// The levels of frames `windowStart ..< windowEnd`, sorted, per band.
    private var speechLevels = SortedLevels()
    private var fricativeLevels = SortedLevels()
    private var windowStart = 0
    private var windowEnd = 0
    /// The next frame to decide.
    private var next = 0

    /// Asked for a frame's harmonicity only when it stands high enough above its floor to be a core frame.
    private let harmonicity: SpeechHarmonicity

    init(minimumLevel: Double, harmonicity: SpeechHarmonicity) {
        self.minimumLevel = minimumLevel
        self.harmonicity = harmonicity
    }

    /// Takes the next frame's features; the decisions they complete.
    mutating func add(_ features: SpeechFrameAnalysis.Features) -> [Decision] {
        history.append(features)
        received += 1
        return decide(final: false)
    }

    /// The decisions of the frames still undecided, the windows clipped at the end.
    mutating func finish() -> [Decision] {
        decide(final: true)
    }

    private mutating func decide(final: Bool) -> [Decision] {
        var decisions: [Decision] = []
        while next < received && (final || next + radius < received) {
            let high = min(next + radius, received - 1)
            while windowEnd <= high {
                let features = history[windowEnd - historyStart]
                speechLevels.insert(features.speechLevel)
                fricativeLevels.insert(features.fricativeLevel)
                windowEnd += 1
            }
            while windowStart < next - radius {
                let features = history[windowStart - historyStart]
                speechLevels.remove(features.speechLevel)
                fricativeLevels.remove(features.fricativeLevel)
                windowStart += 1
            }
            let count = windowEnd - windowStart
            let index = Int((SpeechDetector.floorQuantile * Double(count - 1)).rounded(.down))
            let spreadIndex = Int((SpeechDetector.spreadQuantile * Double(count - 1)).rounded(.down))
            let features = history[next - historyStart]
            let speech = Band(level: features.speechLevel, sorted: speechLevels, floor: index, spread: spreadIndex)
            let fricative = Band(level: features.fricativeLevel, sorted: fricativeLevels, floor: index, spread: spreadIndex)
            let audible = features.speechLevel >= minimumLevel
            decisions.append(Decision(
                extends: audible && (speech.above >= SpeechDetector.extendThreshold || fricative.above >= SpeechDetector.fricativeThreshold),
                continues: audible && (speech.above >= speech.bar(SpeechDetector.continueThreshold)
                                       || fricative.above >= fricative.bar(SpeechDetector.fricativeContinueThreshold)),
                isCore: audible && speech.above >= SpeechDetector.coreThreshold
                    && harmonicity.of(features.speechBand) >= SpeechDetector.harmonicityThreshold))
            next += 1
            let unneeded = min(windowStart, next) - historyStart
            if unneeded > 4 * radius {
                history.removeFirst(unneeded)
                historyStart += unneeded
            }
        }
        return decisions
    }
}

/// One band of one frame against its window: how far it stands above its floor,
/// and the bar speech must clear to carry on (rule 4).
private struct Band {
    /// The frame's level above the floor, dB.
    let above: Double
    /// How far the window's spread quantile stands above its floor quantile, dB: how much the noise fluctuates.
    let spread: Double

    init(level: Double, sorted: SortedLevels, floor: Int, spread: Int) {
        let bottom = max(sorted[floor], SpeechDetector.floorMinimum)
        above = level - bottom
        self.spread = max(sorted[spread], SpeechDetector.floorMinimum) - bottom
    }

    /// `margin`, or `spreadFactor` times the spread where the noise fluctuates more.
    func bar(_ margin: Double) -> Double {
        max(margin, SpeechDetector.spreadFactor * spread)
    }
}

/// A multiset of levels kept sorted: insertion and removal by binary search.
private struct SortedLevels {
    private var values: [Double] = []

    subscript(index: Int) -> Double { values[index] }

    mutating func insert(_ value: Double) {
        values.insert(value, at: firstIndex(notBelow: value))
    }

    mutating func remove(_ value: Double) {
        values.remove(at: firstIndex(notBelow: value))
    }

    /// The first index whose value is not below `value`.
    private func firstIndex(notBelow value: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
