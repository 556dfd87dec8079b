// JSON: the stored facts, and the dynamic range they mean (so a reader of
// `probe --json` need not know FFmpeg's transfer names). Decoding ignores the
// dynamic range, which always follows from the transfer.

extension VideoColourDescription: Codable {
    private enum CodingKeys: String, CodingKey {
        case dynamicRange, bitDepth, range, primaries, transfer, matrix, chromaLocation
        case masteringDisplay, contentLightLevel, dolbyVision
    }

    /// Decodes the stored facts.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(bitDepth: try c.decodeIfPresent(Int.self, forKey: .bitDepth),
                  range: try c.decodeIfPresent(String.self, forKey: .range),
                  primaries: try c.decodeIfPresent(String.self, forKey: .primaries),
                  transfer: try c.decodeIfPresent(String.self, forKey: .transfer),
                  matrix: try c.decodeIfPresent(String.self, forKey: .matrix),
                  chromaLocation: try c.decodeIfPresent(String.self, forKey: .chromaLocation),
                  masteringDisplay: try c.decodeIfPresent(MasteringDisplay.self, forKey: .masteringDisplay),
                  contentLightLevel: try c.decodeIfPresent(ContentLightLevel.self, forKey: .contentLightLevel),
                  dolbyVision: try c.decodeIfPresent(DolbyVisionConfiguration.self, forKey: .dolbyVision))
    }

    /// Encodes the stored facts and `dynamicRange`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(dynamicRange, forKey: .dynamicRange)
        try c.encodeIfPresent(bitDepth, forKey: .bitDepth)
        try c.encodeIfPresent(range, forKey: .range)
        try c.encodeIfPresent(primaries, forKey: .primaries)
        try c.encodeIfPresent(transfer, forKey: .transfer)
        try c.encodeIfPresent(matrix, forKey: .matrix)
        try c.encodeIfPresent(chromaLocation, forKey: .chromaLocation)
        try c.encodeIfPresent(masteringDisplay, forKey: .masteringDisplay)
        try c.encodeIfPresent(contentLightLevel, forKey: .contentLightLevel)
        try c.encodeIfPresent(dolbyVision, forKey: .dolbyVision)
    }
}
