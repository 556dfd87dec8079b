internal import MixdownBitstream
internal import MixdownComposition

extension VideoBitstreamFacts {
    /// Adds what one HEVC packet holds: in-band parameter sets, RASL pictures,
    /// units of layers above the base. `units` splits the packet as its
    /// stream stores it.
    mutating func note(_ packet: [UInt8], units detector: IDRDetector) {
        hasSkippedLeadingPictures = hasSkippedLeadingPictures || detector.containsRASL(packet)
        hasLayeredUnits = hasLayeredUnits || detector.containsLayeredUnits(packet)
        // Only parameter sets keep their bodies: a slice's data is not copied.
        for unit in detector.nalUnits(in: packet, keepingBodyWhere: { (32...34).contains(NALUnit.hevcType(ofHeaderByte: $0)) })
        where (32...34).contains(unit.hevcType) && !inBandParameterSets.contains(unit) {
            inBandParameterSets.append(unit)
        }
    }
}
