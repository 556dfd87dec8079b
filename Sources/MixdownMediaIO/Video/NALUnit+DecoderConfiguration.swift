public import MixdownBitstream

extension NALUnit {
    /// The parameter sets of an MP4 decoder configuration record, in order, and
    /// the length size its samples use: an `avcC` (H.264: SPS, then PPS) or an
    /// `hvcC` (HEVC: its arrays, VPS, SPS, PPS and any SEI); nil for bytes that
    /// are neither (as `VideoStreamFormat.decoderConfiguration` holds them).
    public static func parameterSets(inDecoderConfiguration record: [UInt8],
                                     codec: VideoEncoderSettings.Codec) -> (lengthSize: Int, units: [NALUnit])? {
        parameterSets(inDecoderConfiguration: record, codecName: codec.rawValue)
    }
}
