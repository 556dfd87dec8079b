package import MixdownComposition
internal import MixdownFFmpeg

extension VideoEncoderSettings {
    /// Describes the stream as `clip`'s does (its colours, pixel shape and, for
    /// HEVC, its HDR10 metadata), so
    /// that re-encoded stretches spliced between its copied packets show as they
    /// do: an HEVC stretch's own SPS carries the description into its frames.
    /// Unchanged for a clip whose scan kept no stream parameters.
    package mutating func describe(like clip: VideoClipInfo) {
        if codec == .hevc { hdrMetadata = HDRStaticMetadata.merged([clip.format.colour]) }
        guard let parameters = clip.streamParameters as? StreamCopyParameters else { return }
        colour = VideoColourProperties(parameters.colour)
        let shape = parameters.pixelShape
        sampleAspectRatio = PixelAspectRatio(shape.width, shape.height)
    }
}
