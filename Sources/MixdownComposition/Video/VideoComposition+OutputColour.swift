import MixdownUnits

extension VideoComposition {
    /// The colour of the composed frames as an export encodes and tags them,
    /// video range, chroma sited left: in SDR 8-bit with BT.709's primaries,
    /// transfer and matrix, or BT.601's (`smpte170m`) below 720 lines
    /// (`colourMatrix`); in HDR 10-bit BT.2020 with HLG's or PQ's transfer and
    /// the HDR10 metadata the clips all stated (`hdrMetadata`).
    public var outputColour: VideoColourDescription {
        switch dynamicRange {
        case .sdr:
            let name = colourMatrix == .bt709 ? "bt709" : "smpte170m"
            return VideoColourDescription(bitDepth: 8, range: "tv", primaries: name, transfer: name, matrix: name, chromaLocation: "left")
        case .hlg, .pq:
            return VideoColourDescription(bitDepth: 10, range: "tv", primaries: "bt2020", transfer: dynamicRange == .hlg ? "arib-std-b67" : "smpte2084",
                                          matrix: "bt2020nc", chromaLocation: "left", masteringDisplay: hdrMetadata?.masteringDisplay,
                                          contentLightLevel: hdrMetadata?.contentLightLevel)
        }
    }
}
