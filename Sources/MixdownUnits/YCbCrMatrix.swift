/// How R'G'B' becomes Y'CbCr in a video: the matrix a player uses to show it.
public enum YCbCrMatrix: String, Hashable, Sendable, CaseIterable {
    /// ITU-R BT.601: standard definition.
    case bt601
    /// ITU-R BT.709: high definition.
    case bt709
    /// ITU-R BT.2020 (non-constant luminance): HDR and wide colour.
    case bt2020

    /// The matrix players assume for untagged video of `height` lines: BT.709
    /// from 720 lines up, BT.601 below (what ffmpeg, browsers and QuickTime do).
    public static func assumed(forHeight height: Int) -> YCbCrMatrix { height >= 720 ? .bt709 : .bt601 }

    /// The luma weights of red and blue (Kr, Kb); green's is 1 − Kr − Kb.
    public var weights: (red: Double, blue: Double) {
        switch self {
        case .bt601: (0.299, 0.114)
        case .bt709: (0.2126, 0.0722)
        case .bt2020: (0.2627, 0.0593)
        }
    }

    /// How messages name it: `BT.601`, `BT.709`, `BT.2020`.
    public var name: String {
        switch self {
        case .bt601: "BT.601"
        case .bt709: "BT.709"
        case .bt2020: "BT.2020"
        }
    }
}
