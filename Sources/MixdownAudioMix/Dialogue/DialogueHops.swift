import MixdownTime

/// One dialogue item as the leveler measures it: its momentary energies every hop
/// and where its speech is, all on the timeline.
///
/// Hop `k`'s window is the ``windowHops`` hops (400 ms) ending at
/// `timeRange.start + (k + 1)·hopDuration`; its energy is the BS.1770 K-weighted
/// mean-square energy there, `10^((L + 0.691) / 10)` for a momentary loudness `L`
/// (0 for silence; `LoudnessHops` in MixdownLoudness measures it). Hops whose window
/// ends after the item's end are ignored.
public struct DialogueHops: Hashable, Sendable {
    /// The item on the timeline.
    public let timeRange: MediaTimeRange
    /// One hop: 100 ms, or the nearest whole number of frames to it.
    public let hopDuration: MediaTime
    /// Energy of each hop's window, linear mean square (not dB).
    public let energies: [Double]
    /// The speech phrases the detector found, on the timeline: inside ``timeRange``,
    /// sorted, not overlapping, none empty.
    public let speech: [MediaTimeRange]

    /// Hops in a window: 4, 400 ms (BS.1770's gating block, the momentary window).
    public static let windowHops: Int64 = 4

    /// An item's measurement. Speech reaching outside `timeRange` is cut to it, and
    /// what is left empty dropped.
    ///
    /// - Throws: ``AudioMixError/invalidSetting(name:reason:)`` (named
    ///   "dialogue hops") for a hop that is not positive, an energy that is negative
    ///   or not finite, or speech ranges out of order or overlapping.
    public init(timeRange: MediaTimeRange, hopDuration: MediaTime, energies: [Double], speech: [MediaTimeRange])
    throws(AudioMixError) {
        func refuse(_ reason: String) -> AudioMixError { .invalidSetting(name: "dialogue hops", reason: reason) }
        guard hopDuration > .zero else { throw refuse("the hop must be longer than 0s, got \(hopDuration.readable)") }
        if let bad = energies.firstIndex(where: { !($0.isFinite && $0 >= 0) }) {
            throw refuse("energy \(bad) must be a finite number >= 0, got \(energies[bad])")
        }
        for (earlier, later) in zip(speech, speech.dropFirst()) where later.start < earlier.end {
            throw refuse("speech \(later) starts before speech \(earlier) ends")
        }
        self.timeRange = timeRange
        self.hopDuration = hopDuration
        self.energies = energies
        self.speech = speech.compactMap { $0.intersection(timeRange) }.filter { !$0.isEmpty }
    }

    /// Hops whose window ends inside the item.
    internal func usableHopCount() throws(AudioMixError) -> Int {
        var count = 0
        while count < energies.count, try windowEnd(of: count) <= timeRange.end { count += 1 }
        return count
    }

    /// The end of hop `k`'s window: `start + (k + 1)·hop`.
    internal func windowEnd(of hop: Int) throws(AudioMixError) -> MediaTime {
        try withTimeArithmetic { () throws(MediaTimeError) in try timeRange.start + hopDuration.multiplied(by: Int64(hop) + 1) }
    }

    /// Hop `k`'s window, `[start + (k − 3)·hop, start + (k + 1)·hop)`.
    internal func window(of hop: Int) throws(AudioMixError) -> MediaTimeRange {
        try withTimeArithmetic { () throws(MediaTimeError) in
            let end = try timeRange.start + hopDuration.multiplied(by: Int64(hop) + 1)
            return try MediaTimeRange(start: end - hopDuration.multiplied(by: Self.windowHops), end: end)
        }
    }

    /// The middle of hop `k`'s window, `start + (k − 1)·hop`: where its reading is placed.
    internal func centre(of hop: Int) throws(AudioMixError) -> MediaTime {
        try withTimeArithmetic { () throws(MediaTimeError) in
            try timeRange.start + hopDuration.multiplied(by: Int64(hop) - Self.windowHops / 2 + 1)
        }
    }
}
