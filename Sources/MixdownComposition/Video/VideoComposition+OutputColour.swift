import MixdownUnits

extension VideoComposition {
    /// The colour of the composed frames as an export encodes and tags them:
    /// 8-bit SDR, video range, chroma sited left, with BT.709's primaries,
    /// transfer and matrix, or BT.601's (`smpte170m`) below 720 lines
    /// (`colourMatrix`). Clips of another colour are drawn as if they were this
    /// one: HDR output and tone mapping are not built yet.
    public var outputColour: VideoColourDescription {
        let name = colourMatrix == .bt709 ? "bt709" : "smpte170m"
        return VideoColourDescription(bitDepth: 8, range: "tv", primaries: name, transfer: name, matrix: name, chromaLocation: "left")
    }
}
