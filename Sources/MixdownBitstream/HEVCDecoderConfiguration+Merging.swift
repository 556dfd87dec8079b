extension HEVCDecoderConfiguration {
    /// `record` with `sets` (VPS, SPS and PPS units of other ids) added: one
    /// sample description for copied packets that use the record's sets and
    /// re-encoded ones that use the added sets. Nil when `record` is not an
    /// `hvcC` or an added set does not parse.
    ///
    /// Each set goes to the end of the array of its NAL type (32, 33, 34; the
    /// array is made if missing), and the VPS, SPS and PPS arrays come first in
    /// that order, marked complete; other arrays (the SEI of a Dolby Vision
    /// clip) stay as they were, after them, and added units of other types
    /// (SEI) join them. The header keeps the record's
    /// profile, sample format and length size, takes the higher tier and level,
    /// ANDs the compatibility and constraint flags with the added SPSs', says
    /// `parallelismType` 0 when the added PPSs' tiles or wavefront differ from
    /// what the record says; with an SPS added, `min_spatial_segmentation_idc`
    /// is 0 (a promise the added SPS need not keep) and so is `parallelismType`,
    /// which only qualifies it. The temporal layer count becomes 0 (unknown)
    /// when an added SPS has another, and `temporalIdNested` is ANDed.
    package static func merging(_ record: [UInt8], with sets: [NALUnit]) -> [UInt8]? {
        guard var configuration = try? HEVCDecoderConfiguration(record: record) else { return nil }
        var ptl = configuration.profileTierLevel
        var nested = configuration.temporalIDNested
        var temporalLayers = configuration.numTemporalLayers
        var parallelism = configuration.parallelismType
        var addedSPS = false
        for unit in sets {
            switch unit.hevcType {
            case 33:
                guard let sps = try? HEVCSequenceParameterSet(unit) else { return nil }
                ptl.highTier = ptl.highTier || sps.profileTierLevel.highTier
                ptl.levelIDC = max(ptl.levelIDC, sps.profileTierLevel.levelIDC)
                ptl.compatibilityFlags &= sps.profileTierLevel.compatibilityFlags
                ptl.constraintFlags &= sps.profileTierLevel.constraintFlags
                nested = nested && sps.temporalIDNesting
                if temporalLayers != sps.maxSubLayersMinus1 + 1 { temporalLayers = 0 }
                addedSPS = true
            case 34:
                guard let pps = try? HEVCPictureParameterSet(unit) else { return nil }
                if parallelism != Self.parallelismType(of: pps) { parallelism = 0 }
            default:
                break
            }
        }
        configuration.profileTierLevel = ptl
        configuration.temporalIDNested = nested
        configuration.numTemporalLayers = temporalLayers
        configuration.parallelismType = parallelism
        if addedSPS {
            // The added SPSs promise no minimum segmentation; without one, parallelismType says nothing (FFmpeg's rule too).
            configuration.minSpatialSegmentation = 0
            configuration.parallelismType = 0
        }
        var arrays: [NALArray] = []
        for type in 32...34 {
            var array = configuration.arrays.first { $0.type == type } ?? NALArray(complete: true, type: type, units: [])
            array.units += sets.filter { $0.hevcType == type }
            array.complete = true
            if !array.units.isEmpty { arrays.append(array) }
        }
        // Other units (SEI) join the array of their type, made after the others when missing.
        var others = configuration.arrays.filter { !(32...34).contains($0.type) }
        for unit in sets where !(32...34).contains(unit.hevcType) {
            if let index = others.firstIndex(where: { $0.type == unit.hevcType }) {
                others[index].units.append(unit)
            } else {
                others.append(NALArray(complete: false, type: unit.hevcType, units: [unit]))
            }
        }
        configuration.arrays = arrays + others
        guard configuration.arrays.count < 256, configuration.arrays.allSatisfy({ $0.units.count < 1 << 16 }),
              configuration.units.allSatisfy({ $0.bytes.count < 1 << 16 }) else { return nil }
        return configuration.record
    }

    /// A fresh `hvcC` for `sets` (a VPS, an SPS and a PPS at least), as FFmpeg's
    /// MP4 muxer writes one: the header from the first SPS (no
    /// `min_spatial_segmentation_idc`, so `parallelismType` 0; no frame rate),
    /// then the arrays VPS, SPS, PPS (complete) and any SEI units of `sets`.
    ///
    /// - Parameters:
    ///   - sets: the units, header bytes included.
    ///   - lengthSize: the NAL length prefix size of the samples: 1, 2 or 4.
    /// - Throws: `BitstreamError.invalid` when a VPS, SPS or PPS is missing or a
    ///   unit is longer than 65535 bytes, or what parsing the SPS and PPS throws.
    package static func record(for sets: [NALUnit], lengthSize: Int = 4) throws(BitstreamError) -> [UInt8] {
        guard [1, 2, 4].contains(lengthSize) else { throw .invalid("NAL length size \(lengthSize)") }
        guard let spsUnit = sets.first(where: { $0.hevcType == 33 }), let ppsUnit = sets.first(where: { $0.hevcType == 34 }),
              sets.contains(where: { $0.hevcType == 32 }) else { throw .invalid("an hvcC needs a VPS, an SPS and a PPS") }
        guard sets.allSatisfy({ $0.bytes.count < 1 << 16 }) else { throw .invalid("a parameter set longer than 65535 bytes") }
        let sps = try HEVCSequenceParameterSet(spsUnit)
        _ = try HEVCPictureParameterSet(ppsUnit)  // checked, though the header takes nothing from it
        // Header bytes after the version: PTL (12), min_spatial_segmentation (2), parallelism, chroma, depths,
        // avgFrameRate (2), then constantFrameRate, numTemporalLayers, temporalIdNested and the length size.
        var header = [UInt8](repeating: 0, count: 22)
        header[12] = 0xF0
        header[14] = 0xFC
        header[15] = 0xFC | UInt8(sps.chromaFormat)
        header[16] = 0xF8 | UInt8((sps.bitDepthLuma - 8) & 7)
        header[17] = 0xF8 | UInt8((sps.bitDepthChroma - 8) & 7)
        header[20] = UInt8(lengthSize - 1)
        var configuration = HEVCDecoderConfiguration(header: header, arrays: [])
        configuration.profileTierLevel = sps.profileTierLevel
        configuration.numTemporalLayers = sps.maxSubLayersMinus1 + 1
        configuration.temporalIDNested = sps.temporalIDNesting
        for type in [32, 33, 34, 39, 40] {
            let units = sets.filter { $0.hevcType == type }
            if !units.isEmpty { configuration.arrays.append(NALArray(complete: type < 35, type: type, units: units)) }
        }
        return configuration.record
    }

    /// The `parallelismType` a PPS allows: 3 wavefront, 2 tiles, 0 both or neither
    /// (slices cannot be told from the PPS).
    private static func parallelismType(of pps: HEVCPictureParameterSet) -> Int {
        switch (pps.tilesEnabled, pps.entropyCodingSync) {
        case (false, true): 3
        case (true, false): 2
        default: 0
        }
    }
}
