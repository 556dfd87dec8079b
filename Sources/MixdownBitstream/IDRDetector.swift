/// Tells whether an H.264 or HEVC access unit is an IDR picture, from the NAL
/// unit types in its bytes (length-prefixed as MP4 stores them, or Annex B).
package struct IDRDetector {
    let codec: String
    /// Bytes of each NAL unit's length prefix; nil for Annex B (start codes).
    let lengthSize: Int?

    /// A detector for `codec`'s packets, whose form the decoder configuration
    /// (an `avcC` or `hvcC` record, or Annex B parameter sets) tells.
    package init(codec: String, decoderConfiguration record: [UInt8]) {
        self.codec = codec
        switch codec {
        case "h264" where record.count > 4 && record[0] == 1: lengthSize = Int(record[4] & 3) + 1
        case "hevc" where record.count > 21 && record[0] == 1: lengthSize = Int(record[21] & 3) + 1
        default: lengthSize = nil
        }
    }

    /// Whether `bytes` hold an IDR slice.
    package func isIDR(_ bytes: [UInt8]) -> Bool {
        guard codec == "h264" || codec == "hevc" else { return false }
        return nalUnits(in: bytes, keepingBodyWhere: { _ in false }).contains { codec == "h264" ? $0.h264Type == 5 : [19, 20].contains($0.hevcType) }
    }
}
