extension IDRDetector {
    /// How an HEVC access unit lets decoding start.
    package enum HEVCRandomAccess: Hashable, Sendable {
        /// An IDR picture (NAL types 19 and 20): nothing before it is referenced.
        case idr
        /// A clean random access picture (21): its RASL pictures reference pictures before it.
        case cra
        /// A broken link access picture (16 to 18).
        case bla
        /// No random access picture.
        case none
    }

    /// The NAL units of an access unit, in order: length-prefixed as the
    /// decoder configuration says, or Annex B; with `keepsBody`, a length-prefixed
    /// unit it refuses by its first header byte is cut to its header
    /// (`NALUnit.units(lengthPrefixed:size:keepingBodyWhere:)`).
    package func nalUnits(in bytes: [UInt8], keepingBodyWhere keepsBody: (UInt8) -> Bool = { _ in true }) -> [NALUnit] {
        guard let size = lengthSize else { return NALUnit.units(inAnnexB: bytes) }
        return NALUnit.units(lengthPrefixed: bytes, size: size, keepingBodyWhere: keepsBody)
    }

    /// The kind of random access picture an HEVC access unit holds; `.none` for another codec.
    package func hevcRandomAccess(_ bytes: [UInt8]) -> HEVCRandomAccess {
        guard codec == "hevc" else { return .none }
        let types = nalUnits(in: bytes, keepingBodyWhere: { _ in false }).filter { $0.hevcLayerID == 0 }.map(\.hevcType)
        if types.contains(where: { $0 == 19 || $0 == 20 }) { return .idr }
        if types.contains(21) { return .cra }
        if types.contains(where: { (16...18).contains($0) }) { return .bla }
        return .none
    }

    /// Whether an HEVC access unit holds a RASL picture (NAL types 8 and 9),
    /// which references pictures before the CRA it follows.
    package func containsRASL(_ bytes: [UInt8]) -> Bool {
        codec == "hevc" && nalUnits(in: bytes, keepingBodyWhere: { _ in false }).contains { $0.hevcType == 8 || $0.hevcType == 9 }
    }

    /// Whether an HEVC access unit holds a unit of a layer above the base
    /// (`nuh_layer_id` > 0: MV-HEVC such as spatial video, SHVC). Dolby Vision's
    /// RPU and enhancement-layer units (NAL types 62 and 63) of layer 0 do not count.
    package func containsLayeredUnits(_ bytes: [UInt8]) -> Bool {
        codec == "hevc" && nalUnits(in: bytes, keepingBodyWhere: { _ in false }).contains { $0.hevcLayerID > 0 }
    }
}
