import MixdownUnits

/// Whether a picture is standard or high dynamic range, and which HDR transfer it uses.
public enum DynamicRange: String, Sendable, Codable, Hashable {
    /// Standard dynamic range (BT.709's, BT.601's or an unspecified transfer).
    case sdr = "SDR"
    /// Hybrid log-gamma (ARIB STD-B67, FFmpeg's `arib-std-b67`): iPhones' HDR.
    case hlg = "HLG"
    /// Perceptual quantiser (SMPTE ST 2084, FFmpeg's `smpte2084`): HDR10 and Dolby Vision's PQ.
    case pq = "PQ"

    /// The range a transfer characteristic (by FFmpeg's name) means; anything but
    /// HLG and PQ is SDR.
    public init(transfer: String?) {
        switch transfer {
        case "arib-std-b67": self = .hlg
        case "smpte2084": self = .pq
        default: self = .sdr
        }
    }

    /// Whether this is HLG or PQ.
    public var isHDR: Bool { self != .sdr }

    /// The name users type (`sdr`, `hlg`, `pq`).
    public var name: String { rawValue.lowercased() }

    /// What users may give for an output's dynamic range, for messages.
    public static let expected = "auto, sdr, hlg or pq"

    /// Reads an output's dynamic range as users give it: `auto` (nil: HDR when
    /// the first clip is, in its transfer), `sdr`, `hlg` or `pq`, exactly.
    ///
    /// - Throws: `QuantityError` quoting `text` for anything else.
    public static func choice(parsing text: String) throws(QuantityError) -> DynamicRange? {
        if text == "auto" { return nil }
        guard let range = [DynamicRange.sdr, .hlg, .pq].first(where: { $0.name == text }) else {
            throw QuantityError(value: MessageText.quoted(text), expected: expected)
        }
        return range
    }
}
