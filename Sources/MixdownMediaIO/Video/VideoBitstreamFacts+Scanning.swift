internal import MixdownBitstream
internal import MixdownComposition

extension VideoBitstreamFacts {
    /// Adds what one HEVC packet holds: in-band parameter sets, RASL pictures,
    /// units of layers above the base. `units` splits the packet as its
    /// stream stores it.
    mutating func note(_ packet: [UInt8], units detector: IDRDetector) {
        // One pass over the packet's units; only parameter sets keep their bodies (no slice data is copied).
        for unit in detector.nalUnits(in: packet, keepingBodyWhere: { (32...34).contains(NALUnit.hevcType(ofHeaderByte: $0)) }) {
            let type = unit.hevcType
            if type == 8 || type == 9 { hasSkippedLeadingPictures = true }
            if unit.hevcLayerID > 0 { hasLayeredUnits = true }
            if (32...34).contains(type), !inBandParameterSets.contains(unit) { inBandParameterSets.append(unit) }
        }
    }
}
