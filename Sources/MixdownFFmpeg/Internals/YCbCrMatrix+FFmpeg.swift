internal import CFFmpeg
internal import MixdownUnits

extension YCbCrMatrix {
    /// libswscale's colourspace of the matrix (`SWS_CS_*`).
    var swsColourspace: Int32 {
        switch self {
        case .bt601: SWS_CS_ITU601
        case .bt709: SWS_CS_ITU709
        case .bt2020: SWS_CS_BT2020
        }
    }
}
