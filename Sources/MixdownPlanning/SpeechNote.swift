import MixdownTime
internal import MixdownUnits

/// What the speech detector found in a stretch of an input, as the conform
/// cache keeps it (a note): the regions and, when asked for, the phrases, as
/// sample ranges at the analysis rate, little-endian.
struct SpeechNote {
    var speech: [Range<Int64>]
    var phrases: [Range<Int64>]?

    /// The note of the detector's findings, exact times at `sampleRate` (as it gives them).
    init(speech: [MediaTimeRange], phrases: [MediaTimeRange]?, sampleRate: SampleRate) {
        let samples = { (ranges: [MediaTimeRange]) in
            ranges.map { $0.start.value..<$0.end.value }
        }
        precondition((speech + (phrases ?? [])).allSatisfy { $0.start.timescale == sampleRate.hertz && $0.end.timescale == sampleRate.hertz },
                     "the detector's times are at its rate")
        self.speech = samples(speech)
        self.phrases = phrases.map(samples)
    }

    /// The note stored as `bytes`; nil when they are not one.
    init?(bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let speech = reader.ranges() else { return nil }
        self.speech = speech
        switch reader.integer() {
        case 0: phrases = nil
        case 1:
            guard let phrases = reader.ranges() else { return nil }
            self.phrases = phrases
        default: return nil
        }
        guard reader.isAtEnd else { return nil }
    }

    /// The note's bytes: the regions (a count, then each range's ends), a flag, the phrases.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        func append(_ value: Int64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append(_ ranges: [Range<Int64>]) {
            append(Int64(ranges.count))
            for range in ranges { append(range.lowerBound); append(range.upperBound) }
        }
        append(speech)
        append(phrases == nil ? 0 : 1)
        if let phrases { append(phrases) }
        return bytes
    }

    /// The regions as exact times at `sampleRate`, as the detector gives them.
    func speech(sampleRate: SampleRate) throws(PlanningError) -> [MediaTimeRange] {
        try Self.times(speech, sampleRate: sampleRate)
    }

    /// The phrases as exact times at `sampleRate`; nil when none were asked for.
    func phrases(sampleRate: SampleRate) throws(PlanningError) -> [MediaTimeRange]? {
        guard let phrases else { return nil }
        return try Self.times(phrases, sampleRate: sampleRate)
    }

    private static func times(_ ranges: [Range<Int64>], sampleRate: SampleRate) throws(PlanningError) -> [MediaTimeRange] {
        var times: [MediaTimeRange] = []
        for range in ranges {
            do {
                times.append(try MediaTimeRange(start: MediaTime(sampleIndex: range.lowerBound, sampleRate: sampleRate),
                                                end: MediaTime(sampleIndex: range.upperBound, sampleRate: sampleRate)))
            } catch {
                throw .time(error)
            }
        }
        return times
    }

    /// Reads little-endian integers off the front of a note's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func integer() -> Int64? {
            guard offset + 8 <= bytes.count else { return nil }
            let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
            offset += 8
            return Int64(bitPattern: value)
        }

        /// A count, then that many ranges; nil when the bytes end early or a range is backwards.
        mutating func ranges() -> [Range<Int64>]? {
            guard let count = integer(), count >= 0, count <= Int64((bytes.count - offset) / 16) else { return nil }
            var ranges: [Range<Int64>] = []
            for _ in 0..<count {
                guard let start = integer(), let end = integer(), start <= end else { return nil }
                ranges.append(start..<end)
            }
            return ranges
        }
    }
}
