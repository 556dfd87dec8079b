/// The speed preset of re-encoded video: x264's (and x265's) trade of encoding
/// time against size at a given quality, fastest first.
///
/// Typed by name (`veryfast`); a project file holds the name. A faster preset
/// needs a lower CRF (``VideoQuality``) for the same picture: the default pair
/// was chosen by measurement (`docs/benchmarks.md`, "Whole re-encodes").
public enum VideoPreset: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The fastest: no B-frames, no deblocking filter, no CABAC.
    case ultrafast
    /// Very fast, poor compression.
    case superfast
    /// Fast, with little motion search.
    case veryfast
    /// Faster than `fast`.
    case faster
    /// Faster than `medium`.
    case fast
    /// x264's own default.
    case medium
    /// Slower than `medium`, smaller.
    case slow
    /// Slower still.
    case slower
    /// Much slower, for little gain.
    case veryslow
    /// Exhaustive search; for tests of the encoder, not for use.
    case placebo

    /// The preset when none is given, chosen by measurement with
    /// ``VideoQuality/standard`` (docs/benchmarks.md, "Whole re-encodes").
    public static let standard = VideoPreset.veryfast

    /// What users may give, for messages.
    public static let expected = "an x264 preset, one of " + allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads a preset's name, exactly (`veryfast`).
    ///
    /// - Throws: ``QuantityError`` quoting `text` for anything else.
    public init(parsing text: String) throws(QuantityError) {
        guard let preset = VideoPreset(rawValue: text) else {
            throw QuantityError(value: MessageText.quoted(text), expected: Self.expected)
        }
        self = preset
    }

    public var description: String { rawValue }
}
