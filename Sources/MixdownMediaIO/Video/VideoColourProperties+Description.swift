public import MixdownComposition

extension VideoColourProperties {
    /// The four properties and chroma siting of `colour`, for an encoder's tags.
    public init(_ colour: VideoColourDescription) {
        self.init(range: colour.range, primaries: colour.primaries, transfer: colour.transfer, matrix: colour.matrix,
                  chromaLocation: colour.chromaLocation)
    }
}
