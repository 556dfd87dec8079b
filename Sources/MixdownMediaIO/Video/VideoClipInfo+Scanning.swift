internal import MixdownBitstream
public import MixdownComposition
internal import MixdownFFmpeg
internal import MixdownTime

extension VideoClipInfo {
    /// Scans the video stream of the file at `path`: every packet's timestamps
    /// and flags (audio is skipped by the demuxer), so it takes time proportional
    /// to the video's size.
    ///
    /// This is the one analysed open of a clip in a run: it also keeps what the
    /// writer needs to copy the stream (codec parameters, aspect ratio, side data),
    /// so the export opens the clip again only to read its packets.
    ///
    /// - Throws: `missingInput` / `unreadableMedia` when the file cannot be opened;
    ///   `noStream` without video (a cover picture is not one); `unreadableMedia` when fewer packets can be read
    ///   than the container's index promises (a cut-off file) or there are none;
    ///   `unsupported` for packets without presentation timestamps, or whose
    ///   decoding timestamps do not increase.
    public init(path: String) throws(MediaIOError) {
        try self.init(scanning: try Demuxer.open(path: path))
    }

    /// Scans the video stream's packets as `init(path:)` does, without analysing
    /// the video's format first (FFmpeg decodes frames for that): the timing a
    /// preview places the clips' audio by, with `format.pixelFormat` unknown.
    ///
    /// - Throws: as `init(path:)`.
    public init(timingOf path: String) throws(MediaIOError) {
        self = try MediaFile(path: path).videoClipInfo()
    }

    /// Scans `input`'s video stream from where the demuxer stands (its start).
    init(scanning input: Demuxer) throws(MediaIOError) {
        let path = input.path
        // Cover art (an MP3's or FLAC's picture) is one still image, not video.
        guard let index = input.bestStream(.video), !input.isAttachedPicture(stream: index) else {
            throw .noStream(path: path, kind: "video")
        }
        input.discardAll(except: [index])
        let facts = input.facts(ofStream: index)
        guard let video = facts.video else { throw .noStream(path: path, kind: "video") }
        guard let timeBase = facts.timing.timeBase else {
            throw .unsupported(path: path, reason: "video stream has no time base")
        }
        var format = VideoStreamFormat(
            codec: facts.codecName,
            profile: facts.profileName,
            profileNumber: facts.profile,
            width: video.width, height: video.height,
            pixelFormat: video.pixelFormat,
            rotation: video.rotation,
            displayMatrix: video.displayMatrix,
            decoderConfiguration: video.decoderConfiguration)
        let origin = input.timelineOrigin(ofStream: index)
        let parameters = try ffmpeg(StreamCopyParameters(stream: index, of: input))

        // The header's end of the stream, where it is exact (MP4/MOV: the edit
        // list), as the header states it: the stream analysis would fill in an
        // end the header leaves open (a fragmented file's) from the file's.
        let header = input.headerTimings[index]
        let statedEnd = input.format.hasExactStreamDurations
            ? header.duration.flatMap { duration in header.start.map { $0 + duration } } : nil
        var readError: MediaIOError?
        let idr = IDRDetector(codec: facts.codecName, decoderConfiguration: video.decoderConfiguration)
        var bitstream: VideoBitstreamFacts? = facts.codecName == "hevc" ? VideoBitstreamFacts() : nil
        var firstPacket: [UInt8]?
        let packets = try Self.scan(input, stream: index, idr: idr, facts: &bitstream, firstPacket: &firstPacket, stoppedBy: &readError)
        format.colour = VideoColourDescription(video, codec: facts.codecName, firstPacket: firstPacket)
        let promised = facts.frameCount
        if promised > 0, packets.count < Int(promised) {
            throw .unreadableMedia(path: path, reason: "truncated: only \(packets.count) of the \(promised) video frames its index lists can be read")
        }
        if let readError { throw readError }
        guard !packets.isEmpty else { throw .unreadableMedia(path: path, reason: "the video stream has no frames") }
        do {
            try self.init(path: path, streamIndex: index, format: format, timeBase: timeBase, origin: origin,
                          packets: packets, statedEnd: statedEnd, streamParameters: parameters,
                          bitstream: bitstream ?? VideoBitstreamFacts())
        } catch {
            throw .unsupported(path: path, reason: "\(error)")
        }
    }

    /// Reads every packet of the video stream, keeping timestamps and flags only.
    /// Decoding times a container does not store (Matroska's first reordered
    /// packets) are derived from the presentation times (`decodeTimes`).
    ///
    /// The first packet's bytes land in `firstPacket` (its SEI may state HDR
    /// metadata); with `facts` (HEVC: not nil), what the packets hold beyond
    /// timing lands there. A read error ends the scan and lands in `readError`,
    /// so that a cut-off file is reported as truncated rather than by the
    /// demuxer's message.
    private static func scan(_ input: Demuxer, stream index: Int, idr: IDRDetector, facts: inout VideoBitstreamFacts?,
                             firstPacket: inout [UInt8]?,
                             stoppedBy readError: inout MediaIOError?) throws(MediaIOError) -> [VideoPacketEntry] {
        var entries: [VideoPacketEntry] = []
        var missingDts = false
        let packet = Packet()
        while true {
            do {
                guard try ffmpeg(input.read(into: packet)) else { break }
            } catch {
                readError = error
                break
            }
            defer { packet.unref() }
            guard packet.streamIndex == index else { continue }
            guard let pts = packet.pts else {
                throw .unsupported(path: input.path, reason: "video packet \(entries.count) has no timestamp")
            }
            missingDts = missingDts || packet.dts == nil
            facts?.note(packet.bytes, units: idr)
            if entries.isEmpty { firstPacket = packet.bytes }
            entries.append(VideoPacketEntry(pts: pts, dts: packet.dts ?? pts, duration: packet.duration,
                                            isKeyframe: packet.isKeyframe, isDiscarded: packet.isDiscarded,
                                            isIDR: packet.isKeyframe && idr.isIDR(packet.bytes)))
        }
        if missingDts {
            for (i, dts) in Self.decodeTimes(presentationTimes: entries.map(\.pts)).enumerated() { entries[i].dts = dts }
        }
        return entries
    }
}
