internal import MixdownFFmpeg
internal import MixdownSystem
public import MixdownUnits

/// One media file, opened once: probed, its audio decoded and its video scanned
/// from that one opening, so FFmpeg analyses its streams once.
///
/// What `MediaProbe.probe(path:depth:)`, `AudioDecoder(path:)` and
/// `VideoClipInfo(path:)` each do with an opening of their own. Planning keeps
/// one per input while it works. Not thread-safe: use it (and a decoder made from
/// it) from one thread, one at a time.
public final class MediaFile {
    /// The path, as given.
    public let path: String
    let input: Demuxer
    let snapshot: FileSnapshot
    /// Whether FFmpeg analysed the video streams too (their pixel format needs a decode).
    public let analysesVideo: Bool
    /// Whether anything has read the demuxer since it was opened (rewind before reading again).
    var used = false

    /// Opens `path` and analyses its streams: its audio streams only unless
    /// `analysingVideo` (video facts then come from the headers, without the pixel
    /// format, which FFmpeg decodes frames to find).
    ///
    /// - Throws: `missingInput` when `path` names no file, or one that cannot be read
    ///   again (a named pipe); `unreadableMedia` when it is not media FFmpeg reads.
    public init(path: String, analysingVideo: Bool = false) throws(MediaIOError) {
        self.path = path
        snapshot = try Demuxer.snapshot(of: path)
        input = try Demuxer.open(path: path, audioOnly: !analysingVideo)
        analysesVideo = analysingVideo
    }

    /// What the file holds, read as deep as `depth` says (see `MediaProbe`).
    ///
    /// - Throws: as `MediaProbe.probe(path:depth:)`.
    public func probe(_ depth: MediaProbe.Depth = .quick) throws(MediaIOError) -> MediaInfo {
        let all = 0..<input.streamCount
        try startOver(reading: Set(depth == .full ? Array(all) : all.filter { input.kind(ofStream: $0) == .audio }))
        return try MediaProbe.probe(input, snapshot: snapshot, depth: depth)
    }

    /// A decoder of the file's best audio stream at `sampleRate`, reading through
    /// this opening: use the file for nothing else until the decoder is done.
    ///
    /// - Throws: as `AudioDecoder(path:sampleRate:)`.
    public func makeDecoder(sampleRate: SampleRate = .standard) throws(MediaIOError) -> AudioDecoder {
        guard let index = input.bestStream(.audio) else { throw .noStream(path: path, kind: "audio") }
        try startOver(reading: [index])
        let facts = AudioFacts(layout: try AudioLayout(input: input, stream: index),
                               channels: input.facts(ofStream: index).audio?.channels ?? 0)
        return try AudioDecoder(input: input, facts: facts, sampleRate: sampleRate.hertz)
    }

    /// Back to the first packet of `streams`, the others discarded (nothing to do
    /// when nothing has read the file yet and it reads just those).
    func startOver(reading streams: Set<Int>) throws(MediaIOError) {
        defer { used = true }
        let all = 0..<input.streamCount
        guard used || all.contains(where: { input.isRead(stream: $0) != streams.contains($0) }) else { return }
        input.discardAll(except: streams)
        for i in streams { input.undiscard(stream: i) }
        try input.rewind()
    }
}
