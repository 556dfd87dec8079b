internal import MixdownComposition

extension MovieContainer {
    /// FFmpeg's muxer for the container.
    var muxerName: String {
        switch self {
        case .mp4: return "mp4"
        case .mov: return "mov"
        case .m4a: return "ipod"
        }
    }

    /// The video codecs (FFmpeg's names) FFmpeg 5.1's `mp4` muxer stream-copies:
    /// those it has an MP4 sample entry for. Measured by exporting a clip of every
    /// codec this FFmpeg can encode (docs/export.md, "Containers").
    static let mp4VideoCodecs: Set<String> = [
        "h264", "hevc", "mpeg4", "mpeg1video", "mpeg2video", "mjpeg", "png", "jpeg2000", "dirac", "vp9", "av1",
    ]

    /// The video codecs FFmpeg 5.1's `mov` muxer refuses although it has a
    /// QuickTime tag for them: VP9 and AV1 ("only supported in MP4"), VP8 ("not
    /// yet implemented"). It takes every other codec it can tag.
    static let movRefusedVideoCodecs: Set<String> = ["vp8", "vp9", "av1"]

    /// Whether FFmpeg 5.1 can stream-copy video of `codec` (FFmpeg's name) into this container.
    public func canHold(videoCodec codec: String) -> Bool {
        switch self {
        case .mp4: Self.mp4VideoCodecs.contains(codec)
        case .mov: !Self.movRefusedVideoCodecs.contains(codec)
        case .m4a: false
        }
    }

    /// Refuses video of `codec` that this container cannot hold, naming the codec,
    /// the container and the one that would take it; checked before the output is
    /// created, so a refusal leaves nothing behind.
    ///
    /// - Throws: `unsupported` naming `clip` (the clip whose codec it is).
    func checkCanHold(_ codec: String, from clip: String) throws(MediaIOError) {
        guard allowsVideo, !canHold(videoCodec: codec) else { return }
        let name = VideoStreamFormat.displayName(ofCodec: codec)
        let others = Self.allCases.filter { $0 != self && $0.canHold(videoCodec: codec) }
        let advice = others.isEmpty
            ? "neither .mp4 nor .mov can hold it (FFmpeg 5.1 writes it to WebM or Matroska, which Mixdown does not write)"
            : "export to " + others.map { ".\($0.rawValue)" }.joined(separator: " or ") + ", which holds it"
        throw .unsupported(path: clip, reason: "\(name) video cannot be stream-copied into .\(rawValue) by FFmpeg 5.1; \(advice)")
    }
}
