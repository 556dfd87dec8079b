/// The most bytes the conform cache keeps on disk, from 1 MiB to 1024 TiB.
///
/// Typed as `500M`, `4G`, `1.5G`, `64k` or a number of bytes: the units `K`,
/// `M`, `G` and `T` (any case, an optional `B` or `iB` after) are powers of
/// 1024, as file sizes are shown.
public struct CacheSize: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The size in bytes.
    public let bytes: Int64

    /// The accepted sizes.
    public static let range: ClosedRange<Int64> = (1 << 20)...(1 << 50)
    /// 4 GiB: the conformed audio of about 3.5 hours of stereo media at 48 kHz.
    public static let standard = CacheSize(unchecked: 4 << 30)
    /// What users may give, for messages.
    public static let expected = "a size from 1M to 1024T, e.g. 500M or 4G (K, M, G, T: powers of 1024), or a number of bytes"

    private init(unchecked bytes: Int64) {
        self.bytes = bytes
    }

    /// The size of `bytes` bytes.
    ///
    /// - Throws: ``QuantityError`` outside ``range``.
    public init(bytes: Int64) throws(QuantityError) {
        guard Self.range.contains(bytes) else { throw QuantityError(value: "\(bytes)", expected: Self.expected) }
        self.init(unchecked: bytes)
    }

    /// Reads a size as users type it: `500M`, `4G`, `1.5 GiB`, `1048576`; the
    /// result is rounded to whole bytes.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else or a size outside ``range``.
    public init(parsing text: String) throws(QuantityError) {
        let refusal = QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        guard let number = DecimalText(text), !number.isNegative else { throw refusal }
        var unit = number.unit.lowercased()
        if unit.hasSuffix("ib") { unit.removeLast(2) } else if unit.count > 1, unit.hasSuffix("b") { unit.removeLast() }
        let powers = ["": 0, "b": 0, "k": 1, "m": 2, "g": 3, "t": 4]
        guard let power = powers[unit] else { throw refusal }
        let bytes = (number.value * Double(Int64(1) << (10 * power))).rounded()
        guard let whole = Int64(exactly: bytes), Self.range.contains(whole) else {
            throw QuantityError(value: MessageText.quoted(text), reason: bytes > 0 ? "\(bytes < Double(Self.range.lowerBound) ? "below" : "above") the range" : nil,
                                expected: Self.expected)
        }
        self.init(unchecked: whole)
    }

    public static func < (lhs: CacheSize, rhs: CacheSize) -> Bool { lhs.bytes < rhs.bytes }

    /// `4G`, `500M`: the largest unit that divides the size, else bytes.
    public var description: String { Self.shown(bytes) }

    /// `bytes` as sizes are shown: `4G`, `1.5G`, `500M`, `12K`, `300` (one decimal
    /// at most, in the largest unit it reaches).
    public static func shown(_ bytes: Int64) -> String {
        for (power, unit) in [(4, "T"), (3, "G"), (2, "M"), (1, "K")] {
            let scale = Int64(1) << (10 * power)
            guard bytes >= scale else { continue }
            if bytes % scale == 0 { return "\(bytes / scale)\(unit)" }
            let tenths = (bytes * 10 + scale / 2) / scale
            return tenths % 10 == 0 ? "\(tenths / 10)\(unit)" : "\(tenths / 10).\(tenths % 10)\(unit)"
        }
        return "\(bytes)"
    }
}
