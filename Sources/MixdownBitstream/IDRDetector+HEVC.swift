extension IDRDetector {
    /// The NAL units of an access unit, in order: length-prefixed as the
    /// decoder configuration says, or Annex B; with `keepsBody`, a length-prefixed
    /// unit it refuses by its first header byte is cut to its header
    /// (`NALUnit.units(lengthPrefixed:size:keepingBodyWhere:)`).
    package func nalUnits(in bytes: [UInt8], keepingBodyWhere keepsBody: (UInt8) -> Bool = { _ in true }) -> [NALUnit] {
        guard let size = lengthSize else { return NALUnit.units(inAnnexB: bytes) }
        return NALUnit.units(lengthPrefixed: bytes, size: size, keepingBodyWhere: keepsBody)
    }
}
