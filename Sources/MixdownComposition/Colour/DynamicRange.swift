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
}
