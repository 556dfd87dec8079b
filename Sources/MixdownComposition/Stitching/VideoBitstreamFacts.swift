import MixdownBitstream

/// What a scan saw inside a clip's packets beyond their timing: the facts an
/// HEVC splice is refused on, which the decoder configuration does not tell.
package struct VideoBitstreamFacts: Sendable, Equatable {
    /// Parameter sets found inside packets (in-band), each once, in the order met.
    package var inBandParameterSets: [NALUnit]
    /// Whether a picture is skipped when decoding starts at its keyframe (HEVC
    /// RASL pictures after a CRA): the clip's GOPs are open.
    package var hasSkippedLeadingPictures: Bool
    /// Whether a unit belongs to a layer above the base (`nuh_layer_id` > 0:
    /// MV-HEVC such as spatial video, scalable HEVC).
    package var hasLayeredUnits: Bool

    /// Facts from their parts; nothing seen by default.
    package init(inBandParameterSets: [NALUnit] = [], hasSkippedLeadingPictures: Bool = false, hasLayeredUnits: Bool = false) {
        self.inBandParameterSets = inBandParameterSets
        self.hasSkippedLeadingPictures = hasSkippedLeadingPictures
        self.hasLayeredUnits = hasLayeredUnits
    }
}
