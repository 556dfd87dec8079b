extension VideoStreamFormat {
    /// How messages name a video codec given by FFmpeg's name: `H.264`,
    /// `HEVC`, `VP9`; FFmpeg's name for the others.
    public static func displayName(ofCodec codec: String) -> String {
        let names = ["h264": "H.264", "hevc": "HEVC", "vp8": "VP8", "vp9": "VP9", "av1": "AV1", "prores": "ProRes",
                     "mpeg4": "MPEG-4 Part 2", "theora": "Theora"]
        return names[codec] ?? codec
    }
}
