public import MixdownComposition
internal import MixdownFFmpeg

extension MediaFile {
    /// Scans the file's video packets, as `VideoClipInfo(path:)` does; its format's
    /// pixel format is unknown unless the file was opened `analysingVideo`.
    ///
    /// - Throws: as `VideoClipInfo(path:)`.
    public func videoClipInfo() throws(MediaIOError) -> VideoClipInfo {
        // Cover art (an MP3's or FLAC's picture) is one still image, not video.
        guard let index = input.bestStream(.video), !input.isAttachedPicture(stream: index) else {
            throw .noStream(path: path, kind: "video")
        }
        try startOver(reading: [index])
        return try VideoClipInfo(scanning: input)
    }
}
