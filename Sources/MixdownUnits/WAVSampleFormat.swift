/// Sample format of a WAV preview: `s16`, `s24` (the default) or `f32`.
public enum WAVSampleFormat: String, Sendable, CaseIterable, Codable {
    /// 16-bit integer with TPDF dither; clips at full scale.
    case s16
    /// 24-bit integer; clips at full scale. The default.
    case s24
    /// 32-bit float; keeps values above 1.0.
    case f32

    /// The format when none is given.
    public static let standard = WAVSampleFormat.s24

    /// Bytes per sample in the file.
    public var bytesPerSample: Int {
        switch self {
        case .s16: return 2
        case .s24: return 3
        case .f32: return 4
        }
    }

    /// The largest magnitude the format stores without clipping.
    public var fullScale: Float {
        switch self {
        case .s16: return 32767 / 32768
        case .s24: return 8_388_607 / 8_388_608
        case .f32: return .infinity
        }
    }
}
