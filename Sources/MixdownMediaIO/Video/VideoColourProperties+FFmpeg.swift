internal import MixdownFFmpeg

// The colours as MixdownFFmpeg's wrappers read and write them: the same names.

extension VideoColourProperties {
    /// The properties FFmpeg's names state.
    init(_ names: ColourNames) {
        self.init(range: names.range, primaries: names.primaries, transfer: names.transfer, matrix: names.matrix,
                  chromaLocation: names.chromaLocation)
    }

    /// The properties as FFmpeg's names, for an encoder.
    var names: ColourNames {
        (range: range, primaries: primaries, transfer: transfer, matrix: matrix, chromaLocation: chromaLocation)
    }
}
