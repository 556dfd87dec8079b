/// The constant quality of re-encoded video: x264's and x265's CRF, 0
/// (lossless) to 51; lower is better and larger.
///
/// Typed as a number (`18`, `20.5`); a project file holds the number.
public struct VideoQuality: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The constant rate factor.
    public let crf: Double

    /// The accepted values.
    public static let range = 0.0...51.0
    /// What users may give, for messages.
    public static let expected = "a CRF from 0 (lossless) to 51, lower is better, like 18"
    /// The quality when none is given, chosen by measurement with
    /// ``VideoPreset/standard``: at that preset, about the picture of x264's
    /// `medium` at CRF 18 (visually transparent on camera material) in much
    /// less time (docs/benchmarks.md, "Whole re-encodes").
    public static let standard = VideoQuality(checkedCRF: 16)

    /// The quality of `crf`.
    ///
    /// - Throws: ``QuantityError`` outside ``range`` (or not a number).
    public init(crf: Double) throws(QuantityError) {
        guard Self.range.contains(crf) else { throw QuantityError(value: QuantityError.number(crf), expected: Self.expected) }
        self.crf = crf
    }

    private init(checkedCRF crf: Double) {
        precondition(Self.range.contains(crf))
        self.crf = crf
    }

    /// Reads `18` or `20.5`.
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard let number = DecimalText(text), number.unit.isEmpty, !number.isNegative else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        try self.init(crf: number.value)
    }

    public static func < (lhs: VideoQuality, rhs: VideoQuality) -> Bool { lhs.crf < rhs.crf }

    public var description: String { QuantityError.number(crf) }
}
