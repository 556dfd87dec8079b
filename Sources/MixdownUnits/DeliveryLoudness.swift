/// What a delivery must measure: an integrated loudness to normalise to and a
/// true-peak ceiling no sample may exceed once reconstructed (ITU-R BS.1770).
///
/// Typed as a level (`-16`, `-16 LUFS`: the ceiling is then -1 dBTP) or as one of
/// the ``presets`` by name (`podcast`).
public struct DeliveryLoudness: Hashable, Sendable, CustomStringConvertible {
    /// The integrated loudness to reach.
    public var target: LoudnessLevel
    /// The true peak not to exceed.
    public var ceiling: TruePeakCeiling

    /// A target and a ceiling (-1 dBTP unless told).
    public init(target: LoudnessLevel, ceiling: TruePeakCeiling = .standard) {
        self.target = target
        self.ceiling = ceiling
    }

    /// The delivery specifications users ask for by name: Apple Podcasts (-16 LUFS,
    /// -1 dBTP), most streaming services (-14, -1), EBU R128 broadcast (-23, -1) and
    /// ATSC A/85 (-24 LKFS, -2 dBTP).
    public static let presets: [(name: String, loudness: DeliveryLoudness)] = [
        ("podcast", DeliveryLoudness(target: -16, ceiling: -1)),
        ("streaming", DeliveryLoudness(target: -14, ceiling: -1)),
        ("ebu-r128", DeliveryLoudness(target: -23, ceiling: -1)),
        ("atsc-a85", DeliveryLoudness(target: -24, ceiling: -2)),
    ]

    /// What users may give, for messages.
    public static var expected: String {
        "a loudness in LUFS from -50 to -5 like -16, or a preset: " + presets.map(\.name).joined(separator: ", ")
    }

    /// Reads a preset name or a target level.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        if let preset = Self.presets.first(where: { $0.name == text }) {
            self = preset.loudness
            return
        }
        do {
            self.init(target: try LoudnessLevel(parsing: text))
        } catch {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
    }

    /// `-16 LUFS, -1 dBTP`.
    public var description: String { "\(target), \(ceiling)" }
}
