import MixdownTime

extension VideoClipInfo {
    /// The duration most of the clip's shown frames last: a constant-rate
    /// clip's frame duration, a variable-rate clip's usual one. Nil when no
    /// frame states a duration.
    public var typicalFrameDuration: MediaTime? {
        var counts: [Int64: Int] = [:]
        for packet in packets where !packet.isDiscarded && packet.duration > 0 { counts[packet.duration, default: 0] += 1 }
        guard let ticks = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else { return nil }
        return try? MediaTime(value: ticks * Int64(timeBase.numerator), timescale: timeBase.denominator).reduced
    }

    /// The picture's size as shown: the coded size, sides swapped when the
    /// display matrix turns it by a quarter turn.
    public var displayedSize: (width: Int, height: Int) {
        let quarter = Int((format.rotation / 90).rounded()) & 1 == 1
        return quarter ? (format.height, format.width) : (format.width, format.height)
    }
}
