/// Gives the parameter sets of a re-encoded HEVC stretch (libx265's, all id 0)
/// ids the source does not use, and its slices the matching PPS id, by
/// rewriting only the head of each NAL unit.
///
/// The ids are Exp-Golomb coded: `ue(v)` of 0 is 1 bit, of 15 to 30 9 bits, so
/// the change shifts everything after it by exactly one byte. The slice
/// segment header ends in `byte_alignment()`, so its slice data stays aligned
/// and is copied as it is; the rest of the header need not be parsed.
package enum HEVCRenumbering {
    /// Ids for a stretch's sets that no set of `sourceUnits` uses: the VPS the
    /// lowest free of 1…15, the SPS 15 (the only SPS id coded in 9 bits), the
    /// PPS the lowest free of 15…30 (coded in 9 bits).
    ///
    /// - Parameters:
    ///   - sourceUnits: the source's units; its VPS, SPS and PPS are read, others ignored.
    ///   - stretch: the stretch's units; every VPS, SPS and PPS among them must use id 0 throughout.
    /// - Throws: `BitstreamError.unsupported` when SPS 15 is in use by the source,
    ///   no VPS or PPS id is free, or a stretch id is not 0; what parsing throws.
    package static func ids(avoiding sourceUnits: [NALUnit], stretch: [NALUnit]) throws(BitstreamError) -> HEVCParameterSetIDs {
        var vpsIDs = Set<Int>(), spsIDs = Set<Int>(), ppsIDs = Set<Int>()
        for unit in sourceUnits {
            switch unit.hevcType {
            case 32: vpsIDs.insert(try HEVCVideoParameterSet(unit).vpsID)
            case 33: spsIDs.insert(try HEVCSequenceParameterSet(unit).spsID)
            case 34: ppsIDs.insert(try HEVCPictureParameterSet(unit).ppsID)
            default: break
            }
        }
        for unit in stretch {
            var ids: [Int] = []
            switch unit.hevcType {
            case 32: ids = [try HEVCVideoParameterSet(unit).vpsID]
            case 33:
                let sps = try HEVCSequenceParameterSet(unit)
                ids = [sps.vpsID, sps.spsID]
            case 34:
                let pps = try HEVCPictureParameterSet(unit)
                ids = [pps.ppsID, pps.spsID]
            default: break
            }
            guard ids.allSatisfy({ $0 == 0 }) else {
                throw .unsupported("the re-encoded stretch's NAL type \(unit.hevcType) uses ids \(ids), not 0")
            }
        }
        guard !spsIDs.contains(15) else { throw .unsupported("SPS id 15 is in use by the source") }
        guard let vps = (1...15).first(where: { !vpsIDs.contains($0) }) else { throw .unsupported("the source uses every VPS id of 1 to 15") }
        guard let pps = (15...30).first(where: { !ppsIDs.contains($0) }) else { throw .unsupported("the source uses every PPS id of 15 to 30") }
        return HEVCParameterSetIDs(vps: vps, sps: 15, pps: pps)
    }

    /// `unit` with its parameter-set ids (all 0) changed to `ids`: a VPS's id,
    /// an SPS's own and VPS ids, a PPS's own and SPS ids, a slice segment's PPS
    /// id; other units (SEI, AUD, end of sequence) come back as they are.
    ///
    /// Only the first bytes are decoded, rewritten and escaped again; the rest
    /// of the unit is copied.
    ///
    /// - Parameters:
    ///   - unit: an HEVC unit of the base layer.
    ///   - ids: the new ids; SPS and PPS ids of 15 to 30 keep every change a whole byte.
    /// - Throws: `BitstreamError.unsupported` for a layered unit, an old id that
    ///   is not 0, an id change that is not a whole number of bytes, a reserved
    ///   VCL type, or an emulation prevention byte that would appear, vanish or
    ///   move next to the rewritten bits (slice entry points count them);
    ///   `.truncated` for a unit cut short.
    package static func renumber(_ unit: NALUnit, to ids: HEVCParameterSetIDs) throws(BitstreamError) -> NALUnit {
        let type = unit.hevcType
        guard type >= 0, type <= 34 else { return unit }
        guard unit.hevcLayerID == 0 else { throw .unsupported("nuh_layer_id \(unit.hevcLayerID) (layered HEVC)") }
        switch type {
        case 32:
            return try rewrite(unit, headBytes: unit.bytes.count, keepingEscapes: false) { (reader, writer) throws(BitstreamError) in
                try replaceFixed(&reader, &writer, bits: 4, with: ids.vps, what: "VPS id")
            }
        case 33:
            return try rewrite(unit, headBytes: unit.bytes.count, keepingEscapes: false) { (reader, writer) throws(BitstreamError) in
                try replaceFixed(&reader, &writer, bits: 4, with: ids.vps, what: "the SPS's VPS id")
                let maxSubLayersMinus1 = Int(try reader.u(3))
                writer.u(UInt64(maxSubLayersMinus1), bits: 3)
                let start = reader.bitPosition
                var ptlReader = reader
                _ = try HEVCProfileTierLevel(reading: &ptlReader, maxSubLayersMinus1: maxSubLayersMinus1)
                try writer.append(bits: 1 + ptlReader.bitPosition - start, from: &reader)  // the nesting flag and the PTL
                try replaceExpGolomb(&reader, &writer, with: ids.sps, what: "SPS id")
            }
        case 34:
            return try rewrite(unit, headBytes: unit.bytes.count, keepingEscapes: false) { (reader, writer) throws(BitstreamError) in
                try replaceExpGolomb(&reader, &writer, with: ids.pps, what: "PPS id")
                try replaceExpGolomb(&reader, &writer, with: ids.sps, what: "the PPS's SPS id")
            }
        case 0...9, 16...21:
            // The 2 header bytes, up to 2 flags and a 9-bit id, then a margin for the emulation checks.
            return try rewrite(unit, headBytes: 8, keepingEscapes: true) { (reader, writer) throws(BitstreamError) in
                // first_slice_segment_in_pic_flag, and no_output_of_prior_pics_flag in an IRAP picture.
                try writer.append(bits: type >= 16 ? 2 : 1, from: &reader)
                try replaceExpGolomb(&reader, &writer, with: ids.pps, what: "slice_pic_parameter_set_id")
            }
        default:
            throw .unsupported("reserved VCL NAL type \(type)")
        }
    }

    /// The `payloadType` of each SEI message in `unit` (NAL type 39 or 40), in order.
    ///
    /// - Throws: `BitstreamError.invalid` for another NAL type, `.unsupported`
    ///   for a layered unit, `.truncated` when a message runs past the unit.
    package static func seiPayloadTypes(_ unit: NALUnit) throws(BitstreamError) -> [Int] {
        let reader = try unit.hevcPayloadReader(type: unit.hevcType == 40 ? 40 : 39, name: "SEI")
        var types: [Int] = []
        for message in try SEIMessage.messages(in: reader.bytes) { types.append(message.type) }
        return types
    }
}
