import MixdownBitstream

/// What splicing an HEVC clip's copied packets with libx265's re-encoded
/// stretches needs to know, read from its `hvcC` and its scan: the stretches
/// are encoded at the clip's profile, tier, at most its level, its bit depth,
/// chroma format, wavefront setting and reorder delay, and their parameter sets
/// are renumbered around the clip's ids (`HEVCRenumbering`).
package struct HEVCSpliceFacts: Sendable, Equatable {
    /// `general_profile_idc`: 1 Main, 2 Main 10.
    package let profileIDC: Int
    /// The high tier (else main).
    package let highTier: Bool
    /// `general_level_idc`: 30 times the level (153 is level 5.1).
    package let levelIDC: Int
    /// Bits per luma and chroma sample: 8 or 10.
    package let bitDepth: Int
    /// Wavefront parallel processing (`entropy_coding_sync_enabled_flag`).
    package let wavefront: Bool
    /// The clip's parameter sets, as its `hvcC` holds them.
    package let parameterSets: [NALUnit]

    /// The level as libx265 takes it (`5.1`).
    package var level: String { levelIDC % 30 == 0 ? "\(levelIDC / 30)" : "\(levelIDC / 30).\(levelIDC % 30 / 3)" }

    /// The facts of a clip whose decoder configuration is `record`, or why the
    /// clip cannot be spliced (one phrase, after "it …" or a clip's name).
    ///
    /// Refused: no `hvcC` (an Annex B stream), layers above the base, chroma
    /// other than 4:2:0, luma and chroma of other depths than 8 or 10 bits
    /// alike (the compositor draws 8- or 10-bit pictures), tiles (libx265 makes none, and a player cannot switch them),
    /// parameter-set ids other than 0 or in-band sets that differ from the
    /// record's, profiles other than Main and Main 10, ids that leave none free
    /// for the stretches' renumbered sets, and open GOPs.
    package static func facts(record: [UInt8], bitstream: VideoBitstreamFacts) -> Result<HEVCSpliceFacts, Refusal> {
        let configuration: HEVCDecoderConfiguration
        do { configuration = try HEVCDecoderConfiguration(record: record) } catch {
            return .failure(Refusal("its HEVC stream has no usable decoder configuration (hvcC): \(error)"))
        }
        if bitstream.hasLayeredUnits { return .failure(Refusal("it has layers above the base (MV-HEVC or scalable HEVC)")) }
        if bitstream.hasSkippedLeadingPictures {
            return .failure(Refusal("its GOPs are open (RASL pictures follow its CRA keyframes): a copy cannot restart cleanly"))
        }
        var sequences: [HEVCSequenceParameterSet] = []
        var pictures: [HEVCPictureParameterSet] = []
        do {
            for unit in configuration.units {
                switch unit.hevcType {
                case 33: sequences.append(try HEVCSequenceParameterSet(unit))
                case 34: pictures.append(try HEVCPictureParameterSet(unit))
                default: break
                }
            }
        } catch {
            return .failure(Refusal("its parameter sets cannot be read: \(error)"))
        }
        guard sequences.count == 1, let sps = sequences.first, !pictures.isEmpty else {
            return .failure(Refusal("its hvcC holds \(sequences.count) SPS and \(pictures.count) PPS, not one SPS and its PPS"))
        }
        if sps.chromaFormat != 1 { return .failure(Refusal("its chroma format is \(Self.chromaName(sps.chromaFormat)), not 4:2:0")) }
        if sps.bitDepthLuma != sps.bitDepthChroma || ![8, 10].contains(sps.bitDepthLuma) {
            return .failure(Refusal("its samples are \(sps.bitDepthLuma)-bit luma and \(sps.bitDepthChroma)-bit chroma, not both 8 or 10"))
        }
        if ![1, 2].contains(sps.profileTierLevel.profileIDC) {
            return .failure(Refusal("its profile (general_profile_idc \(sps.profileTierLevel.profileIDC)) is neither Main nor Main 10"))
        }
        // The stretches' ids must fit beside the clip's (SPS 15, a free VPS id, a free PPS id from 15).
        do { _ = try HEVCRenumbering.ids(avoiding: configuration.units, stretch: []) } catch {
            return .failure(Refusal("its parameter-set ids leave none for re-encoded stretches (\(error))"))
        }
        if pictures.contains(where: \.tilesEnabled) { return .failure(Refusal("its pictures are coded in tiles")) }
        let ownSets = Set(configuration.units.filter { (32...34).contains($0.hevcType) })
        if bitstream.inBandParameterSets.contains(where: { !ownSets.contains($0) }) {
            return .failure(Refusal("its packets carry parameter sets that differ from its hvcC's"))
        }
        return .success(HEVCSpliceFacts(profileIDC: sps.profileTierLevel.profileIDC, highTier: sps.profileTierLevel.highTier,
                                        levelIDC: sps.profileTierLevel.levelIDC, bitDepth: sps.bitDepthLuma,
                                        wavefront: pictures[0].entropyCodingSync, parameterSets: configuration.units))
    }

    /// Why a clip cannot be spliced: one phrase.
    package struct Refusal: Error, Sendable, Equatable {
        /// The phrase, after "it …" or a clip's name.
        package let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private static func chromaName(_ format: Int) -> String {
        switch format {
        case 0: "monochrome"
        case 2: "4:2:2"
        case 3: "4:4:4"
        default: "chroma_format_idc \(format)"
        }
    }
}
