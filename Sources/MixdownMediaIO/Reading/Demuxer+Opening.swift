internal import MixdownFFmpeg
internal import MixdownSystem

extension Demuxer {
    /// Opens `path` and reads enough of it to know its streams: the one place
    /// inputs are opened.
    ///
    /// `audioOnly` leaves the video streams out of that analysis for containers
    /// whose headers already give every stream's timing (MP4/MOV): FFmpeg would
    /// otherwise decode video frames just to describe them (time and memory an
    /// audio reader never needs), and their packets are skipped when reading.
    ///
    /// Only files that can be read again and again are opened: a named pipe, a
    /// socket or a character device (and FFmpeg's protocols, `pipe:0` or a URL,
    /// which name no file) is refused before FFmpeg touches it, since opening a
    /// pipe waits for a writer, and a render reads its media more than once.
    ///
    /// Without `analysing`, FFmpeg's analysis is skipped: the header's facts only,
    /// for a reader that knows the rest from an earlier opening (`AudioFacts`).
    ///
    /// - Throws: `missingInput` when `path` names no file, or one that is not
    ///   seekable; `unreadableMedia` (see `init(path:)` and `findStreamInfo()`).
    static func open(path: String, audioOnly: Bool = false, analysing: Bool = true) throws(MediaIOError) -> Demuxer {
        _ = try snapshot(of: path)
        let input = try ffmpeg(Demuxer(path: path))
        if input.format.reprobesPCM {
            // FFmpeg re-probes 16-bit PCM in WAV for hidden MP3/DTS by running every
            // demuxer's probe over up to 32 packets (128 KB), which cost more than the
            // rest of opening a voice-over take. The first packet is still probed.
            input.probeSize = 32
        }
        if audioOnly, input.format.hasExactStreamDurations {
            var hasVideo = false
            for i in 0..<input.streamCount where input.kind(ofStream: i) == .video {
                input.discard(stream: i)
                hasVideo = true
            }
            if hasVideo {
                // The demuxer seeks to each audio sample, and buffered avio reads through
                // the video frames in between (a seek shorter than its 32 KB buffer plus
                // read-ahead threshold becomes a read): the whole file for its audio.
                // Direct mode makes each packet one read(2) after a real seek. Set once
                // the header is parsed, where buffered small reads still pay.
                input.readDirectly()
            }
        }
        if analysing { try ffmpeg(input.findStreamInfo()) }
        return input
    }

    /// Opens the image at `path` (PNG, JPEG, WebP, GIF, APNG: whatever FFmpeg's
    /// image demuxers read) and reads enough of it to know its stream; the other
    /// place inputs are opened, with the same refusals as `open(path:audioOnly:analysing:)`.
    ///
    /// The name is the file's, never a pattern of numbered files (`pattern_type
    /// none`): `logo%d.png` is one image.
    ///
    /// - Throws: `missingInput` when `path` names no file, or one that is not
    ///   seekable; `unreadableMedia` when FFmpeg cannot read it, or reads a
    ///   movie or a sound rather than an image.
    static func openImage(path: String) throws(MediaIOError) -> Demuxer {
        _ = try snapshot(of: path)
        let input = try ffmpeg(Demuxer(path: path, options: ["pattern_type": "none"]))
        guard input.format.holdsImages else {
            throw .unreadableMedia(path: path, reason: "\(input.format.displayName) media, not an image (an image overlay is a PNG, JPEG, WebP or GIF file)")
        }
        try ffmpeg(input.findStreamInfo())
        return input
    }

    /// The file `path` names, if media can be read from it.
    ///
    /// - Throws: `missingInput` when `path` names no file, or one that is not
    ///   seekable (a named pipe, a socket, a character device).
    static func snapshot(of path: String) throws(MediaIOError) -> FileSnapshot {
        let snapshot: FileSnapshot
        do { snapshot = try FileSnapshot(path: path) } catch { throw .missingInput(path: path, reason: error.message) }
        guard snapshot.kind.isSeekable else {
            throw .missingInput(path: path, reason: "\(snapshot.kind.description) is not a media file Mixdown can read: media is read more than once, with seeks, so it must be a regular file")
        }
        return snapshot
    }

    /// Back to the first packet of every stream not discarded.
    ///
    /// - Throws: `decodeFailed` when the container cannot seek to its start.
    func rewind() throws(MediaIOError) {
        // No stream in particular: seeking one MP4 stream to the earliest time can land
        // on its last packet (FFmpeg 5.1, edit lists that start before 0), and a stream
        // discarded until now keeps a stale position when seeking by another one.
        if seek(stream: -1, to: .min, backward: true).isSuccess { return }
        // Raw streams without an index (MP3, ADTS) seek by the stream they read.
        for i in 0..<streamCount where isRead(stream: i) {
            if seek(stream: i, to: .min, backward: true).isSuccess { return }
        }
        let any = seek(minimum: .min, target: 0, maximum: 0)
        if !any.isSuccess { throw .decodeFailed(path: path, reason: "cannot seek: \(any.message)") }
    }
}
